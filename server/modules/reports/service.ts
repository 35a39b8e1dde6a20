/**
 * Reports (issue #15) over the sales of whole local days that are not cancelled, computed in SQL
 * (./repository.ts). The daily series and the 24 hours are filled with zeros, so days and hours without
 * sales are shown. Hours use the zone's UTC offset at the start of the range (exact for Argentina).
 */
import { fromCents } from '../../../domain/money';
import { REPORT_END_BEFORE_START, type ReportQuery, type SalesReportJson } from '../../../domain/schemas/reports';
import { localDateString, localParts, parseQueryDate } from '../../../domain/time';
import type { Db } from '../../db/client';
import { badRequest } from '../../http/errors';
import { reportsRepository as repo } from './repository';

function utcModifier(instant: Date, timeZone: string): string {
  const p = localParts(instant, timeZone);
  const wallMs = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return `${Math.round((wallMs - Math.floor(instant.getTime() / 1000) * 1000) / 60_000)} minutes`;
}

/** Every YYYY-MM-DD from start to end inclusive. */
export function daysBetween(start: string, end: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

export function salesReport(db: Db, q: ReportQuery, timeZone: string): SalesReportJson {
  const today = localDateString(new Date(), timeZone);
  const start = q.startDate ?? `${today.slice(0, 8)}01`;
  const end = q.endDate ?? today;
  if (end < start) throw badRequest(`Fecha de fin: ${REPORT_END_BEFORE_START}`);
  const hours = new Map(repo.byHour(db, start, end, utcModifier(parseQueryDate(start, timeZone, 'start'), timeZone)).map((r) => [r.hour, r]));
  const days = new Map(repo.daily(db, start, end).map((r) => [r.date, r]));
  return {
    byCategory: repo.byCategory(db, start, end).map((r) => ({
      categoryId: r.categoryId,
      categoryName: r.categoryName ?? 'Sin categoría',
      quantity: r.quantity,
      revenue: fromCents(r.revenueCents),
      cost: fromCents(r.costCents),
    })),
    bySeller: repo.bySeller(db, start, end).map((r) => ({ userId: r.userId, fullName: r.fullName, count: r.count, total: fromCents(r.totalCents) })),
    byHour: Array.from({ length: 24 }, (_, hour) => ({ hour, count: hours.get(hour)?.count ?? 0, total: fromCents(hours.get(hour)?.totalCents ?? 0) })),
    marginByProduct: repo.marginByProduct(db, start, end).map((r) => ({
      productId: r.productId,
      productName: r.productName,
      quantity: r.quantity,
      revenue: fromCents(r.revenueCents),
      cost: fromCents(r.costCents),
      margin: fromCents(r.revenueCents - r.costCents),
    })),
    daily: daysBetween(start, end).map((date) => ({ date, count: days.get(date)?.count ?? 0, total: fromCents(days.get(date)?.totalCents ?? 0) })),
  };
}
