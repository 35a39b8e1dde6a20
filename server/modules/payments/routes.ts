/**
 * /payments (docs/spec.md §7): preference, sale, status/{saleId}, confirm/{saleId} for signed-in staff;
 * availability for the POS; settings for admins; and the public webhook and return-page check
 * (public-routes.ts). Starts the in-process simulator for the demo (no credentials, demo data on) and
 * the reconciliation timer; both stop when the app closes.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pathOf } from '../../../domain/api/endpoint';
import { paymentsApi as api } from '../../../domain/api/payments';
import { MSG } from '../../../domain/messages';
import { schemaOf } from '../../http/endpoint-schema';
import { ok } from '../../http/envelope';
import { salesContext } from '../sales/routes';
import { pollerJob } from './poller';
import orderRoutes from './orders-routes';
import { createOrdersService } from './orders-service';
import publicPaymentRoutes from './public-routes';
import { createReconciler } from './reconcile';
import { paymentsRepository } from './repository';
import { resolveRuntime, type SimulatorHandle } from './runtime';
import { createPaymentSale, createPreference, providerFailure, type PaymentsContext } from './service';
import { saveSettings, settingsJson } from './settings-service';
import { attemptOfSale, paymentStatusJson } from './status';

async function demoSimulator(app: Parameters<FastifyPluginAsyncZod>[0]): Promise<SimulatorHandle | undefined> {
  const env = app.config.mercadoPago;
  if (!app.config.demoData || env.accessToken || (await app.store.read((q) => paymentsRepository.settings(q)))?.accessToken) return undefined;
  const handle = { accessToken: `TEST-simulador-${randomBytes(8).toString('hex')}`, webhookSecret: randomBytes(24).toString('hex') };
  // Loaded only in demo mode: a shop with credentials never imports the simulator.
  const { startMercadoPagoSimulator } = await import('../../integrations/mercadopago/simulator/server');
  const simulator = await startMercadoPagoSimulator(handle);
  app.addHook('onClose', () => simulator.close());
  return { ...handle, url: simulator.url };
}

const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const env = app.config.mercadoPago;
  const simulator = await demoSimulator(app);
  const ctx: PaymentsContext = { ...salesContext(app), store: app.store, env, runtime: () => resolveRuntime(app.store, env, simulator) };
  const reconciler = createReconciler(ctx);
  const logFailure = (error: unknown) => app.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'Mercado Pago: verificación fallida');
  app.jobs.add(pollerJob(reconciler, env.pollIntervalMs, logFailure));
  const orders = createOrdersService(ctx);
  // In-person orders (QR, Point): asked about every few seconds while one is open (a shop behind NAT gets no webhooks).
  app.jobs.add({ name: 'mercadopago-ordenes', everyMs: env.ordersPollIntervalMs, leaderOnly: true, firstDelayMs: env.ordersPollIntervalMs, run: async () => void (await orders.pollOpen(logFailure)) });

  const signedIn = { onRequest: [app.authenticate] };
  const admin = { onRequest: [app.requireAdmin] };
  const tags = ['pagos'];
  const security = [{ bearerAuth: [] }];

  app.get(pathOf(api.availability.key), { ...signedIn, schema: schemaOf(api.availability, { tags, security, summary: 'Si el punto de venta puede cobrar con Mercado Pago' }) }, async () => {
    const { configured, simulated, label } = await ctx.runtime();
    return ok({ configured, simulated, label });
  });

  app.post(pathOf(api.preference.key), { ...signedIn, schema: schemaOf(api.preference, { tags, security, summary: 'Crea una preferencia de pago (precios del catálogo)' }) }, async (req, reply) => {
    const origin = `${req.protocol}://${req.host}`;
    return reply.status(201).send(ok(await createPreference(ctx, req.body, req.user.id, origin)));
  });

  app.post(pathOf(api.sale.key), { ...signedIn, schema: schemaOf(api.sale, { tags, security, summary: 'Registra la venta pendiente de una preferencia' }) }, async (req, reply) => {
    const { created, sale } = await createPaymentSale(ctx, req.body, req.user.id);
    return reply.status(created ? 201 : 200).send(ok(sale, MSG.saleRegistered));
  });

  /** The sale's payment; a pendiente one is checked with Mercado Pago first (throttled; a failure still shows what is known). */
  app.get(pathOf(api.status.key), { ...signedIn, schema: schemaOf(api.status, { tags, security, summary: 'El pago de una venta' }) }, async (req) => {
    const { row, pending } = await app.store.read(async (q) => ({
      row: await attemptOfSale(q, req.params.id),
      pending: (await paymentsRepository.saleStatus(q, req.params.id))?.paymentStatus === 'pendiente',
    }));
    if (pending && (await ctx.runtime()).configured) await reconciler.reconcile(row, 'staff').catch(logFailure);
    return ok(await app.store.read((q) => paymentStatusJson(q, req.params.id)));
  });

  /** Asks Mercado Pago now (never the caller) and answers the sale's payment as it stands after. */
  app.post(pathOf(api.confirm.key), { ...signedIn, schema: schemaOf(api.confirm, { tags, security, summary: 'Consulta el pago a Mercado Pago ahora' }) }, async (req) => {
    const row = await app.store.read((q) => attemptOfSale(q, req.params.id));
    try {
      await reconciler.reconcile(row, 'staff', true);
    } catch (error) {
      throw providerFailure(error, MSG.paymentConfirmError);
    }
    return ok(await app.store.read((q) => paymentStatusJson(q, req.params.id)));
  });

  app.get(pathOf(api.settings.key), { ...admin, schema: schemaOf(api.settings, { tags, security, summary: 'Configuración de Mercado Pago (sin secretos)' }) }, async () => ok(settingsJson(await ctx.runtime(), env)));

  app.put(pathOf(api.saveSettings.key), { ...admin, schema: schemaOf(api.saveSettings, { tags, security, summary: 'Guarda la configuración de Mercado Pago' }) }, async (req) => {
    await saveSettings(app.store, req.body);
    return ok(settingsJson(await ctx.runtime(), env), MSG.paymentSettingsSaved);
  });

  await app.register(orderRoutes, { ctx, orders });
  await app.register(publicPaymentRoutes, { ctx, reconciler, orders });
};

export default paymentsRoutes;
