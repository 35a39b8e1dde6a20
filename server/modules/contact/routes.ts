/** POST /contact (public, rate limited per IP) and the admin's /contact/* back office (docs/spec.md §7); described in domain/api/contact.ts. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactApi as api } from '../../../domain/api/contact';
import { pathOf } from '../../../domain/api/endpoint';
import { MSG } from '../../../domain/messages';
import { schemaOf } from '../../http/endpoint-schema';
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
    pathOf(api.send.key),
    { config: { rateLimit: app.publicRateLimit }, schema: schemaOf(api.send, { tags, summary: 'Envía un mensaje o consulta (público)' }) },
    async (req, reply) => reply.status(201).send(ok(await createContactMessage(app.store, req.body, req.ip), MSG.contactThanks)),
  );

  app.get(pathOf(api.list.key), { ...admin, schema: schemaOf(api.list, { tags, security, summary: 'Mensajes recibidos' }) }, async (req) => {
    const { items, total } = await listContactMessages(app.store, req.query, app.config.timeZone);
    return paginated(items, req.query.page, req.query.limit, total);
  });

  app.get(pathOf(api.stats.key), { ...admin, schema: schemaOf(api.stats, { tags, security, summary: 'Estadísticas de mensajes' }) }, async () =>
    ok(await contactStats(app.store, new Date(), app.config.timeZone)),
  );

  app.get(pathOf(api.get.key), { ...admin, schema: schemaOf(api.get, { tags, security, summary: 'Un mensaje' }) }, async (req) =>
    ok(await getContactMessage(app.store, req.params.id)),
  );

  app.put(pathOf(api.update.key), { ...admin, schema: schemaOf(api.update, { tags, security, summary: 'Cambia estado o notas' }) }, async (req) =>
    ok(await updateContactMessage(app.store, req.params.id, req.body, req.user.id), MSG.statusUpdated),
  );

  app.delete(pathOf(api.remove.key), { ...admin, schema: schemaOf(api.remove, { tags, security, summary: 'Elimina un mensaje' }) }, async (req) => {
    await deleteContactMessage(app.store, req.params.id);
    return { success: true as const, message: MSG.messageDeleted };
  });
};

export default contactRoutes;
