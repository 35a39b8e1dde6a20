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

/** Sales that are not cancelled; item figures (category, product) are before the sale's discount. */
export interface SalesReportJson {
  byCategory: { categoryId: number | null; categoryName: string; quantity: number; revenue: number; cost: number }[];
  bySeller: { userId: number; fullName: string; count: number; total: number }[];
  byHour: { hour: number; count: number; total: number }[];
  marginByProduct: { productId: number; productName: string; quantity: number; revenue: number; cost: number; margin: number }[];
  daily: { date: string; count: number; total: number }[];
}
