/** GET /business-info (public) and PUT /business-info (admin), docs/spec.md §7; described in domain/api/business.ts. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { businessApi as api } from '../../../domain/api/business';
import { pathOf } from '../../../domain/api/endpoint';
import { MSG } from '../../../domain/messages';
import { schemaOf } from '../../http/endpoint-schema';
import { ok } from '../../http/envelope';
import { getBusinessInfo, updateBusinessInfo } from './service';

const businessInfoRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['negocio'];
  app.get(pathOf(api.get.key), { schema: schemaOf(api.get, { tags, summary: 'Información del negocio (pública)' }) }, async () =>
    ok(await getBusinessInfo(app.store, app.config.timeZone)),
  );

  app.put(
    pathOf(api.update.key),
    { onRequest: [app.requireAdmin], schema: schemaOf(api.update, { tags, summary: 'Reemplaza la información del negocio', security: [{ bearerAuth: [] }] }) },
    async (req) => ok(await updateBusinessInfo(app.store, req.body, app.config.timeZone, app.config.arca), MSG.businessInfoUpdated),
  );
};

export default businessInfoRoutes;
