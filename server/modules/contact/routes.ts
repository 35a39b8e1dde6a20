/** POST /contact (public, rate limited per IP) and the admin's /contact/* back office (docs/spec.md §7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../../domain/messages';
import { idParam } from '../../../domain/schemas/common';
import { contactBody, contactListQuery, contactUpdateBody } from '../../../domain/schemas/contact';
import { ok, paginated } from '../../http/envelope';
import {
  contactStats,
  createContactMessage,
  deleteContactMessage,
  getContactMessage,
  listContactMessages,
  updateContactMessage,
} from './service';

const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['contacto'];
  const security = [{ bearerAuth: [] }];
  const admin = { onRequest: [app.requireAdmin] };

  app.post(
    '/contact',
    { config: { rateLimit: app.publicRateLimit }, schema: { tags, summary: 'Envía un mensaje o consulta (público)', body: contactBody } },
    async (req, reply) => reply.status(201).send(ok(createContactMessage(app.db, req.body, req.ip), MSG.contactThanks)),
  );

  app.get('/contact/list', { ...admin, schema: { tags, security, summary: 'Mensajes recibidos', querystring: contactListQuery } }, async (req) => {
    const { items, total } = listContactMessages(app.db, req.query, app.config.timeZone);
    return paginated(items, req.query.page, req.query.limit, total);
  });

  app.get('/contact/stats', { ...admin, schema: { tags, security, summary: 'Estadísticas de mensajes' } }, async () =>
    ok(contactStats(app.db, new Date(), app.config.timeZone)),
  );

  app.get('/contact/:id', { ...admin, schema: { tags, security, summary: 'Un mensaje', params: idParam } }, async (req) =>
    ok(getContactMessage(app.db, req.params.id)),
  );

  app.put('/contact/:id', { ...admin, schema: { tags, security, summary: 'Cambia estado o notas', params: idParam, body: contactUpdateBody } }, async (req) =>
    ok(updateContactMessage(app.db, req.params.id, req.body, req.user.id), MSG.statusUpdated),
  );

  app.delete('/contact/:id', { ...admin, schema: { tags, security, summary: 'Elimina un mensaje', params: idParam } }, async (req) => {
    deleteContactMessage(app.db, req.params.id);
    return { success: true, message: MSG.messageDeleted };
  });
};

export default contactRoutes;
