/**
 * Partial returns ("Devolución"): what a returned part of a sale refunds. Pure, integer cents.
 * A line's returned gross is its share of the line subtotal (the last units get the rest, so a line
 * returned in several parts adds up exactly). The refund follows the sale's returned gross cumulatively:
 * R(g) = floor(total × g / subtotal), and a return refunds R(after) − R(before). So refunds never go
 * negative nor above the returned gross (total ≤ subtotal), and however the sale is returned in parts
 * they add up exactly to its total. Never more than sold minus already returned.
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
  totalCents: Cents;
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

/** What returning `grossCents` of the sale's gross, in all, refunds in all: floor(total × gross / subtotal), exact in integers. */
function refundedUpTo(sale: ReturnSale, grossCents: Cents): Cents {
  if (sale.subtotalCents <= 0) return 0;
  return Number((BigInt(sale.totalCents) * BigInt(grossCents)) / BigInt(sale.subtotalCents));
}

/** The amounts of returning `wanted` (sale item id → quantity); throws RangeError naming a line asked beyond what is left. */
export function returnAmounts(sale: ReturnSale, lines: readonly ReturnableLine[], wanted: ReadonlyMap<number, number>): ReturnAmounts {
  const out: ReturnedLine[] = [];
  for (const line of lines) {
    const left = line.quantity - line.returnedQuantity;
    const q = wanted.get(line.id) ?? 0;
    if (q > left) throw new RangeError(String(line.id));
    if (q === 0) continue;
    const grossCents = q === left ? line.subtotalCents - line.returnedCents : Math.round((line.subtotalCents * q) / line.quantity);
    out.push({ saleItemId: line.id, quantity: q, grossCents, costCents: line.unitCostCents * q });
  }
  const grossCents = out.reduce((a, l) => a + l.grossCents, 0);
  const before = lines.reduce((a, l) => a + l.returnedCents, 0);
  const totalCents = refundedUpTo(sale, before + grossCents) - refundedUpTo(sale, before);
  return { lines: out, grossCents, discountCents: grossCents - totalCents, totalCents, costCents: out.reduce((a, l) => a + l.costCents, 0) };
}
