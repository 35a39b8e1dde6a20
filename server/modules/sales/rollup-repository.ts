/**
 * The dashboard summary read from the sales rollups, for ranges of whole local days.
 * Invariant (drizzle/0014_revenue_paid_not_refunded.sql, drizzle-pg/0004): sales_daily and
 * product_sales_{daily,monthly,yearly} are exactly the aggregates of the sales that are revenue
 * (domain/revenue.ts: paid, not refunded, net of returns) by local day / month / year, kept by triggers
 * on sales and sale_items; nothing here writes them. Every query is a range search on a
 * rollup's primary key (≤ 366 × 4 rows for sales_daily), never a scan of sales or sale_items.
 * The builders are returned unexecuted so the tests can EXPLAIN QUERY PLAN the very same SQL.
 */
import { asc, between, desc, eq, sql } from 'drizzle-orm';
import { unionAll, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { products, productSalesDaily, productSalesMonthly, productSalesYearly, salesDaily } from '../../db/schema';
import type { Q } from '../../db/store';
import type { RollupRanges, Span } from './rollup-ranges';
import { TOP_PRODUCTS } from './summary-repository';

export function rollupSummaryQueries(q: Q, startDay: string, endDay: string, ranges: RollupRanges) {
  const inDays = between(salesDaily.localDate, startDay, endDay);
  const count = sql<number>`sum(${salesDaily.salesCount})`;
  const totalCents = sql<number>`sum(${salesDaily.totalCents})`;

  // Product pieces: whole years, whole months, remaining days (rollup-ranges.ts), summed per product.
  const piece = (table: typeof productSalesYearly | typeof productSalesMonthly | typeof productSalesDaily, key: SQLiteColumn, [from, to]: Span) =>
    q
      .select({
        productId: sql<number>`${table.productId}`.as('product_id'),
        quantity: sql<number>`${table.quantity}`.as('quantity'),
        revenueCents: sql<number>`${table.revenueCents}`.as('revenue_cents'),
      })
      .from(table)
      .where(between(key, from, to));
  const pieces = [
    ...ranges.years.map((span) => piece(productSalesYearly, productSalesYearly.year, span)),
    ...ranges.months.map((span) => piece(productSalesMonthly, productSalesMonthly.month, span)),
    ...ranges.days.map((span) => piece(productSalesDaily, productSalesDaily.localDate, span)),
  ];
  // An empty range (end before start) still needs one branch: it matches nothing.
  if (pieces.length === 0) pieces.push(piece(productSalesDaily, productSalesDaily.localDate, [startDay, endDay]));
  const [first, second, ...rest] = pieces;
  const union = (second ? unionAll(first, second, ...rest) : first).as('pieces');
  const totalQuantity = sql<number>`sum(${union.quantity})`.as('total_quantity');
  const revenueCents = sql<number>`sum(${union.revenueCents})`.as('revenue_cents');
  const ranked = q
    .select({ productId: union.productId, totalQuantity, revenueCents })
    .from(union)
    .groupBy(sql`${union.productId}`)
    .having(sql`sum(${union.quantity}) > 0`)
    .orderBy(desc(totalQuantity), desc(revenueCents), asc(sql`${union.productId}`))
    .limit(TOP_PRODUCTS)
    .as('ranked');

  return {
    totals: q
      .select({
        count: sql<number>`coalesce(sum(${salesDaily.salesCount}), 0)`,
        revenueCents: sql<number>`coalesce(sum(${salesDaily.totalCents}), 0)`,
        costCents: sql<number>`coalesce(sum(${salesDaily.costCents}), 0)`,
      })
      .from(salesDaily)
      .where(inDays),
    byPaymentMethod: q
      .select({ paymentMethod: salesDaily.paymentMethod, count, totalCents })
      .from(salesDaily)
      .where(inDays)
      .groupBy(salesDaily.paymentMethod)
      .having(sql`sum(${salesDaily.salesCount}) > 0`)
      .orderBy(desc(totalCents), asc(salesDaily.paymentMethod)),
    topProducts: q
      .select({ productId: ranked.productId, productName: products.name, totalQuantity: ranked.totalQuantity, revenueCents: ranked.revenueCents })
      .from(ranked)
      .innerJoin(products, eq(products.id, ranked.productId))
      .orderBy(desc(ranked.totalQuantity), desc(ranked.revenueCents), asc(ranked.productId)),
    byDay: q
      .select({ date: salesDaily.localDate, count, totalCents })
      .from(salesDaily)
      .where(inDays)
      .groupBy(salesDaily.localDate)
      .having(sql`sum(${salesDaily.salesCount}) > 0`)
      .orderBy(asc(salesDaily.localDate)),
  };
}
