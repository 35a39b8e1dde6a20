/**
 * Money as the UI shows it (domain/money.ts): formatCents writes es-AR currency by hand, so it is held to
 * Intl.NumberFormat's own es-AR ARS format on every amount a shop handles, and formatMoney rounds
 * decimals to the cent the way the rest of the domain does (toCents).
 */
import { describe, expect, it } from 'vitest';
import { formatCents, formatMoney, toCents } from '../../domain/money';

const intl = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const byIntl = (cents: number) => intl.format(cents / 100).replace(/\u00a0/g, ' ');

/** A deterministic spread of amounts: every size from cents to billions, both signs. */
function* amounts(): Generator<number> {
  let seed = 17;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < 20_000; i++) {
    const digits = 1 + Math.floor(next() * 13);
    const cents = Math.floor(next() * 10 ** digits);
    yield next() < 0.2 ? -cents : cents;
  }
}

describe('money formatting', () => {
  it('writes "$ 1.234,56" exactly as Intl es-AR does, on 20,000 amounts of every size and sign', () => {
    const differ: string[] = [];
    for (const cents of amounts()) if (cents !== 0 && formatCents(cents) !== byIntl(cents)) differ.push(`${cents}: ${formatCents(cents)} ≠ ${byIntl(cents)}`);
    expect(differ.slice(0, 5)).toEqual([]);
  });

  it('groups thousands with dots and always shows two decimals', () => {
    expect(formatCents(123456)).toBe('$ 1.234,56');
    expect(formatCents(-123456)).toBe('-$ 1.234,56');
    expect(formatCents(100)).toBe('$ 1,00');
    expect(formatCents(5)).toBe('$ 0,05');
    expect(formatCents(100000000000)).toBe('$ 1.000.000.000,00');
    expect(formatCents(99999)).toBe('$ 999,99');
  });

  it('zero has no minus sign, even from a negative amount that rounds to zero', () => {
    expect(formatCents(0)).toBe('$ 0,00');
    expect(formatCents(-0)).toBe('$ 0,00');
    expect(formatMoney(-0.004)).toBe('$ 0,00');
  });

  it('formatMoney rounds to the cent as toCents does, reads numeric strings, and shows junk as zero', () => {
    for (const amount of [1.005, 2.675, 12.345, -12.345, 0.1 + 0.2, 1234567.891]) expect(formatMoney(amount)).toBe(formatCents(toCents(amount)));
    expect(formatMoney(1.005)).toBe('$ 1,01');
    expect(formatMoney('1234.5')).toBe('$ 1.234,50');
    expect(formatMoney(null)).toBe('$ 0,00');
    expect(formatMoney(undefined)).toBe('$ 0,00');
    expect(formatMoney('abc')).toBe('$ 0,00');
    expect(formatMoney(Number.NaN)).toBe('$ 0,00');
  });
});
