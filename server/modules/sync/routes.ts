/** POST /sync/push, GET /sync/pull (signed-in POS devices) and GET /sync/devices (admin). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pullQuery, pushBody } from '../../../domain/schemas/sync';
import { ok } from '../../http/envelope';
import { salesContext } from '../sales/routes';
import { listDevices, touchDevice } from './devices-service';
import { pullChanges } from './pull-service';
import { pushSales } from './push-service';

const syncRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = salesContext(app);
  const tags = ['sincronización'];

  app.post('/sync/push', { onRequest: [app.authenticate], schema: { tags, body: pushBody } }, async (req) =>
    ok(pushSales(ctx, req.body, { userId: req.user.id, userAgent: req.headers['user-agent'] ?? null })),
  );

  app.get('/sync/pull', { onRequest: [app.authenticate], schema: { tags, querystring: pullQuery } }, async (req) => {
    if (req.query.deviceId) {
      touchDevice(app.db, {
        id: req.query.deviceId,
        name: req.query.deviceName,
        userAgent: req.headers['user-agent'] ?? null,
        userId: req.user.id,
        at: new Date().toISOString(),
        kind: 'pull',
      });
    }
    return ok(pullChanges(app.db, req.query));
  });

  app.get('/sync/devices', { onRequest: [app.requireAdmin], schema: { tags } }, async () => ok(listDevices(app.db)));
};

export default syncRoutes;
