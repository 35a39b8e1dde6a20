/**
 * GET/PUT /printing/devices/:id (admin: a device's printer), GET /printing/settings and POST /printing/print
 * (the device credential; printing also needs a signed-in, active user on that device).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pathOf } from '../../../domain/api/endpoint';
import { printingApi as api } from '../../../domain/api/printing';
import { MSG } from '../../../domain/messages';
import { schemaOf } from '../../http/endpoint-schema';
import { ok } from '../../http/envelope';
import { deviceHooks } from '../sync/device-auth';
import { devicePrinterSettings, parsePrinterSettings, printOnDevicePrinter, setDevicePrinterSettings } from './service';

const printingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['impresión'];
  const security = [{ bearerAuth: [] }];
  const description = 'Credencial del dispositivo en las cabeceras x-device-id y x-device-key.';
  const { requireDevice } = deviceHooks(app);

  app.get(pathOf(api.deviceSettings.key), { onRequest: [app.requireAdmin], schema: schemaOf(api.deviceSettings, { tags, security, summary: 'Impresora de un dispositivo' }) }, async (req) =>
    ok(await devicePrinterSettings(app.store, req.params.id)),
  );

  app.put(pathOf(api.setDeviceSettings.key), { onRequest: [app.requireAdmin], schema: schemaOf(api.setDeviceSettings, { tags, security, summary: 'Configura la impresora de un dispositivo' }) }, async (req) =>
    ok(await setDevicePrinterSettings(app.store, req.params.id, req.body), MSG.printerSaved),
  );

  app.get(pathOf(api.mine.key), { onRequest: [requireDevice], config: { access: 'device' }, schema: schemaOf(api.mine, { tags, description, summary: 'La impresora de este dispositivo' }) }, async (req) =>
    ok(parsePrinterSettings(req.device!.printerSettings)),
  );

  app.post(pathOf(api.print.key), { onRequest: [requireDevice], config: { access: 'device' }, bodyLimit: 512 * 1024, schema: schemaOf(api.print, { tags, description, summary: 'Imprime en la impresora de red de este dispositivo' }) }, async (req, reply) => {
    if (!req.pusher) return reply.status(401).send({ success: false, message: MSG.printerSignInRequired });
    const bytes = Buffer.from(req.body.data, 'base64');
    await printOnDevicePrinter(parsePrinterSettings(req.device!.printerSettings), bytes, app.config.printerTimeoutMs, (error) => req.log.warn({ err: error, device: req.device!.id }, 'printer unreachable'));
    return ok({ printed: true as const, bytes: bytes.length });
  });
};

export default printingRoutes;
