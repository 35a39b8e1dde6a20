/**
 * /receipts/channels, POST /sales/:id/receipt-link and /sales/:id/receipt-email (issue #35 item 4): every
 * signed-in user, sellers too, sends a sale's ticket or invoice as a link to its PDF. The public page that
 * serves the PDF (GET /r/:token) is public-routes.ts, outside /api.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pathOf } from '../../../domain/api/endpoint';
import { receiptsApi as api } from '../../../domain/api/receipts';
import { schemaOf } from '../../http/endpoint-schema';
import { ok } from '../../http/envelope';
import { salesContext } from '../sales/routes';
import { SmtpError } from './mailer';
import { createReceiptLink, emailReceipt, receiptChannels, type ReceiptsContext } from './service';

export const receiptsContext = (app: Parameters<typeof salesContext>[0]): ReceiptsContext => ({
  store: app.store,
  timeZone: app.config.timeZone,
  config: app.config.receipts,
  sales: salesContext(app),
});

/** Where the staff reached this server: the link's origin when PUBLIC_URL is not set. */
const originOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

const receiptsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = receiptsContext(app);
  const signedIn = { onRequest: [app.authenticate] };
  const tags = ['comprobantes'];
  const security = [{ bearerAuth: [] }];

  app.get(pathOf(api.channels.key), { ...signedIn, schema: schemaOf(api.channels, { tags, security, summary: 'Por dónde se puede enviar un comprobante (WhatsApp; e-mail si hay SMTP)' }) }, async () =>
    ok(receiptChannels(ctx)),
  );

  app.post(pathOf(api.link.key), { ...signedIn, schema: schemaOf(api.link, { tags, security, summary: 'Crea un enlace al PDF del ticket o la factura de una venta (vence)' }) }, async (req, reply) =>
    reply.status(201).send(ok(await createReceiptLink(ctx, req.params.id, req.body.kind, req.user, originOf(req)), 'Enlace al comprobante creado')),
  );

  app.post(pathOf(api.email.key), { ...signedIn, schema: schemaOf(api.email, { tags, security, summary: 'Envía por e-mail el enlace al comprobante de una venta' }) }, async (req) => {
    try {
      const sent = await emailReceipt(ctx, req.params.id, req.body, req.user, originOf(req));
      return ok(sent, `Comprobante enviado a ${sent.to}`);
    } catch (error) {
      if (error instanceof SmtpError) req.log.warn({ smtp: error.detail }, 'comprobante por e-mail: el servidor de correo falló');
      throw error;
    }
  });
};

export default receiptsRoutes;
