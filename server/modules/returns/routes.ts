/**
 * POST /sales/:id/cancel, POST /sales/:id/returns (admin) and GET /sales/:id/returns (domain/schemas/returns.ts).
 * Registered by the invoices plugin (invoices/routes.ts) so they share its ARCA runtime and its one issuer
 * (issuance is serialised per book in that instance). Sellers neither cancel nor return: money goes back
 * to a customer and a fiscal credit note is issued, which the owner decides.
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
import { cancelSale, createReturn, saleReturns } from './service';

const returnsRoutes: FastifyPluginAsyncZod<{ issuer: InvoiceIssuer; runtime: ArcaRuntime }> = async (app, opts) => {
  const ctx = { ...salesContext(app), issuer: opts.issuer, runtime: opts.runtime };
  const tags = ['ventas'];
  const security = [{ bearerAuth: [] }];
  const noteMessage = (note: { status: string } | null, plain: string, issued: string, pending: string) => (note === null ? plain : note.status === 'autorizada' ? issued : pending);

  app.post(pathOf(api.cancel.key), { onRequest: [app.requireAdmin], schema: schemaOf(api.cancel, { tags, security, summary: 'Cancela una venta (y emite su nota de crédito si estaba facturada)' }) }, async (req) => {
    const { sale, creditNote } = await cancelSale(ctx, req.params.id, req.user.id);
    return ok(sale, noteMessage(creditNote, MSG.saleCancelled, MSG.saleCancelledWithNote, MSG.saleCancelledNotePending));
  });

  app.post(pathOf(api.create.key), { onRequest: [app.requireAdmin], schema: schemaOf(api.create, { tags, security, summary: 'Registra una devolución parcial (y su nota de crédito)' }) }, async (req, reply) => {
    const { created, ret } = await createReturn(ctx, req.params.id, req.body, req.user.id);
    return reply.status(created ? 201 : 200).send(ok(ret, noteMessage(ret.creditNote, MSG.saleReturnRecorded, MSG.saleReturnWithNote, MSG.saleReturnNotePending)));
  });

  app.get(pathOf(api.list.key), { onRequest: [app.authenticate], schema: schemaOf(api.list, { tags, security, summary: 'Devoluciones y notas de crédito de una venta' }) }, async (req) => ok(await saleReturns(ctx, req.params.id)));
};

export default returnsRoutes;
