/**
 * Partial returns ("Devolución"): what a returned part of a sale refunds. Pure, integer cents.
 * A line's returned gross is its share of the line subtotal (the last units get the rest, so a line
 * returned in several parts adds up exactly); the refund is that gross minus its share of the sale's
 * discount (a return of everything left refunds exactly what is left of the total). Never more than
 * sold minus already returned.
 */
import type { Cents } from './money';

export interface ReturnableLine {
  id: number;
  quantity: number;
  subtotalCents: Cents;
  unitCostCents: Cents;
  returnedQuantity: number;
  returnedCents: Cents;
}

export interface ReturnSale {
  subtotalCents: Cents;
  discountCents: Cents;
  totalCents: Cents;
  returnedCents: Cents;
}

export interface ReturnedLine {
  saleItemId: number;
  quantity: number;
  grossCents: Cents;
  costCents: Cents;
}

export interface ReturnAmounts {
  lines: ReturnedLine[];
  grossCents: Cents;
  /** The returned lines' share of the sale's discount. */
  discountCents: Cents;
  /** Refunded: grossCents − discountCents. */
  totalCents: Cents;
  costCents: Cents;
}

/** The amounts of returning `wanted` (sale item id → quantity); throws RangeError naming a line asked beyond what is left. */
export function returnAmounts(sale: ReturnSale, lines: readonly ReturnableLine[], wanted: ReadonlyMap<number, number>): ReturnAmounts {
  const out: ReturnedLine[] = [];
  let everythingLeft = true;
  for (const line of lines) {
    const left = line.quantity - line.returnedQuantity;
    const q = wanted.get(line.id) ?? 0;
    if (q > left) throw new RangeError(String(line.id));
    if (q < left) everythingLeft = false;
    if (q === 0) continue;
    const grossCents = q === left ? line.subtotalCents - line.returnedCents : Math.round((line.subtotalCents * q) / line.quantity);
    out.push({ saleItemId: line.id, quantity: q, grossCents, costCents: line.unitCostCents * q });
  }
  const grossCents = out.reduce((a, l) => a + l.grossCents, 0);
  const totalCents = everythingLeft
    ? sale.totalCents - sale.returnedCents
    : Math.min(sale.totalCents - sale.returnedCents, grossCents - Math.round((sale.discountCents * grossCents) / Math.max(1, sale.subtotalCents)));
  return { lines: out, grossCents, discountCents: grossCents - totalCents, totalCents, costCents: out.reduce((a, l) => a + l.costCents, 0) };
}
