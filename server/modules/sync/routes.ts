/**
 * POST /sync/devices/register (a signed-in user, once per device), POST /sync/push and GET /sync/pull
 * (the device credential; a session alongside is optional), GET /sync/devices, PUT /sync/devices/:id
 * (rename), POST /sync/devices/:id/revoke, DELETE /sync/devices/:id, PUT /sync/devices/:id/caea-pto-vta
 * POST /sync/import (admin: a tablet's exported pending sales) and GET /sync/quarantine (admin).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pathOf } from '../../../domain/api/endpoint';
import { syncApi as api } from '../../../domain/api/sync';
import { LIMITS } from '../../../domain/constants';
import { MSG } from '../../../domain/messages';
import { schemaOf } from '../../http/endpoint-schema';
import { ok } from '../../http/envelope';
import { salesContext } from '../sales/context';
import { deviceHooks } from './device-auth';
import { deviceCaea } from '../invoices/caea-service';
import { listDevices, registerDevice, removeDevice, renameDevice, revokeDevice, setDeviceCaeaPtoVta, touchDevice } from './devices-service';
import { importPendingSales } from './import-service';
import { pullChanges } from './pull-service';
import { pushSales, quarantinedSales } from './push-service';

const syncRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = salesContext(app);
  const tags = ['sincronización'];
  const security = [{ bearerAuth: [] }];
  const description = 'Credencial del dispositivo en las cabeceras x-device-id y x-device-key.';
  const { requireDevice, deviceOrSession } = deviceHooks(app);
  const userAgent = (headers: { 'user-agent'?: string }) => headers['user-agent']?.slice(0, 500) ?? null;

  app.post(pathOf(api.register.key), { onRequest: [app.authenticate], schema: schemaOf(api.register, { tags, security, summary: 'Registra este dispositivo (su clave se muestra una sola vez)' }) }, async (req, reply) =>
    reply.status(201).send(
      ok(
        await registerDevice(app.store, {
          deviceId: req.body.deviceId,
          deviceName: req.body.deviceName,
          userAgent: userAgent(req.headers),
          user: req.user,
          from: req.ip,
          limited: app.config.rateLimitPerMinute > 0,
        }),
      ),
    ),
  );

  app.post(pathOf(api.push.key), { onRequest: [requireDevice], config: { access: 'device' }, schema: schemaOf(api.push, { tags, description, summary: 'Envía las ventas del dispositivo' }) }, async (req) =>
    ok(await pushSales(ctx, app.arca, req.body, { device: req.device!, user: req.pusher ?? null, userAgent: userAgent(req.headers) })),
  );

  // A signed-in user without a device credential may read the catalogue; only a device's pull is recorded.
  app.get(pathOf(api.pull.key), { onRequest: [deviceOrSession], config: { access: 'staff' }, schema: schemaOf(api.pull, { tags, security, description, summary: 'Cambios del catálogo desde un cursor, paginados' }) }, async (req) => {
    const device = req.device;
    if (device) {
      const visit = { id: device.id, userAgent: userAgent(req.headers), userId: req.pusher?.id ?? null, at: new Date().toISOString(), kind: 'pull' as const };
      await app.store.write((tx) => touchDevice(tx, visit));
    }
    // The pulling device's CAEA (issue #11): its own point of sale and the valid CAEAs, for offline invoices.
    return ok({ ...(await app.store.snapshot((q) => pullChanges(q, req.query))), caea: device ? await deviceCaea(app.store, await app.arca.runtime.effective(), device) : null, serverTime: new Date().toISOString() });
  });

  app.post(
    pathOf(api.importPending.key),
    { onRequest: [app.requireAdmin], bodyLimit: LIMITS.pendingExportMaxBytes, schema: schemaOf(api.importPending, { tags, security, summary: 'Importa el archivo de ventas pendientes de un mostrador (una sola vez cada venta)' }) },
    async (req) => {
      const reply = await importPendingSales(ctx, app.arca, req.body, req.user, userAgent(req.headers));
      return ok(reply, MSG.pendingImportDone(reply.applied, reply.duplicates, reply.rejected));
    },
  );

  app.get(pathOf(api.devices.key), { onRequest: [app.requireAdmin], schema: schemaOf(api.devices, { tags, security, summary: 'Dispositivos' }) }, async () => ok(await listDevices(app.store)));

  app.put(pathOf(api.rename.key), { onRequest: [app.requireAdmin], schema: schemaOf(api.rename, { tags, security, summary: 'Renombra un dispositivo' }) }, async (req) =>
    ok(await renameDevice(app.store, req.params.id, req.body.name), MSG.deviceRenamed),
  );

  app.post(pathOf(api.revoke.key), { onRequest: [app.requireAdmin], schema: schemaOf(api.revoke, { tags, security, summary: 'Revoca la clave de un dispositivo (una tablet perdida)' }) }, async (req) =>
    ok(await revokeDevice(app.store, req.params.id, req.user.id), MSG.deviceRevoked),
  );

  app.delete(pathOf(api.remove.key), { onRequest: [app.requireAdmin], schema: schemaOf(api.remove, { tags, security, summary: 'Elimina un dispositivo sin ventas, cajas ni envíos' }) }, async (req) => {
    await removeDevice(app.store, req.params.id);
    return { success: true as const, message: MSG.deviceRemoved };
  });

  app.get(pathOf(api.quarantine.key), { onRequest: [app.requireAdmin], schema: schemaOf(api.quarantine, { tags, security, summary: 'Ventas rechazadas de los dispositivos, con su contenido' }) }, async (req) =>
    ok(await quarantinedSales(app.store, req.query.limit)),
  );

  app.put(pathOf(api.setCaeaPtoVta.key), { onRequest: [app.requireAdmin], schema: schemaOf(api.setCaeaPtoVta, { tags, security, summary: 'Asigna el punto de venta CAEA del dispositivo' }) }, async (req) => {
    const eff = await app.arca.runtime.effective();
    return ok(await setDeviceCaeaPtoVta(app.store, req.params.id, req.body.caeaPtoVta, { ptoVta: eff.ptoVta, caeaPtoVta: eff.caeaPtoVta }), MSG.deviceCaeaUpdated);
  });
};

export default syncRoutes;
