/**
 * Time-zone arithmetic without libraries. Timestamps are stored as UTC ISO strings; day boundaries
 * (dashboard, invoices, contact filters, numbering {dia}) are computed in the shop's time zone
 * (default America/Argentina/Buenos_Aires, docs/architecture.md «Dinero y tiempo»).
 */
export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Wall-clock parts of an instant in a time zone. */
export function localParts(instant: Date | string | number, timeZone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute, second: parts.second };
}

function offsetMs(instantMs: number, timeZone: string): number {
  const p = localParts(instantMs, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instantMs / 1000) * 1000;
}

/** The UTC instant of a wall-clock time in a time zone. */
export function zonedToUtc(p: Partial<LocalParts> & Pick<LocalParts, 'year' | 'month' | 'day'>, timeZone: string): Date {
  const guess = Date.UTC(p.year, p.month - 1, p.day, p.hour ?? 0, p.minute ?? 0, p.second ?? 0);
  const first = guess - offsetMs(guess, timeZone);
  const second = guess - offsetMs(first, timeZone);
  return new Date(second);
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/;

/**
 * Parses a query date: a date "YYYY-MM-DD", a local date-time "YYYY-MM-DD HH:mm:ss" (wall clock in the
 * shop's zone), or a full ISO instant with Z/offset. `edge` says which end of a bare date is meant.
 */
export function parseQueryDate(value: string, timeZone: string, edge: 'start' | 'end'): Date {
  if (/[zZ]$|[+-]\d{2}:?\d{2}$/.test(value)) return new Date(value);
  const m = DATE_RE.exec(value);
  if (!m) return new Date(NaN);
  const [, y, mo, d, h, mi, s] = m;
  if (h === undefined) {
    const start = zonedToUtc({ year: +y, month: +mo, day: +d }, timeZone);
    return edge === 'start' ? start : new Date(zonedToUtc({ year: +y, month: +mo, day: +d + 1 }, timeZone).getTime() - 1);
  }
  const base = zonedToUtc({ year: +y, month: +mo, day: +d, hour: +h, minute: +mi, second: s ? +s : 0 }, timeZone);
  // "23:59:59" means the whole last second.
  return edge === 'end' && s !== undefined ? new Date(base.getTime() + 999) : base;
}

/** UTC ISO bounds [start, end] of the local calendar day containing `instant`. */
export function localDayBounds(instant: Date | string | number, timeZone: string): { start: string; end: string } {
  const p = localParts(instant, timeZone);
  const start = zonedToUtc({ year: p.year, month: p.month, day: p.day }, timeZone);
  const next = zonedToUtc({ year: p.year, month: p.month, day: p.day + 1 }, timeZone);
  return { start: start.toISOString(), end: new Date(next.getTime() - 1).toISOString() };
}

/** "YYYY-MM-DD" of an instant in a time zone. */
export function localDateString(instant: Date | string | number, timeZone: string): string {
  const p = localParts(instant, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** Every local day 'YYYY-MM-DD' from `start` to `end` inclusive (calendar arithmetic; empty when end < start). */
export function daysBetween(start: string, end: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** "dd/mm/aaaa hh:mm" of an instant in a time zone (notes the owner reads; any year, 0001 included). */
export function localDateTimeLabel(instant: Date | string | number, timeZone: string): string {
  const p = localParts(instant, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(p.day)}/${two(p.month)}/${String(p.year).padStart(4, '0')} ${two(p.hour % 24)}:${two(p.minute)}`;
}
