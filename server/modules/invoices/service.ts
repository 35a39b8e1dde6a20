/**
 * Invoice use cases behind the routes: validation first (nothing reaches ARCA for bad input), then the
 * pending row (prepare.ts), then the issuer. One sale, one invoice: an authorised one is returned as it is; a
 * pending one is settled; a failed one (ARCA rejected it, its number unused) is retried with the new data.
 */
import { MSG } from '../../../domain/messages';
import type { GenerateInvoiceBody, InvoiceJson, InvoiceListQuery } from '../../../domain/schemas/invoices';
import { parseQueryDate } from '../../../domain/time';
import type { Db } from '../../db/client';
import { AppError, conflict, notFound } from '../../http/errors';
import type { InvoiceIssuer } from './issuer';
import { invoicesRepository as repo, type InvoiceRow } from './repository';
import { prepareInvoice } from './prepare';
import type { ArcaRuntime } from './runtime';
import { toInvoiceJson } from './invoice-json';

export function invoiceJson(db: Db, id: number): InvoiceJson {
  return toInvoiceJson(repo.listRowById(db, id)!);
}

export type GenerateOutcome = { invoice: InvoiceJson; existing: boolean };

export async function generateForSale(db: Db, runtime: ArcaRuntime, issuer: InvoiceIssuer, saleId: number, body: GenerateInvoiceBody, userId: number): Promise<GenerateOutcome> {
  const found = repo.saleForInvoice(db, saleId);
  if (!found) throw notFound(MSG.saleNotFound);
  const existing = repo.bySale(db, saleId);
  if (existing?.status === 'autorizada') return { invoice: invoiceJson(db, existing.id), existing: true };
  if (existing?.status === 'pendiente') return { invoice: settled(db, await issuer.settle(existing.id)), existing: true };
  if (found.sale.returnedCents > 0 || found.items.some((i) => i.returnedQuantity > 0)) throw conflict(MSG.invoiceSaleHasReturns);
  const fields = { ...prepareInvoice(runtime.effective(), found, body), userId };
  let row: InvoiceRow;
  if (existing) row = repo.update(db, existing.id, fields);
  else {
    try {
      row = repo.insert(db, { ...fields, saleId });
    } catch (e) {
      // A concurrent request created it first: one sale, one invoice.
      const other = repo.bySale(db, saleId);
      if (!other) throw e;
      return { invoice: settled(db, await issuer.settle(other.id)), existing: true };
    }
  }
  return { invoice: settled(db, await issuer.settle(row.id)), existing: false };
}

/** The settled invoice, or the AppError the route answers with (data: the invoice). */
function settled(db: Db, row: InvoiceRow): InvoiceJson {
  const json = invoiceJson(db, row.id);
  if (row.status === 'fallida') throw new AppError(422, row.failureReason ?? MSG.invoiceRejected, json);
  if (row.status === 'pendiente') throw new AppError(503, `${MSG.invoicePending} (${row.failureReason ?? 'sin respuesta'})`, json);
  return json;
}

export async function retryInvoice(db: Db, issuer: InvoiceIssuer, id: number): Promise<InvoiceJson> {
  const row = repo.byId(db, id);
  if (!row) throw notFound(MSG.invoiceNotFound);
  if (row.status === 'autorizada') throw conflict(MSG.invoiceNotRetriable, invoiceJson(db, id));
  // A failed invoice of a cancelled sale stays failed: it was never authorised, so nothing credits it.
  if (row.associatedInvoiceId === null && repo.saleForInvoice(db, row.saleId)?.sale.paymentStatus === 'cancelado') throw conflict(MSG.invoiceSaleCancelled, invoiceJson(db, id));
  if (row.status === 'fallida') repo.update(db, id, { status: 'pendiente', nextRetryAt: null });
  return settled(db, await issuer.settle(id));
}

export function listInvoices(db: Db, q: InvoiceListQuery, timeZone: string) {
  const from = q.startDate ? parseQueryDate(q.startDate, timeZone, 'start').toISOString() : undefined;
  const to = q.endDate ? parseQueryDate(q.endDate, timeZone, 'end').toISOString() : undefined;
  const { rows, total } = repo.list(db, { from, to, status: q.status }, q.page, q.limit);
  return { items: rows.map(toInvoiceJson), total };
}

export function invoiceForSale(db: Db, saleId: number): InvoiceJson | null {
  if (!repo.saleForInvoice(db, saleId)) throw notFound(MSG.saleNotFound);
  const row = repo.bySale(db, saleId);
  return row ? invoiceJson(db, row.id) : null;
}

export const unsettledInvoices = (db: Db): InvoiceJson[] => repo.unsettled(db).map(toInvoiceJson);
