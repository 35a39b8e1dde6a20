/**
 * The one es-AR reader of money typed by a person (every money field of the UI uses it): "." groups
 * thousands in threes and "," marks at most 2 decimals, as the app itself prints ("$ 12.345,50").
 * Only unambiguous text is accepted: "1.500" = 1500, "1.000,50", "1500", "1500,5", "0,99", "$ 800".
 * Anything else is refused with a Spanish reason, never guessed: "1.50" (a decimal point or a typo of
 * "1.500"?), "1.5000", "1,505" (3 decimals), "1,000.50", "-5", "abc".
 */
import type { Cents } from './money';

export const MONEY_INPUT_MSG = {
  invalid: 'Ingresá un importe válido (ej. 1.234,50)',
  dotDecimals: 'Usá la coma para los decimales (ej. 1,50) y el punto solo para los miles (ej. 1.500)',
  tooManyDecimals: 'El importe admite como máximo 2 decimales',
  badGrouping: 'Los miles van en grupos de 3 cifras (ej. 12.345,50)',
  negative: 'El importe no puede ser negativo',
  percent: 'El porcentaje debe estar entre 0 y 100',
} as const;

export type MoneyInput = { ok: true; cents: Cents | null } | { ok: false; message: string };

const PLAIN = /^\d+(,\d{1,2})?$/;
const GROUPED = /^\d{1,3}(\.\d{3})+(,\d{1,2})?$/;

/** Text as typed → integer cents (`null` when blank), or the reason it is refused. */
export function parseMoneyInput(text: string): MoneyInput {
  const t = text.trim().replace(/^\$\s*/, '');
  if (!t) return { ok: true, cents: null };
  if (t.startsWith('-')) return { ok: false, message: MONEY_INPUT_MSG.negative };
  if (PLAIN.test(t) || GROUPED.test(t)) {
    const [whole, decimals = ''] = t.replace(/\./g, '').split(',');
    return { ok: true, cents: Number(whole) * 100 + Number(decimals.padEnd(2, '0')) };
  }
  if (/^\d+\.\d{1,2}$/.test(t) || /^[\d.,]*,[\d,]*\.\d*$/.test(t)) return { ok: false, message: MONEY_INPUT_MSG.dotDecimals };
  if (/^[\d.]*\d,\d{3,}$/.test(t)) return { ok: false, message: MONEY_INPUT_MSG.tooManyDecimals };
  if (/^[\d.]+(,\d+)?$/.test(t)) return { ok: false, message: MONEY_INPUT_MSG.badGrouping };
  return { ok: false, message: MONEY_INPUT_MSG.invalid };
}

/**
 * A discount as typed: an amount ("1.500") or a percentage of the subtotal ("10 %", "12,5%"), rounded
 * half up to the cent. Blank is 0.
 */
export function parseDiscountInput(text: string, subtotalCents: Cents): MoneyInput & { percent?: number } {
  const t = text.trim();
  if (!t.endsWith('%')) {
    const amount = parseMoneyInput(t);
    return amount.ok ? { ok: true, cents: amount.cents ?? 0 } : amount;
  }
  const number = parseMoneyInput(t.slice(0, -1));
  if (!number.ok) return number;
  const hundredths = number.cents ?? 0; // "12,5" → 1250 hundredths of a percent
  if (hundredths > 100 * 100) return { ok: false, message: MONEY_INPUT_MSG.percent };
  return { ok: true, cents: Math.round((subtotalCents * hundredths) / 10_000), percent: hundredths / 100 };
}
