/**
 * CAEA fortnights (docs/reference/arca-wsfe.md §3). A CAEA is granted per fortnight: `Periodo` yyyymm and
 * `Orden` 1 (days 1–15) or 2 (16 to the month's end). It may be requested from 5 calendar days before the
 * fortnight starts until its last day (outside that window ARCA answers Err 15006). Dates here are
 * Argentine calendar dates "YYYY-MM-DD" (see format.ts arcaDate for instants).
 */

export interface Fortnight {
  /** yyyymm, e.g. 202611 */
  periodo: number;
  orden: 1 | 2;
  /** First day, "YYYY-MM-DD". */
  from: string;
  /** Last day, "YYYY-MM-DD". */
  to: string;
}

/** Days in the month of a date, as a UTC calendar computation (no time zone involved). */
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (n: number) => String(n).padStart(2, '0');

/** Shifts a "YYYY-MM-DD" calendar date by whole days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

export function fortnight(periodo: number, orden: 1 | 2): Fortnight {
  const year = Math.floor(periodo / 100);
  const month = periodo % 100;
  const last = daysInMonth(year, month);
  const prefix = `${year}-${pad(month)}`;
  return orden === 1 ? { periodo, orden, from: `${prefix}-01`, to: `${prefix}-15` } : { periodo, orden, from: `${prefix}-16`, to: `${prefix}-${pad(last)}` };
}

/** The fortnight a calendar date falls in. */
export function fortnightOf(date: string): Fortnight {
  const [y, m, d] = date.split('-').map(Number);
  return fortnight(y! * 100 + m!, d! <= 15 ? 1 : 2);
}

export function nextFortnight(f: Fortnight): Fortnight {
  return fortnightOf(addDays(f.to, 1));
}

/** First day ARCA accepts FECAEASolicitar for this fortnight. */
export const requestWindowOpens = (f: Fortnight): string => addDays(f.from, -5);

/** True when `today` is inside the fortnight's request window (5 days before it starts to its last day). */
export const canRequestOn = (f: Fortnight, today: string): boolean => today >= requestWindowOpens(f) && today <= f.to;

/** The fortnights the server keeps a CAEA for on `today`: the current one, and the next once its window opened. */
export function fortnightsToHold(today: string): Fortnight[] {
  const current = fortnightOf(today);
  const next = nextFortnight(current);
  return canRequestOn(next, today) ? [current, next] : [current];
}
