/**
 * Cancellation and partial returns ("Devolución") of a sale, with their credit notes (issue #11).
 * Invariants:
 * - One transaction records everything the shop owes on its side: the cancellation (or the return and its
 *   lines), the stock given back through the ledger ('cancel' / 'return' movements, exactly the quantities),
 *   the returned amounts reports subtract (sales.returned_cents, sale_items.returned_quantity; the rollup
 *   triggers follow), the credit to the customer's cuenta corriente when the sale was charged to one
 *   (customers/account-credits.ts) and, when the sale was invoiced, the pending credit note. The note is then settled
 *   outside any transaction (credit-notes.ts); while ARCA is unreachable it stays pending and visible and the
 *   retry loop issues it.
 * - The stock returns with the cancellation, not when ARCA authorises the note: the goods are physically
 *   back on the shelf once the cancellation is recorded, and the note is owed (recorded in the same
 *   transaction, issued exactly once) whatever ARCA's state. Holding the stock until ARCA answers would
 *   understate the shelf, possibly for days, while nothing about the note could still be undone.
 * - A sale whose invoice is still pending at ARCA is neither cancelled nor returned (409): that invoice may
 *   already hold a CAE, so it must settle before it can be credited.
 * - Never more than sold minus already returned (guarded again in SQL); a cancelled sale takes no
 *   returns and a sale with returns is not cancelled (return the rest instead), so the rollups stay exact.
 * - A repeated return (same requestId) answers the recorded return; a repeated cancellation gets 409.
 * - A seller (any role but admin) takes a return only within the owner's rules (rules.ts,
 *   domain/sale-returns-rules.ts: allowed at all, days since the sale, amount refunded on the sale), judged
 *   in the same transaction, under the sale's lock, on the amounts this return really refunds: 403 with the
 *   Spanish reason naming the limit, and nothing written. An admin is never limited.
 */
import { invoiceAmounts, type InvoiceLine } from '../../../domain/invoicing/amounts';
import { ivaRateFromBp, type CbteTipo } from '../../../domain/invoicing/codes';
import { MSG } from '../../../domain/messages';
import { fromCents } from '../../../domain/money';
import { returnAmounts } from '../../../domain/sale-returns';
import { RETURN_RULES_MSG, sellerReturnRefusal } from '../../../domain/sale-returns-rules';
import { localDateString } from '../../../domain/time';
import type { CreateReturnBody, SaleReturnJson, SaleReturnsJson } from '../../../domain/schemas/returns';
import type { SaleJson } from '../../../domain/schemas/sales';
import type { InvoiceJson } from '../../../domain/schemas/invoices';
import type { Store } from '../../db/store';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { creditableInvoice, creditNotesOfSale, fullAmounts, notePtoVta, NOTE_WAIT_MS, recordCreditNote, settleWithin } from '../invoices/credit-notes';
import type { InvoiceIssuer } from '../invoices/issuer';
import type { ArcaRuntime } from '../invoices/runtime';
import { salesDurable } from '../sales/durability';
import type { SalesContext } from '../sales/context';
import { salesRepository } from '../sales/repository';
import { getSale } from '../sales/service';
import { applyStockDelta } from '../stock/repository';
import { creditCancelledSale, creditReturn } from '../customers/account-credits';
import { returnsRepository as repo } from './repository';
import { readReturnRules } from './rules';

export interface ReturnsContext extends SalesContext {
  store: Store;
  issuer: InvoiceIssuer;
  runtime: ArcaRuntime;
}

/** Admin cancellation: status cancelado, stock back ('cancel' movements) and the credit note owed, in one transaction; then the note is settled. */
export async function cancelSale(ctx: ReturnsContext, id: number, userId: number): Promise<{ sale: SaleJson; creditNote: InvoiceJson | null }> {
  const eff = await ctx.runtime.effective();
  const noteId = await ctx.store.write(async (tx) => {
    await repo.lockSale(tx, id);
    const sale = await salesRepository.findWithUser(tx, id);
    if (!sale) throw notFound(MSG.saleNotFound);
    if (sale.paymentStatus === 'cancelado') throw conflict(MSG.saleAlreadyCancelled);
    if (await repo.hasReturns(tx, id)) throw conflict(MSG.saleHasReturns);
    const original = await creditableInvoice(tx, id);
    if (!(await salesRepository.markCancelled(tx, id, userId, new Date().toISOString()))) throw conflict(MSG.saleAlreadyCancelled);
    for (const item of await salesRepository.items(tx, id)) await applyStockDelta(tx, item.productId, item.quantity, 'cancel', { saleId: id, userId });
    await creditCancelledSale(tx, { saleId: id, userId, note: `Anulación de la venta ${sale.saleNumber}` });
    if (!original) return null;
    return (await recordCreditNote(tx, original, fullAmounts(original), { userId, ptoVta: notePtoVta(eff, original), saleReturnId: null })).id;
  });
  await salesDurable(ctx.store);
  const creditNote = noteId === null ? null : await settleWithin(ctx.store, ctx.issuer, noteId, NOTE_WAIT_MS);
  return { sale: await getSale(ctx, id), creditNote };
}

