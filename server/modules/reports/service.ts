/**
 * Reports (issue #15) over the sales of whole local days that are revenue (domain/revenue.ts), computed in SQL
 * (./repository.ts). The daily series and the 24 hours are filled with zeros, so days and hours without
 * sales are shown. Hours use the zone's UTC offset at the start of the range (exact for Argentina).
 * On SQLite the figures are read off the event loop (./off-thread.ts), so a long report never holds the counter.
 */
import { fromCents } from '../../../domain/money';
import { FIELD_LABELS } from '../../../domain/field-labels';
import { reportRangeProblem, type ReportQuery, type SalesReportJson } from '../../../domain/schemas/reports';
import { daysBetween, localDateString, localParts, parseQueryDate } from '../../../domain/time';
import type { Store } from '../../db/store';
import { badRequest } from '../../http/errors';
import type { ReportReader } from './off-thread';
import { reportFigures } from './repository';

function utcModifier(instant: Date, timeZone: string): string {
  const p = localParts(instant, timeZone);
  const wallMs = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return `${Math.round((wallMs - Math.floor(instant.getTime() / 1000) * 1000) / 60_000)} minutes`;
}


/**
 * The report of the query's local days. With `reader` (SQLite: ./off-thread.ts) the figures are read on
 * the reports' thread, off the event loop; without it (PostgreSQL, async already) in a store snapshot.
 */
export async function salesReport(store: Store, q: ReportQuery, timeZone: string, reader?: ReportReader | null): Promise<SalesReportJson> {
  const today = localDateString(new Date(), timeZone);
  const start = q.startDate ?? `${today.slice(0, 8)}01`;
  const end = q.endDate ?? today;
  const problem = reportRangeProblem(start, end, q);
  if (problem) throw badRequest(`${FIELD_LABELS[problem.field]}: ${problem.message}`);
  const modifier = utcModifier(parseQueryDate(start, timeZone, 'start'), timeZone);
  const r = reader ? await reader.figures(start, end, modifier) : await store.snapshot((db) => reportFigures(db, start, end, modifier));
  const hours = new Map(r.byHour.map((row) => [row.hour, row]));
  const days = new Map(r.daily.map((row) => [row.date, row]));
  return {
    byCategory: r.byCategory.map((row) => ({
      categoryId: row.categoryId,
      categoryName: row.categoryName ?? 'Sin categoría',
      quantity: row.quantity,
      revenue: fromCents(row.revenueCents),
      cost: fromCents(row.costCents),
    })),
    bySeller: r.bySeller.map((row) => ({ userId: row.userId, fullName: row.fullName, count: row.count, total: fromCents(row.totalCents) })),
    byHour: Array.from({ length: 24 }, (_, hour) => ({ hour, count: hours.get(hour)?.count ?? 0, total: fromCents(hours.get(hour)?.totalCents ?? 0) })),
    marginByProduct: r.marginByProduct.map((row) => ({
      productId: row.productId,
      productName: row.productName,
      quantity: row.quantity,
      revenue: fromCents(row.revenueCents),
      cost: fromCents(row.costCents),
      margin: fromCents(row.revenueCents - row.costCents),
    })),
    daily: daysBetween(start, end).map((date) => ({ date, count: days.get(date)?.count ?? 0, total: fromCents(days.get(date)?.totalCents ?? 0) })),
  };
}
