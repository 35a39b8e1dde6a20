/**
 * POST /sync/devices/register (a signed-in user, once per device), POST /sync/push and GET /sync/pull
 * (the device credential; a session alongside is optional), GET /sync/devices (admin).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pullQuery, pushBody, registerDeviceBody } from '../../../domain/schemas/sync';
import { ok } from '../../http/envelope';
import { salesContext } from '../sales/routes';
import { deviceHooks } from './device-auth';
import { listDevices, registerDevice, touchDevice } from './devices-service';
import { pullChanges } from './pull-service';
import { pushSales } from './push-service';

const syncRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = salesContext(app);
  const tags = ['sincronización'];
  const { requireDevice, deviceOrSession } = deviceHooks(app);
  const userAgent = (headers: { 'user-agent'?: string }) => headers['user-agent']?.slice(0, 500) ?? null;

  app.post('/sync/devices/register', { onRequest: [app.authenticate], schema: { tags, body: registerDeviceBody } }, async (req, reply) =>
    reply.status(201).send(
      ok(registerDevice(app.db, { deviceId: req.body.deviceId, deviceName: req.body.deviceName, userAgent: userAgent(req.headers), user: req.user })),
    ),
  );

  app.post('/sync/push', { onRequest: [requireDevice], config: { access: 'device' }, schema: { tags, body: pushBody } }, async (req) =>
    ok(await pushSales(ctx, app.arca, req.body, { device: req.device!, user: req.pusher ?? null, userAgent: userAgent(req.headers) })),
  );

  // A signed-in user without a device credential may read the catalogue; only a device's pull is recorded.
  app.get('/sync/pull', { onRequest: [deviceOrSession], config: { access: 'staff' }, schema: { tags, querystring: pullQuery } }, async (req) => {
    if (req.device) {
      touchDevice(app.db, { id: req.device.id, userAgent: userAgent(req.headers), userId: req.pusher?.id ?? null, at: new Date().toISOString(), kind: 'pull' });
    }
    return ok(pullChanges(app.db, req.query));
  });

  app.get('/sync/devices', { onRequest: [app.requireAdmin], schema: { tags } }, async () => ok(listDevices(app.db)));
};

export default syncRoutes;
