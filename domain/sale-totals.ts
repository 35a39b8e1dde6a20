/**
 * Sale totals in integer cents (money invariant of domain/money.ts): line subtotal = unit price ×
 * quantity; subtotal = Σ lines; total = subtotal − discount, with 0 ≤ discount ≤ subtotal; cost is the
 * unit cost at sale time × quantity, so profit = total − cost. The POS cart and the server both use
 * these functions, so the device and the ledger never disagree by a cent.
 */
import type { Cents } from './money';

export interface SaleLine {
  quantity: number;
  unitPriceCents: Cents;
  unitCostCents?: Cents;
}

export interface SaleTotals {
  lineSubtotalsCents: Cents[];
  subtotalCents: Cents;
  discountCents: Cents;
  totalCents: Cents;
  costCents: Cents;
}

/** Spanish reason why a discount cannot apply to a subtotal, or null when it can. */
export function discountProblem(subtotalCents: Cents, discountCents: Cents): string | null {
  if (!Number.isInteger(discountCents) || discountCents < 0) return 'El descuento no puede ser negativo';
  if (discountCents > subtotalCents) return 'El descuento no puede superar el subtotal de la venta';
  return null;
}

/** Totals of a sale. Throws RangeError (Spanish) on a negative or fractional quantity or price, or a bad discount. */
export function computeSaleTotals(lines: readonly SaleLine[], discountCents: Cents = 0): SaleTotals {
  let subtotalCents = 0;
  let costCents = 0;
  const lineSubtotalsCents = lines.map((line) => {
    if (!Number.isInteger(line.quantity) || line.quantity <= 0) throw new RangeError('La cantidad debe ser un entero positivo');
    if (!Number.isInteger(line.unitPriceCents) || line.unitPriceCents < 0) throw new RangeError('El precio unitario no es válido');
    const lineSubtotal = line.unitPriceCents * line.quantity;
    subtotalCents += lineSubtotal;
    costCents += (line.unitCostCents ?? 0) * line.quantity;
    return lineSubtotal;
  });
  const problem = discountProblem(subtotalCents, discountCents);
  if (problem) throw new RangeError(problem);
  return { lineSubtotalsCents, subtotalCents, discountCents, totalCents: subtotalCents - discountCents, costCents };
}
