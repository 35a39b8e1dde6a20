/**
 * The reads an owner makes, as the app makes them (busy-day and growth scenarios, issue #39 items 5 and 9):
 * the dashboard's requests (src/features/dashboard), the June sales list and a customer search
 * (src/features/sales/SalesPage.tsx), the reports (src/features/reports) for June and the year of the
 * generated sales; and one timed HTTP request that never throws: a reset, a 5xx or a timeout is a failed
 * request the scenario counts.
 */
import { SALES_YEAR } from './data-sales';
import { CUSTOMERS } from './data-sales-bulk';

const JUNE = { startDate: `${SALES_YEAR}-06-01`, endDate: `${SALES_YEAR}-06-30` };
const YEAR = { startDate: `${SALES_YEAR}-01-01`, endDate: `${SALES_YEAR}-12-31` };
const query = (params: Record<string, string | number | boolean>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

/** The shop's calendar day (Argentina, UTC−3 all year) as the dashboard's date filter computes it. */
const shopDay = (at: Date) => new Date(at.getTime() - 3 * 3600_000).toISOString().slice(0, 10);

/** What the dashboard page requests when it opens: the summary of this month so far, the first low-stock page, the flagged sales, and the admin's notices. */
export function dashboardPaths(now = new Date()): string[] {
  const today = shopDay(now);
  return [
    `/api/sales/summary?${query({ startDate: `${today.slice(0, 8)}01 00:00:00`, endDate: `${today} 23:59:59` })}`,
    `/api/products?${query({ lowStock: true, active: true, limit: 50 })}`,
    `/api/sales?${query({ flagged: true, limit: 100 })}`,
    '/api/backups/status',
    `/api/cash-sessions?${query({ date: 'hoy', withDifference: true })}`,
  ];
}

export const JUNE_REPORT_PATH = `/api/reports/sales?${query(JUNE)}`;
export const YEAR_REPORT_PATH = `/api/reports/sales?${query(YEAR)}`;
/** A customer's surname in the generated sales (bench/lib/data-sales-bulk.ts CUSTOMERS): about one sale in 200 carries it. */
export const SEARCHED_CUSTOMER = CUSTOMERS[0].split(' ')[1];

/** The reads the growth scenario times at each size: key, Spanish label, path. */
export const GROWTH_READS = [
  { key: 'dashboard', label: 'Resumen del panel (junio)', path: `/api/sales/summary?${query({ startDate: `${JUNE.startDate} 00:00:00`, endDate: `${JUNE.endDate} 23:59:59` })}` },
  { key: 'flagged', label: 'Ventas con observaciones (cuenta del panel)', path: `/api/sales?${query({ flagged: true, limit: 100 })}` },
  { key: 'low-stock', label: 'Stock bajo (página del panel)', path: `/api/products?${query({ lowStock: true, active: true, limit: 50 })}` },
  { key: 'june-sales', label: 'Historial de ventas de junio (1.ª página)', path: `/api/sales?${query({ ...JUNE, page: 1, limit: 20 })}` },
  { key: 'search', label: `Búsqueda de ventas por cliente («${SEARCHED_CUSTOMER}», sin fechas)`, path: `/api/sales?${query({ search: SEARCHED_CUSTOMER, page: 1, limit: 20 })}` },
  { key: 'june-report', label: 'Reporte de ventas de junio', path: JUNE_REPORT_PATH },
  { key: 'year-report', label: 'Reporte de ventas del año', path: YEAR_REPORT_PATH },
] as const;

export interface Timed {
  ms: number;
  ok: boolean;
  /** 'timeout', 'reset' (connection closed or refused), 'http <status>'; null when ok. */
  failure: string | null;
  /** The rows the answer accounts for: a page's pagination total, else every element of the arrays in data. */
  rows: number;
  /** The answer's data (null when failed). */
  data: unknown;
}

function countRows(value: unknown): number {
  if (Array.isArray(value)) return value.length + value.reduce((sum: number, v) => sum + countRows(v), 0);
  if (typeof value === 'object' && value !== null) return Object.values(value).reduce((sum: number, v) => sum + countRows(v), 0);
  return 0;
}

/** One request (GET unless `init` says otherwise), timed to the end of its body; never throws. */
export async function timedRequest(url: string, init: RequestInit, timeoutMs: number): Promise<Timed> {
  const t0 = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await res.text();
    const ms = performance.now() - t0;
    if (!res.ok) return { ms, ok: false, failure: `http ${res.status}`, rows: 0, data: null };
    const body = JSON.parse(text) as { data?: unknown; pagination?: { total: number } };
    return { ms, ok: true, failure: null, rows: body.pagination ? body.pagination.total : countRows(body.data), data: body.data };
  } catch (error) {
    const name = (error as Error).name;
    return { ms: performance.now() - t0, ok: false, failure: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'reset', rows: 0, data: null };
  }
}
