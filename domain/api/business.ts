/** Business info (docs/spec.md §7): read publicly, replaced as a whole by the admin. */
import { businessInfoBody, businessInfoDto } from '../schemas/business';
import { endpoint } from './endpoint';

export const businessApi = {
  get: endpoint('GET /business-info', { reply: businessInfoDto }),
  update: endpoint('PUT /business-info', { body: businessInfoBody, reply: businessInfoDto }),
};
