/**
 * POST /sales/:id/cancel, POST /sales/:id/returns (admin) and GET /sales/:id/returns (domain/schemas/returns.ts).
 * Registered by the invoices plugin (invoices/routes.ts) so they share its ARCA runtime and its one issuer
 * (issuance is serialised per book in that instance). Sellers neither cancel nor return: money goes back
 * to a customer and a fiscal credit note is issued, which the owner decides.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../../domain/messages';
import { idParam } from '../../../domain/schemas/common';
import { createReturnBody } from '../../../domain/schemas/returns';
import { ok } from '../../http/envelope';
import type { InvoiceIssuer } from '../invoices/issuer';
import type { ArcaRuntime } from '../invoices/runtime';
import { salesContext } from '../sales/routes';
import { cancelSale, createReturn, saleReturns } from './service';

const returnsRoutes: FastifyPluginAsyncZod<{ issuer: InvoiceIssuer; runtime: ArcaRuntime }> = async (app, opts) => {
  const ctx = { ...salesContext(app), issuer: opts.issuer, runtime: opts.runtime };
  const tags = ['ventas'];
  const noteMessage = (note: { status: string } | null, plain: string, issued: string, pending: string) => (note === null ? plain : note.status === 'autorizada' ? issued : pending);

  app.post('/sales/:id/cancel', { onRequest: [app.requireAdmin], schema: { tags, params: idParam } }, async (req) => {
    const { sale, creditNote } = await cancelSale(ctx, req.params.id, req.user.id);
    return ok(sale, noteMessage(creditNote, MSG.saleCancelled, MSG.saleCancelledWithNote, MSG.saleCancelledNotePending));
  });

  app.post('/sales/:id/returns', { onRequest: [app.requireAdmin], schema: { tags, params: idParam, body: createReturnBody } }, async (req, reply) => {
    const { created, ret } = await createReturn(ctx, req.params.id, req.body, req.user.id);
    return reply.status(created ? 201 : 200).send(ok(ret, noteMessage(ret.creditNote, MSG.saleReturnRecorded, MSG.saleReturnWithNote, MSG.saleReturnNotePending)));
  });

  app.get('/sales/:id/returns', { onRequest: [app.authenticate], schema: { tags, params: idParam } }, async (req) => ok(saleReturns(ctx, req.params.id)));
};

export default returnsRoutes;
