/**
 * Sales rules for the back office: create (online), read, list, dashboard summary (cancellation and
 * returns, with their credit notes: modules/returns), and the door other modules use to write a sale
 * (sync's pushed sales). Every sale is written by writeSaleToLedger (ledger-write.ts); every stock change
 * goes through the stock ledger. What counts as sold is net of partial returns.
 */
import { MSG } from '../../../domain/messages';
import { fromCents, toCents } from '../../../domain/money';
import type { CreateSaleBody, SaleJson, SalesListQuery, SalesSummaryJson } from '../../../domain/schemas/sales';
import { localDateString, localDayBounds, localParts, parseQueryDate } from '../../../domain/time';
import { badRequest, notFound } from '../../http/errors';
import { first, type Q } from '../../db/store';
import type { SalesContext } from './context';
import { salesDurable } from './durability';
import { writeSaleToLedger, type RecordOutcome, type SaleDraft } from './ledger-write';
import { salesRepository, type SaleFilters } from './repository';
import { saleJson, saleListItemJson } from './sale-json';
import { rollupSummaryQueries } from './rollup-repository';
import { rollupRanges } from './rollup-ranges';
import { summaryQueries } from './summary-repository';

/** A sale with its items, read on `q` (the store's reader, or a unit that just wrote it). */
async function saleOn(q: Q, id: number): Promise<SaleJson> {
  const row = await salesRepository.findWithUser(q, id);
  if (!row) throw notFound(MSG.saleNotFound);
  return saleJson(row, await salesRepository.items(q, id));
}

export function getSale(ctx: SalesContext, id: number): Promise<SaleJson> {
  return ctx.store.read((q) => saleOn(q, id));
}

/** POST /sales: priced from the catalogue, never beyond stock. A repeated clientSaleId returns the stored sale (created=false). */
export async function createSale(ctx: SalesContext, body: CreateSaleBody, userId: number): Promise<{ created: boolean; sale: SaleJson }> {
  if (body.paymentMethod === 'mercadopago') throw badRequest(`Método de pago: ${MSG.saleMercadoPagoDirect}`);
  const draft: SaleDraft = {
    clientSaleId: body.clientSaleId ?? null,
    deviceId: null,
    deviceSeq: null,
    sellerId: userId,
    saleDate: new Date().toISOString(),
    items: body.items,
    discountCents: toCents(body.discount),
    paymentMethod: body.paymentMethod,
    customerName: body.customerName,
    customerDocument: body.customerDocument,
    customerEmail: body.customerEmail,
    notes: body.notes,
  };
  const outcome = await ctx.store.write((tx) => writeSaleToLedger(tx, ctx, draft, 'online'));
  await salesDurable(ctx.store);
  return { created: outcome.status === 'applied', sale: await getSale(ctx, outcome.saleId) };
}

/**
 * A sale captured on a device (POST /sync/push): written as it happened (policy 'captured', ledger-write.ts),
 * in the caller's unit `tx`. Not durable until writtenSalesDurable resolves.
 */
export function writeCapturedSale(tx: Q, ctx: SalesContext, draft: SaleDraft): Promise<RecordOutcome> {
  return writeSaleToLedger(tx, ctx, draft, 'captured');
}

/** Resolves once every sale committed before the call survives a power cut (durability.ts; off the event loop). */
export function writtenSalesDurable(ctx: SalesContext): Promise<void> {
  return salesDurable(ctx.store);
}

/** UTC bounds of a query's local startDate/endDate (shop time zone). */
export function rangeOf(query: { startDate?: string; endDate?: string }, timeZone: string): { startIso?: string; endIso?: string } {
  return {
    startIso: query.startDate ? parseQueryDate(query.startDate, timeZone, 'start').toISOString() : undefined,
    endIso: query.endDate ? parseQueryDate(query.endDate, timeZone, 'end').toISOString() : undefined,
  };
}

