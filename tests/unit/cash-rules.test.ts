/** Pure cash-session rules (issue #16): denominations, expected cash with refunds, when a comment is required. */
import { describe, expect, it } from 'vitest';
import { ARS_DENOMINATIONS, cashDifference, cashTotals, denominationTotal, needsComment } from '../../domain/cash-rules';

describe('cash rules', () => {
  it('sums ARS bills and coins counted by face value', () => {
    expect(denominationTotal({ 2000000: 1, 1000: 3, 100: 2 })).toBe(2_003_200);
    expect(denominationTotal({})).toBe(0);
    expect(() => denominationTotal({ 300: 1 })).toThrow(/Denominación/);
    expect(() => denominationTotal({ 1000: -1 })).toThrow(/Cantidad/);
    expect(ARS_DENOMINATIONS[0]).toBe(2_000_000);
  });

  it('expected = float + cash sales − cash refunds + ins − outs; other methods never touch the drawer', () => {
    const t = cashTotals(
      1_000_000,
      [
        { paymentMethod: 'efectivo', totalCents: 300_000, cancelled: false },
        { paymentMethod: 'efectivo', totalCents: 123_456, cancelled: true },
        { paymentMethod: 'tarjeta', totalCents: 200_000, cancelled: false },
        { paymentMethod: 'transferencia', totalCents: 50_000, cancelled: true },
      ],
      [
        { kind: 'out', amountCents: 500_000 },
        { kind: 'in', amountCents: 70_000 },
      ],
    );
    expect(t).toMatchObject({ cashSalesCents: 423_456, cashRefundsCents: 123_456, insCents: 70_000, outsCents: 500_000, expectedCents: 870_000 });
    expect(t.byMethod.efectivo).toEqual({ count: 1, totalCents: 300_000 });
    expect(t.byMethod.tarjeta).toEqual({ count: 1, totalCents: 200_000 });
    expect(t.byMethod.transferencia).toEqual({ count: 0, totalCents: 0 });
  });

  it('a difference needs a comment; none does not', () => {
    expect(cashDifference(850_000, 870_000)).toBe(-20_000);
    expect(needsComment(-20_000, '')).toBe(true);
    expect(needsComment(-20_000, '   ')).toBe(true);
    expect(needsComment(-20_000, 'faltan 200')).toBe(false);
    expect(needsComment(0, null)).toBe(false);
  });
});
