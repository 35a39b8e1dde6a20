/** Dates as the back office shows them: es-AR, in the shop's time zone (docs/architecture.md «Dinero y tiempo»). */
import { DEFAULT_TIME_ZONE } from '../../domain/constants';
import { localDateString } from '../../domain/time';

const dateFormat = new Intl.DateTimeFormat('es-AR', { timeZone: DEFAULT_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('es-AR', {
  timeZone: DEFAULT_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "21/11/2026" */
export function formatDate(instant: string | null | undefined): string {
  return instant ? dateFormat.format(new Date(instant)) : '';
}

/** "21/11/2026 14:05" */
export function formatDateTime(instant: string | null | undefined): string {
  return instant ? dateTimeFormat.format(new Date(instant)).replace(',', '') : '';
}

/** Today as "YYYY-MM-DD" in the shop's time zone. */
export function todayString(now: Date = new Date()): string {
  return localDateString(now, DEFAULT_TIME_ZONE);
}

/** The first day of the current month as "YYYY-MM-DD" (docs/spec.md §9 default range start). */
export function firstOfMonthString(now: Date = new Date()): string {
  return `${todayString(now).slice(0, 8)}01`;
}
