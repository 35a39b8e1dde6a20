/**
 * Monotributo tracker rules (issue #37.4), pure: the rolling 12-month window by local date, where a total
 * stands against the shop's category (headroom, warning level, the category the total fits in), and the
 * next recategorisation windows. The category caps are data (the admin's table, seeded by a migration with
 * the latest published values, docs/accounting.md): nothing here knows a cap.
 *
 * Invariants: a scale's caps are strictly increasing in table order (the schema refuses anything else), so
 * "the next category" is the next row and the last row is the top one; warning levels compare integer cents.
 */

export interface CategoryCap {
  category: string;
  capCents: number;
}

/** Days "YYYY-MM-DD", both included. */
export interface DayWindow {
  from: string;
  to: string;
}

const two = (n: number) => String(n).padStart(2, '0');
const day = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${two(m)}-${two(d)}`;
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/**
 * The last 12 months up to `today` (a local date in the shop's zone): from the day after the same date a
 * year before (29 February → 28 February) to today. 2026-11-27 → 2025-11-28 … 2026-11-27.
 */
export function rollingWindow(today: string): DayWindow {
  const [y, m, d] = today.split('-').map(Number);
  const sameDayLastYear = Date.UTC(y - 1, m - 1, Math.min(d, daysIn(y - 1, m)));
  return { from: new Date(sameDayLastYear + 86_400_000).toISOString().slice(0, 10), to: today };
}

/** 0 (below 80 %), 80, 90 or 100 (at or above the cap): the warning a total earns against a cap. */
export type WarningLevel = 0 | 80 | 90 | 100;
export const WARNING_LEVELS = [80, 90, 100] as const;

export function warningLevel(totalCents: number, capCents: number): WarningLevel {
  for (const level of [...WARNING_LEVELS].reverse()) if (totalCents * 100 >= capCents * level) return level;
  return 0;
}

export interface Standing {
  /** The shop's category row, or null when none is chosen (or it is not in the table). */
  current: CategoryCap | null;
  /** The row after it, null at the top category. */
  next: CategoryCap | null;
  /** The current category is the table's last: going over its cap means leaving the regime. */
  atTop: boolean;
  /** Total / cap in percent (one decimal), null without a category. */
  percent: number | null;
  level: WarningLevel;
  /** The total is over the current cap (level 100 includes reaching it exactly). */
  over: boolean;
  /** The lowest category whose cap covers the total, or null when the total is over the top cap. */
  fitsIn: string | null;
}

/** Where `totalCents` (invoices minus credit notes) stands against `category` in `scale`. */
export function standing(scale: readonly CategoryCap[], category: string | null, totalCents: number): Standing {
  const i = category === null ? -1 : scale.findIndex((c) => c.category === category);
  const current = i >= 0 ? scale[i] : null;
  const fitsIn = scale.find((c) => totalCents <= c.capCents)?.category ?? null;
  if (!current) return { current: null, next: null, atTop: false, percent: null, level: 0, over: false, fitsIn };
  return {
    current,
    next: scale[i + 1] ?? null,
    atTop: i === scale.length - 1,
    percent: current.capCents > 0 ? Math.floor((totalCents * 1000) / current.capCents) / 10 : null,
    level: warningLevel(totalCents, current.capCents),
    over: totalCents > current.capCents,
    fitsIn,
  };
}

/**
 * A recategorisation (reference: ../shared/reference/arca-padron-libro-iva.md, "Monotributo 2026"): twice a
 * year, in January and July, the shop compares the gross income of the 12 months that just closed (January to
 * December, July to June) with the table; the window to do it runs from the 1st of that month to the 5th of
 * the next (5 February; "early August", taken as the 5th like February).
 */
export interface Recategorisation {
  /** "YYYY-01" or "YYYY-07". */
  month: string;
  opens: string;
  deadline: string;
  /** The 12 months it looks at. */
  evaluates: DayWindow;
}

function recategorisation(year: number, month: 1 | 7): Recategorisation {
  return {
    month: `${year}-${two(month)}`,
    opens: day(year, month, 1),
    deadline: day(year, month + 1, 5),
    evaluates: month === 1 ? { from: day(year - 1, 1, 1), to: day(year - 1, 12, 31) } : { from: day(year - 1, 7, 1), to: day(year, 6, 30) },
  };
}

/** The next `count` recategorisations whose deadline is today or later (one still open comes first). */
export function nextRecategorisations(today: string, count = 2): Recategorisation[] {
  const year = Number(today.slice(0, 4));
  const out: Recategorisation[] = [];
  for (let y = year; out.length < count; y++) {
    for (const m of [1, 7] as const) {
      const r = recategorisation(y, m);
      if (r.deadline >= today && out.length < count) out.push(r);
    }
  }
  return out;
}