export async function listSales(ctx: SalesContext, query: SalesListQuery) {
  const filters: SaleFilters = {
    ...rangeOf(query, ctx.timeZone),
    paymentMethod: query.paymentMethod,
    status: query.status,
    flagged: query.flagged,
    search: query.search || undefined,
    userId: query.userId,
  };
  const { n, totalCents, rows } = await ctx.store.read(async (q) => ({
    ...(await salesRepository.count(q, filters)),
    rows: await salesRepository.list(q, filters, (query.page - 1) * query.limit, query.limit),
  }));
  return { rows: rows.map(saleListItemJson), total: n, totalAmount: fromCents(totalCents) };
}

/** SQLite modifier from UTC to the zone's wall clock at `instant`, e.g. "-180 minutes" for Buenos Aires. */
function localModifier(instant: Date, timeZone: string): string {
  const p = localParts(instant, timeZone);
  const wallMs = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return `${Math.round((wallMs - Math.floor(instant.getTime() / 1000) * 1000) / 60_000)} minutes`;
}

/**
 * Dashboard figures of sales that are not cancelled. Profit = revenue − cost at sale time.
 * A range of whole local days (the dashboard's) is read from the sales rollups (rollup-repository.ts,
 * kept by triggers): at most a few hundred rows whatever the number of sales. Any other range
 * aggregates the raw rows (summary-repository.ts); there salesByDay groups by local date with the zone's UTC offset at the start of the range: exact for
 * zones without DST (Argentina); across a DST change a sale within an hour of midnight could land on
 * the neighbouring day.
 */
export async function salesSummary(ctx: SalesContext, query: { startDate?: string; endDate?: string }): Promise<SalesSummaryJson> {
  const range = rangeOf(query, ctx.timeZone);
  const days = wholeLocalDays(range, ctx.timeZone);
  const figures = await ctx.store.snapshot(async (db) => {
    const q = days
      ? rollupSummaryQueries(db, days.startDay, days.endDay, rollupRanges(days.startDay, days.endDay))
      : summaryQueries(db, { ...range, localModifier: localModifier(new Date(range.startIso ?? Date.now()), ctx.timeZone) });
    return { totals: await first(q.totals), byPaymentMethod: await q.byPaymentMethod, topProducts: await q.topProducts, byDay: await q.byDay };
  });
  const totals = figures.totals ?? { count: 0, revenueCents: 0, costCents: 0 };
  return {
    totalSales: Number(totals.count),
    totalRevenue: fromCents(Number(totals.revenueCents)),
    totalProfit: fromCents(Number(totals.revenueCents) - Number(totals.costCents)),
    salesByPaymentMethod: figures.byPaymentMethod.map((r) => ({ paymentMethod: r.paymentMethod, count: Number(r.count), total: fromCents(Number(r.totalCents)) })),
    topProducts: figures.topProducts.map((r) => ({
      productId: r.productId,
      productName: r.productName,
      totalQuantity: Number(r.totalQuantity),
      totalRevenue: fromCents(Number(r.revenueCents)),
    })),
    salesByDay: figures.byDay.map((r) => ({ date: r.date, count: Number(r.count), total: fromCents(Number(r.totalCents)) })),
  };
}

/**
 * The local days [startDay, endDay] when the range is exactly whole local days (start at a local
 * midnight, end at the last millisecond of a local day): then the rollups answer. Otherwise undefined.
 */
export function wholeLocalDays(range: { startIso?: string; endIso?: string }, timeZone: string): { startDay: string; endDay: string } | undefined {
  if (!range.startIso || !range.endIso || range.startIso > range.endIso) return undefined;
  if (localDayBounds(range.startIso, timeZone).start !== range.startIso) return undefined;
  if (localDayBounds(range.endIso, timeZone).end !== range.endIso) return undefined;
  return { startDay: localDateString(range.startIso, timeZone), endDay: localDateString(range.endIso, timeZone) };
}
