/** The es-AR money reader used by every money field: unambiguous text accepted, the rest refused with a reason. */
import { describe, expect, it } from 'vitest';
import { MONEY_INPUT_MSG as M, parseDiscountInput, parseMoneyInput } from '../../domain/money-input';

describe('parseMoneyInput', () => {
  it.each([
    ['1.500', 150_000],
    ['1.000', 100_000],
    ['1.000,50', 100_050],
    ['12.345,50', 1_234_550],
    ['1.234.567,89', 123_456_789],
    ['1500', 150_000],
    ['1500,5', 150_050],
    ['1500,50', 150_050],
    ['0,99', 99],
    ['0', 0],
    ['  800 ', 80_000],
    ['$ 1.234,56', 123_456],
    ['$800', 80_000],
    ['999', 99_900],
  ])('"%s" → %i cents', (text, cents) => {
    expect(parseMoneyInput(text)).toEqual({ ok: true, cents });
  });

  it.each([
    ['1.50', M.dotDecimals],
    ['1500.5', M.dotDecimals],
    ['1,000.50', M.dotDecimals],
    ['1,505', M.tooManyDecimals],
    ['1.000,505', M.tooManyDecimals],
    ['1.5000', M.badGrouping],
    ['12.34.567', M.badGrouping],
    ['1.', M.badGrouping],
    ['-5', M.negative],
    ['abc', M.invalid],
    ['1 500', M.invalid],
    ['1e3', M.invalid],
    [',5', M.invalid],
    ['1,', M.invalid],
  ])('"%s" is refused: %s', (text, message) => {
    expect(parseMoneyInput(text)).toEqual({ ok: false, message });
  });

  it('blank is no amount, not zero', () => {
    expect(parseMoneyInput('   ')).toEqual({ ok: true, cents: null });
  });
});

describe('parseDiscountInput', () => {
  it('an amount, a percentage of the subtotal, blank as 0', () => {
    expect(parseDiscountInput('1.500', 1_000_000)).toEqual({ ok: true, cents: 150_000 });
    expect(parseDiscountInput('10%', 1_234_550)).toEqual({ ok: true, cents: 123_455, percent: 10 });
    expect(parseDiscountInput('12,5 %', 100_001)).toEqual({ ok: true, cents: 12_500, percent: 12.5 });
    expect(parseDiscountInput('', 5000)).toEqual({ ok: true, cents: 0 });
    expect(parseDiscountInput('100%', 5000)).toEqual({ ok: true, cents: 5000, percent: 100 });
  });

  it('refuses a percentage over 100 and a malformed one', () => {
    expect(parseDiscountInput('150%', 5000)).toEqual({ ok: false, message: M.percent });
    expect(parseDiscountInput('1.5%', 5000)).toEqual({ ok: false, message: M.dotDecimals });
  });
});
