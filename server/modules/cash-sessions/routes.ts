/**
 * POST /sync/cash (the device credential, like /sync/push): a device's cash-session events, exactly once.
 * GET /cash-sessions and GET /cash-sessions/:id (admin): the back office's "Cajas".
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cashApi as api } from '../../../domain/api/cash';
import { pathOf } from '../../../domain/api/endpoint';
import { schemaOf } from '../../http/endpoint-schema';
import { ok } from '../../http/envelope';
import { salesContext } from '../sales/routes';
import { deviceHooks } from '../sync/device-auth';
import { pushCashEvents } from './ingest-service';
import { ensureCashSetting, getCashSession, listCashSessions } from './service';

const cashSessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = salesContext(app);
  const { requireDevice } = deviceHooks(app);
  await ensureCashSetting(app.store);

  app.post(
    pathOf(api.push.key),
    {
      onRequest: [requireDevice],
      config: { access: 'device' },
      schema: schemaOf(api.push, {
        tags: ['sincronización'],
        summary: 'Envía los eventos de caja del dispositivo',
        description: 'Credencial del dispositivo en las cabeceras x-device-id y x-device-key.',
      }),
    },
    async (req) => ok(await pushCashEvents(ctx, req.body, req.device!)),
  );

  const tags = ['cajas'];
  const security = [{ bearerAuth: [] }];
  app.get(pathOf(api.list.key), { onRequest: [app.requireAdmin], schema: schemaOf(api.list, { tags, security, summary: 'Cajas (sesiones de caja)' }) }, async (req) =>
    ok(await listCashSessions(ctx, req.query)),
  );
  app.get(pathOf(api.get.key), { onRequest: [app.requireAdmin], schema: schemaOf(api.get, { tags, security, summary: 'Una caja con su informe, ventas y movimientos' }) }, async (req) =>
    ok(await getCashSession(ctx, req.params.id)),
  );
};

export default cashSessionsRoutes;
