/**
 * POST /sync/devices/register (a signed-in user, once per device), POST /sync/push and GET /sync/pull
 * (the device credential; a session alongside is optional), GET /sync/devices and PUT
 * /sync/devices/:id/caea-pto-vta (admin).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../../domain/messages';
import { deviceCaeaBody, deviceIdParam, pullQuery, pushBody, registerDeviceBody } from '../../../domain/schemas/sync';
import { ok } from '../../http/envelope';
import { salesContext } from '../sales/context';
import { deviceHooks } from './device-auth';
import { deviceCaea } from '../invoices/caea-service';
import { listDevices, registerDevice, setDeviceCaeaPtoVta, touchDevice } from './devices-service';
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
    // The pulling device's CAEA (issue #11): its own point of sale and the valid CAEAs, for offline invoices.
    return ok({ ...pullChanges(app.db, req.query), caea: req.device ? deviceCaea(app.db, app.arca.runtime.effective(), req.device) : null });
  });

  app.get('/sync/devices', { onRequest: [app.requireAdmin], schema: { tags } }, async () => ok(listDevices(app.db)));

  app.put('/sync/devices/:id/caea-pto-vta', { onRequest: [app.requireAdmin], schema: { tags, params: deviceIdParam, body: deviceCaeaBody } }, async (req) => {
    const eff = app.arca.runtime.effective();
    return ok(setDeviceCaeaPtoVta(app.db, req.params.id, req.body.caeaPtoVta, { ptoVta: eff.ptoVta, caeaPtoVta: eff.caeaPtoVta }), MSG.deviceCaeaUpdated);
  });
};

export default syncRoutes;
