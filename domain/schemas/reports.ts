/**
 * Reports request (issue #15): a range of whole local days, end not before start, at most a year.
 * Missing dates default to the dashboard's range (first of this month → today, in the shop's zone).
 */
import { z } from './common';

/** A whole local day, YYYY-MM-DD (reports and exports). */
export const day = z.string({ error: 'es obligatoria' }).trim().regex(/^\d{4}-\d{2}-\d{2}$/, 'no es una fecha válida (AAAA-MM-DD)').refine((v) => {
  const [y, m, d] = v.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}, 'no es una fecha válida (AAAA-MM-DD)');

export const REPORT_MAX_DAYS = 366;
export const REPORT_END_BEFORE_START = 'no puede ser anterior a la fecha de inicio';
const dayNumber = (v: string) => Date.parse(`${v}T00:00:00Z`) / 86_400_000;

export const reportQuery = z
  .object({ startDate: day.optional(), endDate: day.optional() })
  .refine((q) => !q.startDate || !q.endDate || q.endDate >= q.startDate, { path: ['endDate'], message: REPORT_END_BEFORE_START })
  .refine((q) => !q.startDate || !q.endDate || dayNumber(q.endDate) - dayNumber(q.startDate) < REPORT_MAX_DAYS, {
    path: ['endDate'],
    message: `el rango no puede superar ${REPORT_MAX_DAYS} días`,
  });

export type ReportQuery = z.output<typeof reportQuery>;

/**
 * Why the range [start, end] of whole local days (after the defaults: first of this month, today) cannot
 * be reported, naming the field at fault (`endDate` unless only `startDate` was sent), or null. The reply
 * holds one row per day, so an unbounded range (`endDate=9999-12-31` alone) is refused here, not answered.
 */
export function reportRangeProblem(start: string, end: string, sent: { startDate?: string; endDate?: string }): { field: 'startDate' | 'endDate'; message: string } | null {
  const field = sent.endDate !== undefined || sent.startDate === undefined ? 'endDate' : 'startDate';
  if (end < start) return { field: sent.endDate !== undefined ? 'endDate' : 'startDate', message: REPORT_END_BEFORE_START };
  if (dayNumber(end) - dayNumber(start) >= REPORT_MAX_DAYS) return { field, message: `el rango no puede superar ${REPORT_MAX_DAYS} días` };
  return null;
}

/** Sales that are revenue (domain/revenue.ts: paid, not refunded, net of returns); item figures (category, product) carry each sale's discount allocated to its lines, so they add up to the total. */
export const salesReportJson = z.object({
  byCategory: z.array(z.object({ categoryId: z.number().int().nullable(), categoryName: z.string(), quantity: z.number(), revenue: z.number(), cost: z.number() })),
  bySeller: z.array(z.object({ userId: z.number().int(), fullName: z.string(), count: z.number().int(), total: z.number() })),
  byHour: z.array(z.object({ hour: z.number().int(), count: z.number().int(), total: z.number() })),
  marginByProduct: z.array(
    z.object({ productId: z.number().int(), productName: z.string(), quantity: z.number(), revenue: z.number(), cost: z.number(), margin: z.number() }),
  ),
  daily: z.array(z.object({ date: z.string(), count: z.number().int(), total: z.number() })),
});
export type SalesReportJson = z.infer<typeof salesReportJson>;
