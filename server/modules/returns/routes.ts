/**
 * POST /sales/:id/cancel (admin), POST /sales/:id/returns (signed-in) and GET /sales/:id/returns
 * (domain/schemas/returns.ts). Registered by the invoices plugin (invoices/routes.ts) so they share its ARCA
 * runtime and its one issuer (issuance is serialised per book in that instance). Sellers do not cancel; they
 * take returns at the counter only within the rules the owner sets (rules.ts, checked by the service in the
 * return's transaction: 403 with the reason otherwise). The rules' entries are created here at start.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pathOf } from '../../../domain/api/endpoint';
import { returnsApi as api } from '../../../domain/api/returns';
import { MSG } from '../../../domain/messages';
import { schemaOf } from '../../http/endpoint-schema';
import { ok } from '../../http/envelope';
import type { InvoiceIssuer } from '../invoices/issuer';
import type { ArcaRuntime } from '../invoices/runtime';
import { salesContext } from '../sales/routes';
import { ensureReturnRules } from './rules';
import { cancelSale, createReturn, saleReturns } from './service';

const returnsRoutes: FastifyPluginAsyncZod<{ issuer: InvoiceIssuer; runtime: ArcaRuntime }> = async (app, opts) => {
  const ctx = { ...salesContext(app), store: app.store, issuer: opts.issuer, runtime: opts.runtime };
  const tags = ['ventas'];
  const security = [{ bearerAuth: [] }];
  await ensureReturnRules(app.store);
  const noteMessage = (note: { status: string } | null, plain: string, issued: string, pending: string) => (note === null ? plain : note.status === 'autorizada' ? issued : pending);

  app.post(pathOf(api.cancel.key), { onRequest: [app.requireAdmin], schema: schemaOf(api.cancel, { tags, security, summary: 'Cancela una venta (y emite su nota de crédito si estaba facturada)' }) }, async (req) => {
    const { sale, creditNote } = await cancelSale(ctx, req.params.id, req.user.id);
    return ok(sale, noteMessage(creditNote, MSG.saleCancelled, MSG.saleCancelledWithNote, MSG.saleCancelledNotePending));
  });

  const summary = 'Registra una devolución parcial (y su nota de crédito); un vendedor, dentro de las reglas del dueño';
  app.post(pathOf(api.create.key), { onRequest: [app.authenticate], schema: schemaOf(api.create, { tags, security, summary }) }, async (req, reply) => {
    const { created, ret } = await createReturn(ctx, req.params.id, req.body, req.user);
    return reply.status(created ? 201 : 200).send(ok(ret, noteMessage(ret.creditNote, MSG.saleReturnRecorded, MSG.saleReturnWithNote, MSG.saleReturnNotePending)));
  });

  app.get(pathOf(api.list.key), { onRequest: [app.authenticate], schema: schemaOf(api.list, { tags, security, summary: 'Devoluciones y notas de crédito de una venta' }) }, async (req) => ok(await saleReturns(ctx, req.params.id)));
};

export default returnsRoutes;
