/**
 * POST /sync/cash (the device credential, like /sync/push): a device's cash-session events, exactly once.
 * GET /cash-sessions and GET /cash-sessions/:id (admin): the back office's "Cajas".
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '../../../domain/schemas/common';
import { cashListQuery, cashPushBody } from '../../../domain/schemas/cash';
import { ok } from '../../http/envelope';
import { salesContext } from '../sales/routes';
import { deviceHooks } from '../sync/device-auth';
import { pushCashEvents } from './ingest-service';
import { ensureCashSetting, getCashSession, listCashSessions } from './service';

const cashSessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = salesContext(app);
  const { requireDevice } = deviceHooks(app);
  ensureCashSetting(app.db);

  app.post('/sync/cash', { onRequest: [requireDevice], config: { access: 'device' }, schema: { tags: ['sincronización'], body: cashPushBody } }, async (req) =>
    ok(pushCashEvents(ctx, req.body, req.device!)),
  );

  const tags = ['cajas'];
  app.get('/cash-sessions', { onRequest: [app.requireAdmin], schema: { tags, querystring: cashListQuery } }, async (req) => ok(listCashSessions(ctx, req.query)));
  app.get('/cash-sessions/:id', { onRequest: [app.requireAdmin], schema: { tags, params: idParam } }, async (req) => ok(getCashSession(ctx, req.params.id)));
};

export default cashSessionsRoutes;
