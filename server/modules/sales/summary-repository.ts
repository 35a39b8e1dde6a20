/**
 * SQL aggregates of the dashboard summary over the sales that are revenue (./revenue-sql.ts: paid, not
 * refunded), net of partial returns (returned_* columns). Nothing is loaded row by row: each figure is one
 * query that walks the index sales_status_date_idx (payment_status = 'pagado', sale_date range).
 * The builders are returned unexecuted so the tests can EXPLAIN QUERY PLAN the very same SQL.
 */
import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { products, saleItems, sales } from '../../db/schema';
import { bySql, type Q } from '../../db/store';
import { countsAsRevenue } from './revenue-sql';

export const TOP_PRODUCTS = 10;

export interface SummaryRange {
  startIso?: string;
  endIso?: string;
  /** SQLite date modifier turning a UTC instant into local time, e.g. "-180 minutes". */
  localModifier: string;
}

/**
 * The local date of a sale: its UTC instant moved by `modifier` ("-180 minutes"). On PostgreSQL the
 * modifier is written into the SQL as a literal (checked to be whole minutes), so the grouped expression
 * and the selected one are the same text (a parameter in each would not be: GROUP BY would refuse it).
 */
function localDay(q: Q, modifier: string): SQL {
  const minutes = /^[+-]?\d+ minutes$/.exec(modifier)?.[0];
  if (minutes === undefined) throw new Error(`Desfase horario inválido: ${modifier}`);
  return bySql(q, {
    sqlite: sql`strftime('%Y-%m-%d', ${sales.saleDate}, ${modifier})`,
    postgres: sql`to_char((${sales.saleDate}::timestamptz AT TIME ZONE 'UTC') + interval '${sql.raw(minutes)}', 'YYYY-MM-DD')`,
  });
}

export function summaryQueries(q: Q, range: SummaryRange) {
  const where = and(
    countsAsRevenue,
    range.startIso ? gte(sales.saleDate, range.startIso) : undefined,
    range.endIso ? lte(sales.saleDate, range.endIso) : undefined,
  );
  const totalQuantity = sql<number>`sum(${saleItems.quantity} - ${saleItems.returnedQuantity})`.as('total_quantity');
  const productRevenue = sql<number>`sum(${saleItems.subtotalCents} - ${saleItems.returnedCents})`.as('revenue_cents');
  // Rank products first, then read the names of the ten winners only.
  const ranked = q
    .select({ productId: saleItems.productId, totalQuantity, revenueCents: productRevenue })
    .from(sales)
    .innerJoin(saleItems, eq(saleItems.saleId, sales.id))
    .where(where)
    .groupBy(saleItems.productId)
    .having(sql`sum(${saleItems.quantity} - ${saleItems.returnedQuantity}) > 0`)
    .orderBy(desc(totalQuantity), desc(productRevenue), asc(saleItems.productId))
    .limit(TOP_PRODUCTS)
    .as('ranked');
  const day = sql<string>`${localDay(q, range.localModifier)}`;
  return {
    totals: q
      .select({
        count: count(),
        revenueCents: sql<number>`coalesce(sum(${sales.totalCents} - ${sales.returnedCents}), 0)`,
        costCents: sql<number>`coalesce(sum(${sales.costCents} - ${sales.returnedCostCents}), 0)`,
      })
      .from(sales)
      .where(where),
    byPaymentMethod: q
      .select({ paymentMethod: sales.paymentMethod, count: count(), totalCents: sql<number>`sum(${sales.totalCents} - ${sales.returnedCents})` })
      .from(sales)
      .where(where)
      .groupBy(sales.paymentMethod)
      .orderBy(desc(sql`sum(${sales.totalCents} - ${sales.returnedCents})`), asc(sales.paymentMethod)),
    topProducts: q
      .select({ productId: ranked.productId, productName: products.name, totalQuantity: ranked.totalQuantity, revenueCents: ranked.revenueCents })
      .from(ranked)
      .innerJoin(products, eq(products.id, ranked.productId))
      .orderBy(desc(ranked.totalQuantity), desc(ranked.revenueCents), asc(ranked.productId)),
    byDay: q
      .select({ date: day, count: count(), totalCents: sql<number>`sum(${sales.totalCents} - ${sales.returnedCents})` })
      .from(sales)
      .where(where)
      .groupBy(day)
      .orderBy(asc(day)),
  };
}
