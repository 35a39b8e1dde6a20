/** GET /business-info (public) and PUT /business-info (admin), docs/spec.md §7. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../../domain/messages';
import { businessInfoBody } from '../../../domain/schemas/business';
import { ok } from '../../http/envelope';
import { getBusinessInfo, updateBusinessInfo } from './service';

const businessInfoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/business-info', { schema: { tags: ['negocio'], summary: 'Información del negocio (pública)' } }, async () =>
    ok(getBusinessInfo(app.db, app.config.timeZone)),
  );

  app.put(
    '/business-info',
    { onRequest: [app.requireAdmin], schema: { tags: ['negocio'], summary: 'Reemplaza la información del negocio', security: [{ bearerAuth: [] }], body: businessInfoBody } },
    async (req) => ok(updateBusinessInfo(app.db, req.body, app.config.timeZone), MSG.businessInfoUpdated),
  );
};

export default businessInfoRoutes;
