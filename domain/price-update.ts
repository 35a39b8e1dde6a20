/**
 * Bulk price update rule (issue #15), in integer cents: a percentage or a fixed amount, then a rounding
 * rule: to the nearest $10 or $100, or up to the next price ending in 99 pesos ($1.234,56 → $1.299).
 * A result below zero is null (the update is refused for that product).
 */
import type { Cents } from './money';

export const PRICE_ROUNDINGS = ['none', '10', '100', '99'] as const;
export type PriceRounding = (typeof PRICE_ROUNDINGS)[number];
export type PriceChangeMode = 'percent' | 'amount';

export function roundPrice(cents: Cents, rounding: PriceRounding): Cents {
  switch (rounding) {
    case 'none':
      return cents;
    case '10':
      return Math.round(cents / 1000) * 1000;
    case '100':
      return Math.round(cents / 10000) * 10000;
    case '99':
      return Math.ceil((cents + 100) / 10000) * 10000 - 100;
  }
}

/** The new price of a product; `value` is a percentage (12 = +12 %) or an amount in cents. */
export function newPriceCents(old: Cents, mode: PriceChangeMode, value: number, rounding: PriceRounding): Cents | null {
  const raw = mode === 'percent' ? Math.round((old * (100 + value)) / 100) : old + value;
  const rounded = roundPrice(raw, rounding);
  return rounded < 0 ? null : rounded;
}
