/** returnAmounts: a line returned in parts adds up to its subtotal, everything returned refunds exactly the total, never beyond what is left. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { returnAmounts, type ReturnableLine } from '../../domain/sale-returns';

const line = (id: number, quantity: number, unit: number, returnedQuantity = 0, returnedCents = 0): ReturnableLine => ({
  id,
  quantity,
  subtotalCents: quantity * unit,
  unitCostCents: Math.floor(unit / 2),
  returnedQuantity,
  returnedCents,
});

describe('returnAmounts', () => {
  it('refunds the lines gross minus their share of the discount', () => {
    const lines = [line(1, 3, 12100), line(2, 1, 5000)];
    const a = returnAmounts({ subtotalCents: 41300, totalCents: 40300 }, lines, new Map([[1, 1]]));
    expect(a).toMatchObject({ grossCents: 12100, discountCents: 293, totalCents: 11807, costCents: 6050 });
    expect(() => returnAmounts({ subtotalCents: 41300, totalCents: 40300 }, lines, new Map([[2, 2]]))).toThrow(RangeError);
  });

  it('returned in any number of parts, a sale refunds exactly its total and each line exactly its subtotal', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 7 }), unit: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 99_999 })) }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 100 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 40 }),
        (spec, discountPct, picks) => {
          let lines = spec.map((l, i) => line(i + 1, l.quantity, l.unit));
          const subtotalCents = lines.reduce((a, l) => a + l.subtotalCents, 0);
          const discountCents = Math.floor((subtotalCents * discountPct) / 100);
          const sale = { subtotalCents, totalCents: subtotalCents - discountCents };
          let refunded = 0;
          for (const pick of [...picks, -1]) {
            const wanted = new Map<number, number>();
            for (const l of lines) {
              const left = l.quantity - l.returnedQuantity;
              const q = pick === -1 ? left : Math.min(left, (pick + l.id) % 3);
              if (q > 0) wanted.set(l.id, q);
            }
            if (wanted.size === 0) continue;
            const a = returnAmounts(sale, lines, wanted);
            expect(a.totalCents).toBeGreaterThanOrEqual(0);
            expect(a.totalCents).toBeLessThanOrEqual(a.grossCents);
            refunded += a.totalCents;
            lines = lines.map((l) => {
              const r = a.lines.find((x) => x.saleItemId === l.id);
              return r ? { ...l, returnedQuantity: l.returnedQuantity + r.quantity, returnedCents: l.returnedCents + r.grossCents } : l;
            });
          }
          expect(refunded).toBe(sale.totalCents);
          for (const l of lines) expect(l.returnedCents).toBe(l.subtotalCents);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
