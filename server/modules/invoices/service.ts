/**
 * Invoice use cases behind the routes: validation first (nothing reaches ARCA for bad input), then the
 * pending row (prepare.ts), then the issuer. One sale, one invoice: an authorised one is returned as it is; a
 * pending one is settled; a failed one (ARCA rejected it, its number unused) is retried with the new data.
 * A sale whose payment was refunded is never invoiced (409); one with partial returns is invoiced for what
 * remains (its lines net of the returned units, its total net of the refunds).
 * The look-up and the insert (or the failed row's reset) are one write unit, committed before the issuer
 * calls ARCA; UNIQUE(sale_id) backs it where units run side by side (PostgreSQL).
 */
import { MSG } from '../../../domain/messages';
import type { GenerateInvoiceBody, InvoiceJson, InvoiceListQuery } from '../../../domain/schemas/invoices';
import { parseQueryDate } from '../../../domain/time';
import type { Q, Store } from '../../db/store';
import { AppError, conflict, notFound } from '../../http/errors';
import type { InvoiceIssuer } from './issuer';
import { invoicesRepository as repo, type InvoiceRow } from './repository';
import { prepareInvoice, remainingToInvoice } from './prepare';
import type { ArcaRuntime } from './runtime';
import { toInvoiceJson } from './invoice-json';

export async function invoiceJson(q: Q, id: number): Promise<InvoiceJson> {
  return toInvoiceJson((await repo.listRowById(q, id))!);
}

export type GenerateOutcome = { invoice: InvoiceJson; existing: boolean };

/** What the unit decided: the row to answer with, and whether the issuer must settle it first. */
type Decision = { id: number; settle: boolean; existing: boolean };

export async function generateForSale(store: Store, runtime: ArcaRuntime, issuer: InvoiceIssuer, saleId: number, body: GenerateInvoiceBody, userId: number): Promise<GenerateOutcome> {
  const eff = await runtime.effective();
  let decision: Decision;
  try {
    decision = await store.write(async (tx): Promise<Decision> => {
      const found = await repo.saleForInvoice(tx, saleId);
      if (!found) throw notFound(MSG.saleNotFound);
      const existing = await repo.bySale(tx, saleId);
      if (existing?.status === 'autorizada') return { id: existing.id, settle: false, existing: true };
      if (existing?.status === 'pendiente') return { id: existing.id, settle: true, existing: true };
      // The money went back: nothing to invoice. A partial return: what remains is invoiced (prepare.ts).
      if (found.sale.refundedAt !== null) throw conflict(MSG.invoiceSaleRefunded);
      const remaining = remainingToInvoice(found);
      if (found.sale.paymentStatus === 'pagado' && remaining.items.length === 0) throw conflict(MSG.invoiceNothingLeft);
      const fields = { ...prepareInvoice(eff, remaining, body), userId };
      const row = existing ? await repo.update(tx, existing.id, fields) : await repo.insert(tx, { ...fields, saleId });
      return { id: row.id, settle: true, existing: false };
    });
  } catch (e) {
    if (e instanceof AppError) throw e;
    // A concurrent request created it first (UNIQUE(sale_id) refused ours): one sale, one invoice.
    const other = await store.read((q) => repo.bySale(q, saleId));
    if (!other) throw e;
    decision = { id: other.id, settle: true, existing: true };
  }
  if (!decision.settle) return { invoice: await store.read((q) => invoiceJson(q, decision.id)), existing: true };
  return { invoice: await settled(store, await issuer.settle(decision.id)), existing: decision.existing };
}

/** The settled invoice, or the AppError the route answers with (data: the invoice). */
async function settled(store: Store, row: InvoiceRow): Promise<InvoiceJson> {
  const json = await store.read((q) => invoiceJson(q, row.id));
  if (row.status === 'fallida') throw new AppError(422, row.failureReason ?? MSG.invoiceRejected, json);
  if (row.status === 'pendiente') throw new AppError(503, `${MSG.invoicePending} (${row.failureReason ?? 'sin respuesta'})`, json);
  return json;
}

export async function retryInvoice(store: Store, issuer: InvoiceIssuer, id: number): Promise<InvoiceJson> {
  await store.write(async (tx) => {
    const row = await repo.byId(tx, id);
    if (!row) throw notFound(MSG.invoiceNotFound);
    if (row.status === 'autorizada') throw conflict(MSG.invoiceNotRetriable, await invoiceJson(tx, id));
    // A failed invoice of a cancelled sale stays failed: it was never authorised, so nothing credits it.
    if (row.associatedInvoiceId === null && (await repo.saleForInvoice(tx, row.saleId))?.sale.paymentStatus === 'cancelado') {
      throw conflict(MSG.invoiceSaleCancelled, await invoiceJson(tx, id));
    }
    if (row.status === 'fallida') await repo.update(tx, id, { status: 'pendiente', nextRetryAt: null });
  });
  return settled(store, await issuer.settle(id));
}

export async function listInvoices(store: Store, query: InvoiceListQuery, timeZone: string) {
  const from = query.startDate ? parseQueryDate(query.startDate, timeZone, 'start').toISOString() : undefined;
  const to = query.endDate ? parseQueryDate(query.endDate, timeZone, 'end').toISOString() : undefined;
  const { rows, total } = await store.read((q) => repo.list(q, { from, to, status: query.status }, query.page, query.limit));
  return { items: rows.map(toInvoiceJson), total };
}

export function invoiceForSale(store: Store, saleId: number): Promise<InvoiceJson | null> {
  return store.read(async (q) => {
    if (!(await repo.saleForInvoice(q, saleId))) throw notFound(MSG.saleNotFound);
    const row = await repo.bySale(q, saleId);
    return row ? invoiceJson(q, row.id) : null;
  });
}

export const unsettledInvoices = async (store: Store): Promise<InvoiceJson[]> => (await store.read((q) => repo.unsettled(q))).map(toInvoiceJson);
