/** Business info (docs/spec.md §7): read publicly, replaced as a whole by the admin. */
import { businessInfoBody, businessInfoReply } from '../schemas/business';
import { endpoint } from './endpoint';

export const businessApi = {
  get: endpoint('GET /business-info', { reply: businessInfoReply }),
  update: endpoint('PUT /business-info', { body: businessInfoBody, reply: businessInfoReply }),
};
