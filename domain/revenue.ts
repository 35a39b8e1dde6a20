/**
 * Revenue, defined once (issue #30): money that came in and stayed. A sale is revenue when it is paid
 * ('pagado') and its payment was not refunded (Mercado Pago reported it refunded or charged back:
 * `refundedAt`); it then counts its total net of partial returns (total − returned), and its cost net of
 * the returned cost. A pending sale ('pendiente': the money has not come in), a cancelled one and a
 * refunded one count nothing. Item figures (category, product) carry the sale's remaining discount
 * allocated to its lines (allocateDiscount), so they add up to the sale's revenue to the cent.
 * Implemented in SQL by server/modules/sales/revenue-sql.ts (every read: dashboard, reports, sales list,
 * exports) and by the rollup triggers of drizzle/0014 and drizzle-pg/0004. Pure, integer cents.
 */
import type { Cents } from './money';

export interface RevenueSale {
  paymentStatus: string;
  refundedAt: string | null;
  totalCents: Cents;
  returnedCents: Cents;
}

export function countsAsRevenue(sale: Pick<RevenueSale, 'paymentStatus' | 'refundedAt'>): boolean {
  return sale.paymentStatus === 'pagado' && sale.refundedAt === null;
}

/** What the sale adds to revenue: total − returned when it counts, else 0. */
export function saleRevenueCents(sale: RevenueSale): Cents {
  return countsAsRevenue(sale) ? sale.totalCents - sale.returnedCents : 0;
}

/**
 * `discount` split over lines in proportion to their gross (largest remainder: each line gets
 * floor(discount × gross / Σ gross), and the cents left go one each to the largest remainders, ties to
 * the earlier line), so the shares add up to `discount` exactly. The same rule as the reports' SQL.
 */
export function allocateDiscount(grossCents: readonly Cents[], discount: Cents): Cents[] {
  const total = grossCents.reduce((a, g) => a + g, 0);
  if (total <= 0 || discount <= 0) return grossCents.map(() => 0);
  const exact = grossCents.map((g) => BigInt(discount) * BigInt(g));
  const base = exact.map((e) => Number(e / BigInt(total)));
  const rest = exact.map((e, i) => ({ i, r: Number(e % BigInt(total)) }));
  let left = discount - base.reduce((a, b) => a + b, 0);
  for (const { i } of rest.sort((a, b) => b.r - a.r || a.i - b.i)) {
    if (left-- <= 0) break;
    base[i] += 1;
  }
  return base;
}
