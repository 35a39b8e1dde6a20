/**
 * Monotributo tracker rules (issue #37.4): the rolling 12-month window by local date, warning levels at 80, 90 and
 * 100 %, where a total stands against a category (next one, top one, the category it fits in), the next
 * recategorisation windows (January and July, to the 5th of the month after), and the settings schema's Spanish
 * refusals (letters, increasing caps, the shop's category in the table).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextRecategorisations, rollingWindow, standing, warningLevel, type CategoryCap } from '../../domain/monotributo';
import { monotributoSettingsBody } from '../../domain/schemas/monotributo';
import { localDateString } from '../../domain/time';

const SCALE: CategoryCap[] = [
  { category: 'A', capCents: 1_000_000 },
  { category: 'B', capCents: 2_000_000 },
  { category: 'K', capCents: 5_000_000 },
];

describe('rolling window', () => {
  it('runs from the day after the same date a year before to today', () => {
    expect(rollingWindow('2026-11-27')).toEqual({ from: '2025-11-28', to: '2026-11-27' });
    expect(rollingWindow('2026-01-01')).toEqual({ from: '2025-01-02', to: '2026-01-01' });
    expect(rollingWindow('2026-12-31')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(rollingWindow('2028-02-29')).toEqual({ from: '2027-03-01', to: '2028-02-29' });
    expect(rollingWindow('2029-03-01')).toEqual({ from: '2028-03-02', to: '2029-03-01' });
  });

  it('is always 365 or 366 days, ending today', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2001-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }), (d) => {
        const today = d.toISOString().slice(0, 10);
        const w = rollingWindow(today);
        const days = (Date.parse(w.to) - Date.parse(w.from)) / 86_400_000 + 1;
        expect(w.to).toBe(today);
        expect([365, 366]).toContain(days);
      }),
    );
  });

  it('takes today in Buenos Aires: 1 December 01:30 UTC is still 30 November there', () => {
    const today = localDateString(new Date('2026-12-01T01:30:00Z'), 'America/Argentina/Buenos_Aires');
    expect(rollingWindow(today)).toEqual({ from: '2025-12-01', to: '2026-11-30' });
  });
});

describe('warning levels', () => {
  it('warns at exactly 80, 90 and 100 % of the cap, not a cent before', () => {
    expect(warningLevel(799_999, 1_000_000)).toBe(0);
    expect(warningLevel(800_000, 1_000_000)).toBe(80);
    expect(warningLevel(899_999, 1_000_000)).toBe(80);
    expect(warningLevel(900_000, 1_000_000)).toBe(90);
    expect(warningLevel(999_999, 1_000_000)).toBe(90);
    expect(warningLevel(1_000_000, 1_000_000)).toBe(100);
    expect(warningLevel(5_000_000, 1_000_000)).toBe(100);
    expect(warningLevel(-10, 1_000_000)).toBe(0);
  });
});

describe('standing against the category', () => {
  it('names the current and next category, the percent and the category the total fits in', () => {
    expect(standing(SCALE, 'A', 950_000)).toEqual({
      current: SCALE[0], next: SCALE[1], atTop: false, percent: 95, level: 90, over: false, fitsIn: 'A',
    });
    expect(standing(SCALE, 'A', 1_500_000)).toMatchObject({ level: 100, over: true, fitsIn: 'B', percent: 150 });
    expect(standing(SCALE, 'B', 1_000_000)).toMatchObject({ level: 0, fitsIn: 'A', next: SCALE[2] });
  });

  it('knows the top category: no next one, and over its cap fits in none', () => {
    expect(standing(SCALE, 'K', 4_000_000)).toMatchObject({ atTop: true, next: null, level: 80, fitsIn: 'K' });
    expect(standing(SCALE, 'K', 5_000_001)).toMatchObject({ atTop: true, over: true, level: 100, fitsIn: null });
  });

  it('without a category (or one not in the table) gives no level, only where the total fits', () => {
    expect(standing(SCALE, null, 1_500_000)).toEqual({ current: null, next: null, atTop: false, percent: null, level: 0, over: false, fitsIn: 'B' });
    expect(standing(SCALE, 'Z', 10)).toMatchObject({ current: null, fitsIn: 'A' });
  });
});

describe('recategorisations', () => {
  it('are in January and July, evaluating the 12 months that closed, with the 5th of the next month as deadline', () => {
    expect(nextRecategorisations('2026-11-27')).toEqual([
      { month: '2027-01', opens: '2027-01-01', deadline: '2027-02-05', evaluates: { from: '2026-01-01', to: '2026-12-31' } },
      { month: '2027-07', opens: '2027-07-01', deadline: '2027-08-05', evaluates: { from: '2026-07-01', to: '2027-06-30' } },
    ]);
  });

  it('keep a window that is still open first, and drop it the day after its deadline', () => {
    expect(nextRecategorisations('2027-02-05')[0].month).toBe('2027-01');
    expect(nextRecategorisations('2027-02-06')[0].month).toBe('2027-07');
    expect(nextRecategorisations('2027-08-05').map((r) => r.month)).toEqual(['2027-07', '2028-01']);
    expect(nextRecategorisations('2027-08-06', 1).map((r) => r.month)).toEqual(['2028-01']);
  });
});

describe('settings schema', () => {
  const body = { category: 'b', categories: [{ category: 'a', cap: 10_000 }, { category: 'B', cap: 20_000.5 }], source: 'ARCA', validFrom: '2026-02-01' };
  const problems = (v: unknown) => {
    const r = monotributoSettingsBody.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('accepts a table with increasing caps and upper-cases the letters', () => {
    const r = monotributoSettingsBody.parse(body);
    expect(r.category).toBe('B');
    expect(r.categories.map((c) => c.category)).toEqual(['A', 'B']);
    expect(monotributoSettingsBody.parse({ ...body, category: null }).category).toBeNull();
  });

  it('refuses in Spanish a repeated letter, a cap not above the previous one, a bad cap, a category not in the table', () => {
    expect(problems({ ...body, categories: [{ category: 'A', cap: 10 }, { category: 'A', cap: 20 }], category: 'A' })).toEqual(['categories.1.category: la categoría A está repetida']);
    expect(problems({ ...body, categories: [{ category: 'A', cap: 10 }, { category: 'B', cap: 10 }] })).toEqual(['categories.1.cap: el tope de B debe ser mayor que el de A']);
    expect(problems({ ...body, categories: [{ category: 'A', cap: 0 }], category: 'A' })).toEqual(['categories.0.cap: debe ser mayor que cero']);
    expect(problems({ ...body, categories: [{ category: 'A', cap: 1.234 }], category: 'A' })).toEqual(['categories.0.cap: no puede tener más de 2 decimales']);
    expect(problems({ ...body, categories: [{ category: 'A', cap: 'mucho' }], category: 'A' })).toEqual(['categories.0.cap: debe ser un número']);
    expect(problems({ ...body, category: 'C' })).toEqual(['category: la categoría C no está en la tabla']);
    expect(problems({ ...body, categories: [{ category: '1', cap: 10 }], category: null })).toEqual(['categories.0.category: debe ser una letra (A a K)']);
    expect(problems({ ...body, categories: [] })).toContain('categories: debe tener al menos una categoría');
    expect(problems({ ...body, source: ' ' })).toEqual(['source: es obligatorio']);
    expect(problems({ ...body, validFrom: '2026-02-30' })).toEqual(['validFrom: no es una fecha válida (AAAA-MM-DD)']);
  });
});
