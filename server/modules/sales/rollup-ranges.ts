/**
 * Splits an inclusive range of local days [startDay, endDay] ('YYYY-MM-DD') into the fewest pieces the
 * sales rollups can answer: whole years (product_sales_yearly, 'YYYY'), whole months
 * (product_sales_monthly, 'YYYY-MM') and the remaining days (product_sales_daily, 'YYYY-MM-DD').
 * Invariant: the pieces are disjoint and their union is exactly [startDay, endDay]; at most one range of
 * years, two of months and two of days. The rollups themselves are aggregates of counted sales kept by
 * triggers (drizzle/0004_sales_rollup_triggers.sql). Pure: calendar arithmetic on UTC dates only.
 */
export type Span = readonly [from: string, to: string];

export interface RollupRanges {
  years: Span[];
  months: Span[];
  days: Span[];
}

const DAY_MS = 86_400_000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function parseDay(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
}
function dayString(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}
/** Months since year 0: y * 12 + (m - 1). */
const monthIndex = (ms: number) => new Date(ms).getUTCFullYear() * 12 + new Date(ms).getUTCMonth();
const monthString = (index: number) => `${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1)}`;
const monthStart = (index: number) => Date.UTC(Math.floor(index / 12), index % 12, 1);

export function rollupRanges(startDay: string, endDay: string): RollupRanges {
  const out: RollupRanges = { years: [], months: [], days: [] };
  const start = parseDay(startDay);
  const end = parseDay(endDay);
  if (end < start) return out;
  // Whole months: from the first month starting at or after `start` to the last month ending at or before `end`.
  const firstMonth = monthIndex(start) + (new Date(start).getUTCDate() === 1 ? 0 : 1);
  const lastMonth = monthIndex(end) - (monthStart(monthIndex(end) + 1) - DAY_MS === end ? 0 : 1);
  if (firstMonth > lastMonth) {
    out.days.push([dayString(start), dayString(end)]);
    return out;
  }
  if (monthStart(firstMonth) > start) out.days.push([dayString(start), dayString(monthStart(firstMonth) - DAY_MS)]);
  // Whole years inside the whole months.
  const firstYear = Math.ceil(firstMonth / 12);
  const lastYear = Math.floor((lastMonth + 1) / 12) - 1;
  if (firstYear > lastYear) {
    out.months.push([monthString(firstMonth), monthString(lastMonth)]);
  } else {
    if (firstMonth < firstYear * 12) out.months.push([monthString(firstMonth), monthString(firstYear * 12 - 1)]);
    out.years.push([pad(firstYear, 4), pad(lastYear, 4)]);
    if (lastMonth > lastYear * 12 + 11) out.months.push([monthString(lastYear * 12 + 12), monthString(lastMonth)]);
  }
  const afterMonths = monthStart(lastMonth + 1);
  if (afterMonths <= end) out.days.push([dayString(afterMonths), dayString(end)]);
  return out;
}
