import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rollupRanges, type RollupRanges } from '../../server/modules/sales/rollup-ranges';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Every day the pieces cover, in order (years and months expanded). */
function coveredDays(r: RollupRanges): string[] {
  const days: string[] = [];
  const push = (from: string, to: string) => {
    for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY) days.push(iso(t));
  };
  for (const [a, b] of r.years) push(`${a}-01-01`, `${b}-12-31`);
  for (const [a, b] of r.months) push(`${a}-01`, iso(Date.UTC(+b.slice(0, 4), +b.slice(5, 7), 1) - DAY));
  for (const [a, b] of r.days) push(a, b);
  return days.sort();
}

describe('rollupRanges', () => {
  it('a whole year is one year', () => {
    expect(rollupRanges('2025-01-01', '2025-12-31')).toEqual({ years: [['2025', '2025']], months: [], days: [] });
  });
  it('a whole month is one month; a leap February too', () => {
    expect(rollupRanges('2025-06-01', '2025-06-30')).toEqual({ years: [], months: [['2025-06', '2025-06']], days: [] });
    expect(rollupRanges('2024-02-01', '2024-02-29')).toEqual({ years: [], months: [['2024-02', '2024-02']], days: [] });
    expect(rollupRanges('2024-02-01', '2024-02-28')).toEqual({ years: [], months: [], days: [['2024-02-01', '2024-02-28']] });
  });
  it('a partial month is days; days around whole months', () => {
    expect(rollupRanges('2025-06-03', '2025-06-20')).toEqual({ years: [], months: [], days: [['2025-06-03', '2025-06-20']] });
    expect(rollupRanges('2025-05-20', '2025-08-10')).toEqual({
      years: [],
      months: [['2025-06', '2025-07']],
      days: [['2025-05-20', '2025-05-31'], ['2025-08-01', '2025-08-10']],
    });
  });
  it('a range crossing a year boundary', () => {
    expect(rollupRanges('2024-12-15', '2025-01-10')).toEqual({ years: [], months: [], days: [['2024-12-15', '2025-01-10']] });
    expect(rollupRanges('2023-11-15', '2026-02-03')).toEqual({
      years: [['2024', '2025']],
      months: [['2023-12', '2023-12'], ['2026-01', '2026-01']],
      days: [['2023-11-15', '2023-11-30'], ['2026-02-01', '2026-02-03']],
    });
    expect(rollupRanges('2024-12-01', '2025-01-31')).toEqual({ years: [], months: [['2024-12', '2025-01']], days: [] });
  });
  it('a single day, and an empty range', () => {
    expect(rollupRanges('2025-03-31', '2025-03-31')).toEqual({ years: [], months: [], days: [['2025-03-31', '2025-03-31']] });
    expect(rollupRanges('2025-03-02', '2025-03-01')).toEqual({ years: [], months: [], days: [] });
  });
  it('property: the pieces cover exactly the range, each day once', () => {
    const day = fc.integer({ min: Date.UTC(2019, 0, 1) / DAY, max: Date.UTC(2028, 11, 31) / DAY }).map((n) => iso(n * DAY));
    fc.assert(
      fc.property(day, day, (a, b) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const expected: string[] = [];
        for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY) expected.push(iso(t));
        const r = rollupRanges(from, to);
        expect(coveredDays(r)).toEqual(expected);
        expect(r.years.length).toBeLessThanOrEqual(1);
        expect(r.months.length).toBeLessThanOrEqual(2);
        expect(r.days.length).toBeLessThanOrEqual(2);
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
