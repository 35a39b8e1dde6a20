/**
 * /payments (docs/spec.md §7): preference, sale, status/{saleId}, confirm/{saleId} for signed-in staff;
 * availability for the POS; settings for admins; and the public webhook and return-page check
 * (public-routes.ts). Starts the in-process simulator for the demo (no credentials, demo data on) and
 * the reconciliation timer; both stop when the app closes.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../../domain/messages';
import { idParam } from '../../../domain/schemas/common';
import { paymentSaleBody, paymentSettingsBody, preferenceBody } from '../../../domain/schemas/payments';
import { ok } from '../../http/envelope';
import { startMercadoPagoSimulator } from '../../integrations/mercadopago/simulator/server';
import { salesContext } from '../sales/routes';
import { startPoller } from './poller';
import publicPaymentRoutes from './public-routes';
import { createReconciler } from './reconcile';
import { paymentsRepository } from './repository';
import { resolveRuntime, type SimulatorHandle } from './runtime';
import { createPaymentSale, createPreference, providerFailure, type PaymentsContext } from './service';
import { saveSettings, settingsJson } from './settings-service';
import { attemptOfSale, paymentStatusJson } from './status';

async function demoSimulator(app: Parameters<FastifyPluginAsyncZod>[0]): Promise<SimulatorHandle | undefined> {
  const env = app.config.mercadoPago;
  if (!app.config.demoData || env.accessToken || paymentsRepository.settings(app.db)?.accessToken) return undefined;
  const handle = { accessToken: `TEST-simulador-${randomBytes(8).toString('hex')}`, webhookSecret: randomBytes(24).toString('hex') };
  const simulator = await startMercadoPagoSimulator(handle);
  app.addHook('onClose', () => simulator.close());
  return { ...handle, url: simulator.url };
}

const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const env = app.config.mercadoPago;
  const simulator = await demoSimulator(app);
  const ctx: PaymentsContext = { ...salesContext(app), env, runtime: () => resolveRuntime(app.db, env, simulator) };
  const reconciler = createReconciler(ctx);
  const logFailure = (error: unknown) => app.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'Mercado Pago: verificación fallida');
  const poller = startPoller(reconciler, env.pollIntervalMs, logFailure);
  app.addHook('onClose', async () => poller.stop());

  const signedIn = { onRequest: [app.authenticate] };
  const admin = { onRequest: [app.requireAdmin] };
  const tags = ['pagos'];

  app.get('/payments/availability', { ...signedIn, schema: { tags } }, async () => {
    const { configured, simulated, label } = ctx.runtime();
    return ok({ configured, simulated, label });
  });

  app.post('/payments/preference', { ...signedIn, schema: { tags, body: preferenceBody } }, async (req, reply) => {
    const origin = `${req.protocol}://${req.host}`;
    return reply.status(201).send(ok(await createPreference(ctx, req.body, req.user.id, origin)));
  });

  app.post('/payments/sale', { ...signedIn, schema: { tags, body: paymentSaleBody } }, async (req, reply) => {
    const { created, sale } = createPaymentSale(ctx, req.body, req.user.id);
    return reply.status(created ? 201 : 200).send(ok(sale, MSG.saleRegistered));
  });

  /** The sale's payment; a pendiente one is checked with Mercado Pago first (throttled; a failure still shows what is known). */
  app.get('/payments/status/:id', { ...signedIn, schema: { tags, params: idParam } }, async (req) => {
    const row = attemptOfSale(app.db, req.params.id);
    if (ctx.runtime().configured && paymentsRepository.saleStatus(app.db, req.params.id)?.paymentStatus === 'pendiente') {
      await reconciler.reconcile(row, 'staff').catch(logFailure);
    }
    return ok(paymentStatusJson(app.db, req.params.id));
  });

  /** Asks Mercado Pago now (never the caller) and answers the sale's payment as it stands after. */
  app.post('/payments/confirm/:id', { ...signedIn, schema: { tags, params: idParam } }, async (req) => {
    const row = attemptOfSale(app.db, req.params.id);
    try {
      await reconciler.reconcile(row, 'staff', true);
    } catch (error) {
      throw providerFailure(error, MSG.paymentConfirmError);
    }
    return ok(paymentStatusJson(app.db, req.params.id));
  });

  app.get('/payments/settings', { ...admin, schema: { tags } }, async () => ok(settingsJson(ctx.runtime(), env)));

  app.put('/payments/settings', { ...admin, schema: { tags, body: paymentSettingsBody } }, async (req) => {
    saveSettings(app.db, req.body);
    return ok(settingsJson(ctx.runtime(), env), MSG.paymentSettingsSaved);
  });

  await app.register(publicPaymentRoutes, { ctx, reconciler });
};

export default paymentsRoutes;
