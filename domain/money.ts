/**
 * Money invariant: amounts are integer cents inside the database and domain code.
 * The API speaks decimal numbers with 2 decimals; the UI formats es-AR ("$ 1.234,56").
 * Conversions round half away from zero to the cent, so 0.1 + 0.2 never leaks floats.
 */
export type Cents = number;

/** Decimal amount (number or numeric string, "," or "." as decimal mark) → integer cents. */
export function toCents(amount: number | string): Cents {
  const n = typeof amount === 'string' ? Number(amount.trim().replace(',', '.')) : amount;
  if (!Number.isFinite(n)) throw new RangeError(`Importe inválido: ${amount}`);
  const sign = n < 0 ? -1 : 1;
  return sign * Math.round(Math.abs(n) * 100 + 1e-9);
}

/** Integer cents → decimal number with 2 decimals (API representation). */
export function fromCents(cents: Cents): number {
  return Math.round(cents) / 100;
}

/**
 * Integer cents as es-AR money: "$ 1.234,56", "-$ 1.234,56" below zero. Written out by hand, not with
 * Intl.NumberFormat: building that formatter loads the locale's data, a 30 ms task on this machine and
 * over 120 ms on a throttled phone, paid by every visitor of the public catalogue before its first
 * price (issue #17 item 8). Same text as Intl's es-AR ARS currency format (tests/unit/money.test.ts),
 * except that an amount that rounds to zero never shows a minus sign.
 */
export function formatCents(cents: Cents): string {
  const rounded = Math.round(cents);
  const abs = Math.abs(rounded);
  const units = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${rounded < 0 ? '-' : ''}$ ${units},${String(abs % 100).padStart(2, '0')}`;
}

/** Formats a decimal amount (or numeric string) as es-AR money: "$ 1.234,56" (rounded to the cent as toCents does). */
export function formatMoney(amount: number | string | null | undefined): string {
  const n = typeof amount === 'string' ? Number(amount) : (amount ?? 0);
  return formatCents(toCents(Number.isFinite(n) ? n : 0));
}
