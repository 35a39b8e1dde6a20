/**
 * /payments/orders (issue #34): the counter charges by QR or Point and reads the attempt's status (the
 * browser polls this server, never Mercado Pago; the poller job and signed webhooks move it), or cancels
 * it. The device must present its credential: its configured caja and terminal are used, never the
 * browser's, and only that device reads or cancels the attempt. /payments/counters: an admin sets up each device's store, caja (POS) and Point terminal.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pathOf } from '../../../domain/api/endpoint';
import { paymentOrdersApi as api } from '../../../domain/api/payment-orders';
import { schemaOf } from '../../http/endpoint-schema';
import { ok } from '../../http/envelope';
import { deviceHooks } from '../sync/device-auth';
import { createCountersService } from './counters-service';
import type { OrdersService } from './orders-service';
import type { PaymentsContext } from './service';

const orderRoutes: FastifyPluginAsyncZod<{ ctx: PaymentsContext; orders: OrdersService }> = async (app, { ctx, orders }) => {
  const { requireDevice } = deviceHooks(app);
  const counters = createCountersService(ctx);
  const tags = ['pagos'];
  const security = [{ bearerAuth: [] }];
  const device = 'Credencial del dispositivo en las cabeceras x-device-id y x-device-key: su caja y su terminal son los que se usan.';

  app.post(
    pathOf(api.create.key),
    { onRequest: [app.authenticate, requireDevice], config: { access: 'device' }, schema: schemaOf(api.create, { tags, security, summary: 'Cobra una venta con QR o Point de Mercado Pago', description: device }) },
    async (req, reply) => {
      const { created, attempt } = await orders.create(req.body, req.user.id, req.device!.id);
      return reply.status(created ? 201 : 200).send(ok(attempt));
    },
  );

  app.get(
    pathOf(api.status.key),
    { onRequest: [app.authenticate, requireDevice], config: { access: 'device' }, schema: schemaOf(api.status, { tags, security, summary: 'Estado de un cobro con QR o Point', description: device }) },
    async (req) => ok(await orders.status(req.params.id, req.device!.id)),
  );

  app.post(
    pathOf(api.cancel.key),
    { onRequest: [app.authenticate, requireDevice], config: { access: 'device' }, schema: schemaOf(api.cancel, { tags, security, summary: 'Cancela un cobro con QR o Point', description: device }) },
    async (req) => ok(await orders.cancel(req.params.id, req.device!.id)),
  );

  app.post(
    pathOf(api.leave.key),
    {
      onRequest: [app.authenticate, requireDevice],
      config: { access: 'device' },
      schema: schemaOf(api.leave, { tags, security, summary: 'Cancela un cobro que el cajero dejó sin conexión (o marca la venta si se pagó)', description: device }),
    },
    async (req) => ok(await orders.leave(req.params.id, req.device!.id)),
  );

  app.get(pathOf(api.counters.key), { onRequest: [app.requireAdmin], schema: schemaOf(api.counters, { tags, security, summary: 'Cajas de Mercado Pago de cada dispositivo' }) }, async () =>
    ok(await counters.list()),
  );

  app.get(pathOf(api.stores.key), { onRequest: [app.requireAdmin], schema: schemaOf(api.stores, { tags, security, summary: 'Sucursales de la cuenta de Mercado Pago' }) }, async () =>
    ok(await counters.stores()),
  );

  app.put(pathOf(api.setup.key), { onRequest: [app.requireAdmin], schema: schemaOf(api.setup, { tags, security, summary: 'Crea o elige la sucursal y la caja de un dispositivo' }) }, async (req) =>
    ok(await counters.setup(req.params.deviceId, req.body), 'Caja de Mercado Pago guardada'),
  );

  app.get(pathOf(api.terminals.key), { onRequest: [app.requireAdmin], schema: schemaOf(api.terminals, { tags, security, summary: 'Terminales Point de la caja de un dispositivo' }) }, async (req) =>
    ok(await counters.terminals(req.params.deviceId)),
  );
};

export default orderRoutes;
