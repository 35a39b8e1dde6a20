/**
 * Public payment endpoints (no session):
 * - POST /payments/webhook: Mercado Pago's notifications. A signed webhook must carry a valid, fresh
 *   x-signature (else 401, nothing done); an unsigned IPN is answered 200. Neither is believed: the
 *   payment is fetched from the API and only that answer settles the sale. A failed fetch answers 502
 *   so Mercado Pago retries.
 * - POST /payments/reconcile: the return pages ask the server to check a reference. It reveals nothing
 *   (same reply for any reference), is rate-limited per IP and throttled per reference.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pathOf } from '../../../domain/api/endpoint';
import { paymentsApi as api } from '../../../domain/api/payments';
import { MSG } from '../../../domain/messages';
import { schemaOf } from '../../http/endpoint-schema';
import { MercadoPagoError } from '../../integrations/mercadopago/errors';
import { verifySignature } from '../../integrations/mercadopago/signature';
import type { OrdersService } from './orders-service';
import type { Reconciler } from './reconcile';
import type { PaymentsContext } from './service';

const PAYMENT_ID = /^\d{1,20}$/;
const ORDER_ID = /^[A-Za-z0-9]{1,64}$/;

const publicPaymentRoutes: FastifyPluginAsyncZod<{ ctx: PaymentsContext; reconciler: Reconciler; orders: OrdersService }> = async (app, { ctx, reconciler, orders }) => {
  const tags = ['pagos'];
  // IPN senders may post a form or nothing at all; the body is never trusted anyway.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.post(pathOf(api.webhook.key), { schema: schemaOf(api.webhook, { tags, summary: 'Notificaciones de Mercado Pago (webhook firmado o IPN)' }) }, async (req, reply) => {
    const runtime = await ctx.runtime();
    if (!runtime.configured) return reply.status(200).send({ success: true, message: 'ignorado' });
    const query = req.query;
    const body = (typeof req.body === 'object' && req.body ? req.body : {}) as { data?: { id?: unknown }; type?: unknown };
    const xSignature = req.headers['x-signature'];
    const signed = typeof xSignature === 'string' || query['data.id'] !== undefined;
    if (signed && runtime.webhookSecret) {
      const input = {
        xSignature: typeof xSignature === 'string' ? xSignature : undefined,
        xRequestId: typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'] : undefined,
        dataId: query['data.id'],
      };
      let verdict = verifySignature(runtime.webhookSecret, input);
      // Order ids are alphanumeric and the SDKs disagree on lower-casing them: either case is accepted.
      if (verdict === 'invalid' && input.dataId) verdict = verifySignature(runtime.webhookSecret, { ...input, dataId: input.dataId.toLowerCase() });
      if (verdict !== 'valid') return reply.status(401).send({ success: false, message: MSG.paymentSignatureInvalid });
    }
    const topic = query.type ?? query.topic ?? (typeof body.type === 'string' ? body.type : undefined);
    const id = query['data.id'] ?? query.id ?? (typeof body.data?.id === 'string' ? body.data.id : undefined);
    if (topic === 'order' && signed && id && ORDER_ID.test(id)) {
      // In-person orders: only a signed webhook is believed enough to look; the order is then fetched.
      try {
        await orders.notification(id);
      } catch (error) {
        if (error instanceof MercadoPagoError && error.kind === 'not_found') return reply.status(200).send({ success: true, message: 'ignorado' });
        return reply.status(502).send({ success: false, message: MSG.paymentStatusError });
      }
      return reply.status(200).send({ success: true });
    }
    if (topic !== 'payment' || !id || !PAYMENT_ID.test(id)) return reply.status(200).send({ success: true, message: 'ignorado' });
    try {
      await reconciler.notification(id, signed ? 'webhook' : 'ipn');
    } catch (error) {
      // A payment the API does not know is nobody's: acknowledged, nothing done.
      if (error instanceof MercadoPagoError && error.kind === 'not_found') return reply.status(200).send({ success: true, message: 'ignorado' });
      req.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'Mercado Pago: notificación no verificada');
      return reply.status(502).send({ success: false, message: MSG.paymentStatusError });
    }
    return reply.status(200).send({ success: true });
  });

  app.post(
    pathOf(api.reconcile.key),
    {
      config: { rateLimit: app.publicRateLimit && { max: Math.max(30, app.publicRateLimit.max), timeWindow: '1 minute' } },
      schema: schemaOf(api.reconcile, { tags, summary: 'Las páginas de retorno piden verificar una referencia (no revela nada)' }),
    },
    async (req, reply) => {
      if ((await ctx.runtime()).configured) {
        await reconciler.byReference(req.body.externalReference).catch((error: unknown) => {
          req.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'Mercado Pago: verificación fallida');
        });
      }
      return reply.status(202).send({ success: true, message: 'Verificación solicitada' });
    },
  );
};

export default publicPaymentRoutes;
