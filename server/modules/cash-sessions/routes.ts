/**
 * POST /sync/cash (the device credential, like /sync/push): a device's cash-session events, exactly once.
 * GET /cash-sessions and GET /cash-sessions/:id (admin): the back office's "Cajas"; POST
 * /cash-sessions/:id/force-close (admin): closes, count unknown, the session a lost device left open.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cashApi as api } from '../../../domain/api/cash';
import { pathOf } from '../../../domain/api/endpoint';
import { schemaOf } from '../../http/endpoint-schema';
import { ok } from '../../http/envelope';
import { salesContext } from '../sales/routes';
import { deviceHooks } from '../sync/device-auth';
import { CASH_MSG } from '../../../domain/cash-messages';
import { forceCloseCashSession, pushCashEvents } from './ingest-service';
import { cashSessionById, ensureCashSetting, getCashSession, listCashSessions } from './service';

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
    async (req) => ok(await pushCashEvents(ctx, req.body, req.device!, req.pusher ?? null)),
  );

  const tags = ['cajas'];
  const security = [{ bearerAuth: [] }];
  app.get(pathOf(api.list.key), { onRequest: [app.requireAdmin], schema: schemaOf(api.list, { tags, security, summary: 'Cajas (sesiones de caja)' }) }, async (req) =>
    ok(await listCashSessions(ctx, req.query)),
  );
  app.get(pathOf(api.get.key), { onRequest: [app.requireAdmin], schema: schemaOf(api.get, { tags, security, summary: 'Una caja con su informe, ventas y movimientos' }) }, async (req) =>
    ok(await getCashSession(ctx, req.params.id)),
  );
  app.post(pathOf(api.forceClose.key), { onRequest: [app.requireAdmin], schema: schemaOf(api.forceClose, { tags, security, summary: 'Cierra sin arqueo la caja que dejó abierta un dispositivo' }) }, async (req) => {
    await forceCloseCashSession(app.store, req.params.id, req.user);
    return ok(await cashSessionById(ctx, req.params.id), CASH_MSG.forceClosed);
  });
};

export default cashSessionsRoutes;
