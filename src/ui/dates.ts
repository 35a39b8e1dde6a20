/**
 * Dates as the app shows them: es-AR, in the shop's time zone (docs/architecture.md «Dinero y tiempo»).
 * The zone is the server's SHOP_TIME_ZONE, which every business-info reply carries; BusinessProvider
 * passes it here (from the stored reply at start, so offline too). Until then, the default zone.
 */
import { DEFAULT_TIME_ZONE } from '../../domain/constants';
import { localDateString } from '../../domain/time';

let shopTimeZone = DEFAULT_TIME_ZONE;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Uses `timeZone` from now on; an unknown zone (a typo in SHOP_TIME_ZONE) keeps the current one. */
export function setShopTimeZone(timeZone: string | undefined): void {
  if (!timeZone || timeZone === shopTimeZone) return;
  try {
    new Intl.DateTimeFormat('es-AR', { timeZone });
  } catch {
    return;
  }
  shopTimeZone = timeZone;
}

export function getShopTimeZone(): string {
  return shopTimeZone;
}

/** An es-AR formatter in the shop's time zone, built once per zone and options. */
export function shopDateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${shopTimeZone} ${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('es-AR', { ...options, timeZone: shopTimeZone });
    formatters.set(key, format);
  }
  return format;
}

const DATE: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
/** A 24-hour clock, as an Argentine shop reads it (es-AR alone would say "06:05 p. m."). */
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE, ...TIME };

/** "21/11/2026" */
export function formatDate(instant: string | null | undefined): string {
  return instant ? shopDateFormat(DATE).format(new Date(instant)) : '';
}

/** "21/11/2026 14:05" */
export function formatDateTime(instant: string | null | undefined): string {
  return instant ? shopDateFormat(DATE_TIME).format(new Date(instant)).replace(',', '') : '';
}

/** "14:05" */
export function formatTime(instant: string): string {
  return shopDateFormat(TIME).format(new Date(instant));
}

/** Today as "YYYY-MM-DD" in the shop's time zone. */
export function todayString(now: Date = new Date()): string {
  return localDateString(now, shopTimeZone);
}

/** The first day of the current month as "YYYY-MM-DD" (docs/spec.md §9 default range start). */
export function firstOfMonthString(now: Date = new Date()): string {
  return `${todayString(now).slice(0, 8)}01`;
}