/** Records a partial return (restock of exactly those lines, amounts off the reports, partial credit note owed), then settles the note. */
export async function createReturn(
  ctx: ReturnsContext,
  saleId: number,
  body: CreateReturnBody,
  actor: { id: number; role: string },
): Promise<{ created: boolean; ret: SaleReturnJson }> {
  const userId = actor.id;
  const eff = await ctx.runtime.effective();
  const outcome = await ctx.store.write(async (tx) => {
    await repo.lockSale(tx, saleId);
    const repeated = body.requestId ? await repo.byRequestId(tx, body.requestId) : undefined;
    if (repeated) {
      if (repeated.saleId !== saleId) throw conflict(MSG.saleReturnOtherSale);
      return { returnId: repeated.id, noteId: null, created: false };
    }
    const rules = actor.role === 'admin' ? null : await readReturnRules(tx);
    if (rules && !rules.sellersAllowed) throw forbidden(RETURN_RULES_MSG.sellersNotAllowed);
    const sale = await salesRepository.findWithUser(tx, saleId);
    if (!sale) throw notFound(MSG.saleNotFound);
    if (sale.paymentStatus === 'cancelado') throw conflict(MSG.saleReturnCancelled);
    if (sale.paymentStatus !== 'pagado') throw badRequest(MSG.saleReturnNotPaid);
    const items = await salesRepository.items(tx, saleId);
    const wanted = new Map(body.items.map((i) => [i.saleItemId, i.quantity]));
    for (const id of wanted.keys()) if (!items.some((i) => i.id === id)) throw badRequest(MSG.saleReturnUnknownLine);
    let amounts;
    try {
      amounts = returnAmounts(sale, items, wanted);
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      const line = items.find((i) => i.id === Number(e.message))!;
      throw badRequest(`${MSG.saleReturnTooMany}: de "${line.productName}" quedan ${line.quantity - line.returnedQuantity} por devolver.`);
    }
    if (rules) {
      const refusal = sellerReturnRefusal(rules, {
        saleNumber: sale.saleNumber,
        saleDay: localDateString(sale.saleDate, ctx.timeZone),
        today: localDateString(new Date(), ctx.timeZone),
        refundCents: amounts.totalCents,
        alreadyReturnedCents: sale.returnedCents,
      });
      if (refusal) throw forbidden(refusal);
    }
    const original = await creditableInvoice(tx, saleId);
    const returnId = await repo.insert(tx, { saleId, requestId: body.requestId ?? null, userId, reason: body.reason ?? null, totalCents: amounts.totalCents, costCents: amounts.costCents });
    const note = `Devolución de la venta ${sale.saleNumber}${body.reason ? `: ${body.reason}` : ''}`;
    for (const line of amounts.lines) {
      const item = items.find((i) => i.id === line.saleItemId)!;
      if (!(await repo.addReturnedToLine(tx, item.id, line.quantity, line.grossCents))) throw badRequest(MSG.saleReturnTooMany);
      await repo.insertItem(tx, { returnId, saleItemId: item.id, productId: item.productId, quantity: line.quantity, grossCents: line.grossCents });
      await applyStockDelta(tx, item.productId, line.quantity, 'return', { saleId, userId, note });
    }
    await repo.addReturnedToSale(tx, saleId, amounts.totalCents, amounts.costCents);
    await creditReturn(tx, { saleId, returnId, userId, note, amountCents: amounts.totalCents });
    if (!original) return { returnId, noteId: null, created: true };
    const lines: InvoiceLine[] = amounts.lines.map((l) => ({ grossCents: l.grossCents, ivaRate: ivaRateFromBp(items.find((i) => i.id === l.saleItemId)!.ivaRateBp) }));
    const noteAmounts = invoiceAmounts(lines, amounts.discountCents, original.cbteTipo as CbteTipo);
    const noteRow = await recordCreditNote(tx, original, noteAmounts, { userId, ptoVta: notePtoVta(eff, original), saleReturnId: returnId });
    return { returnId, noteId: noteRow.id, created: true };
  });
  await salesDurable(ctx.store);
  if (outcome.noteId !== null) await settleWithin(ctx.store, ctx.issuer, outcome.noteId, NOTE_WAIT_MS);
  const ret = (await saleReturns(ctx, saleId)).returns.find((r) => r.id === outcome.returnId)!;
  return { created: outcome.created, ret };
}

/** A sale's returns with their credit notes, and the note of its cancellation. */
export async function saleReturns(ctx: SalesContext, saleId: number): Promise<SaleReturnsJson> {
  const { notes, rows, items } = await ctx.store.read(async (q) => {
    if (!(await salesRepository.findWithUser(q, saleId))) throw notFound(MSG.saleNotFound);
    const rows = await repo.ofSale(q, saleId);
    return {
      notes: await creditNotesOfSale(q, saleId),
      rows,
      items: await repo.itemsOf(
        q,
        rows.map((r) => r.ret.id),
      ),
    };
  });
  return {
    returns: rows.map(({ ret, userFullName }) => ({
      id: ret.id,
      saleId: ret.saleId,
      reason: ret.reason,
      total: fromCents(ret.totalCents),
      items: items
        .filter((i) => i.returnId === ret.id)
        .map((i) => ({ saleItemId: i.saleItemId, productId: i.productId, productName: i.productName, quantity: i.quantity, amount: fromCents(i.grossCents) })),
      user: { id: ret.userId, fullName: userFullName },
      createdAt: ret.createdAt,
      creditNote: notes.find((n) => n.saleReturnId === ret.id) ?? null,
    })),
    cancellationNote: notes.find((n) => n.saleReturnId === null) ?? null,
  };
}
