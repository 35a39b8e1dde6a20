/**
 * The accountant's files (issue #37) from the current issuer's book: the Libro IVA Digital sales files
 * (domain/libro-iva/records.ts formats them; this module reads the period on one snapshot so both files
 * describe the same vouchers).
 */
import { FIELD_LABELS } from '../../../domain/field-labels';
import type { LibroVoucher } from '../../../domain/libro-iva/records';
import { reportRangeProblem } from '../../../domain/schemas/reports';
import { localDateString } from '../../../domain/time';
import { badRequest } from '../../http/errors';
import type { Store } from '../../db/store';
import type { EffectiveArca } from '../invoices/runtime';
import { accountingRepository as repo, type Book, type BookRateRow, type BookVoucherRow, type FchRange } from './repository';

/** The book the files describe: the issuer ARCA knows now (CUIT, environment, simulator), or null without a CUIT. */
export function bookOf(eff: Pick<EffectiveArca, 'cuit' | 'environment' | 'simulator'>): Book | null {
  return eff.cuit ? { issuerCuit: eff.cuit, environment: eff.environment, simulator: eff.simulator } : null;
}

/** The query's days after the defaults (first of this month, today); a reversed or too long range is a Spanish 400. */
export function resolvePeriod(q: { startDate?: string; endDate?: string }, timeZone: string): { startDate: string; endDate: string } {
  const today = localDateString(new Date(), timeZone);
  const startDate = q.startDate ?? `${today.slice(0, 8)}01`;
  const endDate = q.endDate ?? today;
  const problem = reportRangeProblem(startDate, endDate, q);
  if (problem) throw badRequest(`${FIELD_LABELS[problem.field]}: ${problem.message}`);
  return { startDate, endDate };
}

/** "2026-11-01" → "20261101". */
export const fchOf = (day: string): string => day.replaceAll('-', '');
export const fchRange = (startDate: string, endDate: string): FchRange => ({ from: fchOf(startDate), to: fchOf(endDate) });

export interface BookPeriod {
  vouchers: BookVoucherRow[];
  rates: Map<number, BookRateRow[]>;
}

export async function readBookPeriod(store: Store, book: Book, range: FchRange): Promise<BookPeriod> {
  const { vouchers, rateRows } = await store.snapshot(async (q) => ({ vouchers: await repo.vouchers(q, book, range), rateRows: await repo.rates(q, book, range) }));
  const rates = new Map<number, BookRateRow[]>();
  for (const r of rateRows) rates.set(r.invoiceId, [...(rates.get(r.invoiceId) ?? []), r]);
  return { vouchers, rates };
}

export function libroVouchers(period: BookPeriod): LibroVoucher[] {
  return period.vouchers.map((v) => ({
    cbteFch: v.cbteFch,
    cbteTipo: v.cbteTipo,
    ptoVta: v.ptoVta,
    cbteNro: v.cbteNro,
    docTipo: v.docTipo,
    docNro: v.docNro,
    buyerName: v.buyerName,
    totalCents: v.totalCents,
    rates: (period.rates.get(v.invoiceId) ?? []).map((r) => ({ id: r.alicId, baseCents: r.baseCents, ivaCents: r.ivaCents })),
  }));
}
