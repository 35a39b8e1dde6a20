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

const formatter = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Formats a decimal amount (or numeric string) as es-AR money: "$ 1.234,56". */
export function formatMoney(amount: number | string | null | undefined): string {
  const n = typeof amount === 'string' ? Number(amount) : (amount ?? 0);
  return formatter.format(Number.isFinite(n) ? n : 0).replace(/\u00a0/g, ' ');
}

/** Formats integer cents as es-AR money. */
export function formatCents(cents: Cents): string {
  return formatMoney(fromCents(cents));
}
