/** Contact (docs/spec.md §7): the public form (rate limited per IP) and the admin's back office. */
import { idParam, z } from '../schemas/common';
import { contactBody, contactListQuery, contactMessageDto, contactReceivedDto, contactStatsDto, contactUpdateBody } from '../schemas/contact';
import { endpoint, noData } from './endpoint';

export const contactApi = {
  send: endpoint('POST /contact', { body: contactBody, reply: contactReceivedDto, status: 201 }),
  list: endpoint('GET /contact/list', { query: contactListQuery, reply: z.array(contactMessageDto), paginated: true }),
  stats: endpoint('GET /contact/stats', { reply: contactStatsDto }),
  get: endpoint('GET /contact/:id', { params: idParam, reply: contactMessageDto }),
  update: endpoint('PUT /contact/:id', { params: idParam, body: contactUpdateBody, reply: contactMessageDto }),
  remove: endpoint('DELETE /contact/:id', { params: idParam, reply: noData }),
};
