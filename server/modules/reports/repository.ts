/**
 * SQL of the reports: aggregates over the sales of local days [start, end] that are revenue
 * (domain/revenue.ts via ../sales/revenue-sql.ts: paid, not refunded), net of partial returns. Item
 * figures (category, product) carry each sale's remaining discount allocated to its lines in proportion to
 * their remaining gross, by largest remainder in integer cents (domain/revenue.ts allocateDiscount, here in
 * SQL with window functions): per sale the lines add up to its revenue exactly, so the categories add up to
 * the period's total.
 * Two passes, whatever the range (issue #39 item 5): one over the sales (by day, hour and seller at once)
 * and one over their lines (by product, a plain sum of gross, quantity and cost). Only the sales that can
 * carry a discount on what remains (a discount, a return, or a total other than their subtotal) go through
 * the allocation's window functions, which adjust their products' revenue; for any other sale the
 * remaining discount is 0 (its subtotal is the sum of its lines' subtotals: ledger-write.ts) and each line's
 * revenue is its gross. Categories are summed from the products (a product's category is its current one).
 * Every query takes its sales through sales_status_local_date_idx (payment_status = 'pagado', local_date
 * range) and their lines through sale_items_sale_idx: the cost grows with the sales of the range, not with
 * the table (tests/server/query-bounds.test.ts checks the plans). The lines are joined with CROSS JOIN,
 * which SQLite takes as the join order: otherwise it walks sale_items_product_idx to group without a
 * sort and looks up each line's sale at random (12 s instead of 2.5 s for a year of 200,000 sales).
 */
import { sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { bySql, rows, type Q } from '../../db/store';
import { countsAsRevenueOf } from '../sales/revenue-sql';

// Same SQL on both dialects except the hour (SQLite's strftime modifier; PostgreSQL's interval on the UTC
// timestamp); every selected column is grouped and ties are ordered by id, so both give the same rows in
// the same order (PostgreSQL's bigint and numeric sums come back as numbers: server/db/pg-store.ts).
const counted = (start: string, end: string) => sql`${countsAsRevenueOf('s')} AND s.local_date BETWEEN ${start} AND ${end}`;

/** A sale whose remaining discount may be other than 0 (see the header). */
const mayCarryDiscount = sql.raw('(s.discount_cents <> 0 OR s.returned_cents <> 0 OR s.total_cents <> s.subtotal_cents)');

/**
 * For the products of the lines of the range's sales that may carry a discount: their revenue minus their
 * gross, each line's revenue being its gross − its share of the sale's remaining discount (sale gross −
 * sale revenue). PostgreSQL's window sums are numeric: cast back to bigint so `/` and `%` are integer
 * division and remainder on both dialects.
 */
const discountAdjustments = (start: string, end: string) => sql`
  lines AS (
    SELECT i.id, i.sale_id, i.product_id, i.subtotal_cents - i.returned_cents AS gross, s.total_cents - s.returned_cents AS net_total
    FROM sales s CROSS JOIN sale_items i
    WHERE i.sale_id = s.id AND ${counted(start, end)} AND ${mayCarryDiscount}
  ), totals AS (
    SELECT l.*, CAST(SUM(l.gross) OVER (PARTITION BY l.sale_id) AS BIGINT) AS sale_gross FROM lines l
  ), split AS (
    SELECT t.*, t.sale_gross - t.net_total AS discount,
           CASE WHEN t.sale_gross > 0 THEN CAST(t.sale_gross - t.net_total AS BIGINT) * t.gross / t.sale_gross ELSE 0 END AS base,
           CASE WHEN t.sale_gross > 0 THEN CAST(t.sale_gross - t.net_total AS BIGINT) * t.gross % t.sale_gross ELSE 0 END AS rest
    FROM totals t
  ), ranked AS (
    SELECT x.*, CAST(SUM(x.base) OVER (PARTITION BY x.sale_id) AS BIGINT) AS base_sum,
           ROW_NUMBER() OVER (PARTITION BY x.sale_id ORDER BY x.rest DESC, x.id) AS place
    FROM split x
  ), adjustments AS (
    SELECT r.product_id, SUM(-r.base - CASE WHEN r.place <= r.discount - r.base_sum THEN 1 ELSE 0 END) AS adjust
    FROM ranked r GROUP BY r.product_id
  )`;

/** The report's statements, unexecuted (the tests EXPLAIN them). */
export const reportQueries = {
  /**
   * Sales by local day, wall-clock hour and seller in one pass. `modifier` turns the UTC sale_date into the
   * shop's wall clock (e.g. "-180 minutes").
   */
  bySale: (q: Q, start: string, end: string, modifier: string) =>
    sql`
      SELECT s.local_date AS date, ${bySql(q, {
        sqlite: sql`CAST(strftime('%H', s.sale_date, ${modifier}) AS INTEGER)`,
        postgres: sql`CAST(EXTRACT(HOUR FROM (s.sale_date::timestamptz AT TIME ZONE 'UTC') + ${modifier}::interval) AS INTEGER)`,
      })} AS hour, s.user_id AS "userId", COUNT(*) AS count, SUM(s.total_cents - s.returned_cents) AS "totalCents"
      FROM sales s
      WHERE ${counted(start, end)}
      GROUP BY s.local_date, 2, s.user_id`,

  /** Lines by product (with its current category), revenue after the discount allocation, by margin. */
  byProduct: (q: Q, start: string, end: string) =>
    sql`
      WITH plain AS (
        SELECT i.product_id, MAX(i.product_name) AS product_name, SUM(i.quantity - i.returned_quantity) AS qty,
               SUM(i.unit_cost_cents * (i.quantity - i.returned_quantity)) AS cost, SUM(i.subtotal_cents - i.returned_cents) AS gross
        FROM sales s CROSS JOIN sale_items i
        WHERE i.sale_id = s.id AND ${counted(start, end)}
        GROUP BY i.product_id
      ), ${discountAdjustments(start, end)}
      SELECT x.product_id AS "productId", x.product_name AS "productName", p.category_id AS "categoryId", c.name AS "categoryName",
             x.qty AS quantity, x.gross + COALESCE(a.adjust, 0) AS "revenueCents", x.cost AS "costCents"
      FROM plain x LEFT JOIN adjustments a ON a.product_id = x.product_id
      LEFT JOIN products p ON p.id = x.product_id LEFT JOIN categories c ON c.id = p.category_id
      ORDER BY x.gross + COALESCE(a.adjust, 0) - x.cost DESC, x.product_id`,
};

type SaleGroup = { date: string; hour: number; userId: number; count: number; totalCents: number };
type ProductRow = { productId: number; productName: string; categoryId: number | null; categoryName: string | null; quantity: number; revenueCents: number; costCents: number };

/** Sums the sale groups by `key` into count and totalCents, on a row `make` starts. */
function sumBy<K, R extends { count: number; totalCents: number }>(groups: SaleGroup[], key: (g: SaleGroup) => K, make: (g: SaleGroup) => R): Map<K, R> {
  const out = new Map<K, R>();
  for (const g of groups) {
    const row = out.get(key(g)) ?? out.set(key(g), { ...make(g), count: 0, totalCents: 0 }).get(key(g))!;
    row.count += Number(g.count);
    row.totalCents += Number(g.totalCents);
  }
  return out;
}

export type ReportFigures = Awaited<ReturnType<typeof reportFigures>>;

/**
 * Every figure of the report of local days [start, end]. Run inside one snapshot (the PostgreSQL store's,
 * or the reports' reader thread's read transaction on SQLite: ./off-thread.ts), so they add up together.
 */
export async function reportFigures(q: Q, start: string, end: string, modifier: string) {
  const groups = await rows<SaleGroup>(q, reportQueries.bySale(q, start, end, modifier));
  const names = new Map((await q.select({ id: users.id, fullName: users.fullName }).from(users)).map((u) => [u.id, u.fullName]));
  const products = (await rows<ProductRow>(q, reportQueries.byProduct(q, start, end))).map((r) => ({
    ...r,
    quantity: Number(r.quantity),
    revenueCents: Number(r.revenueCents),
    costCents: Number(r.costCents),
  }));
  const categories = new Map<number | null, { categoryId: number | null; categoryName: string | null; quantity: number; revenueCents: number; costCents: number }>();
  for (const p of products) {
    const c = categories.get(p.categoryId) ?? categories.set(p.categoryId, { categoryId: p.categoryId, categoryName: p.categoryName, quantity: 0, revenueCents: 0, costCents: 0 }).get(p.categoryId)!;
    c.quantity += p.quantity;
    c.revenueCents += p.revenueCents;
    c.costCents += p.costCents;
  }
  return {
    byHour: [...sumBy(groups, (g) => g.hour, (g) => ({ hour: g.hour, count: 0, totalCents: 0 })).values()].sort((a, b) => a.hour - b.hour),
    daily: [...sumBy(groups, (g) => g.date, (g) => ({ date: g.date, count: 0, totalCents: 0 })).values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
    byCategory: [...categories.values()].sort((a, b) => b.revenueCents - a.revenueCents || (a.categoryId ?? 0) - (b.categoryId ?? 0)),
    bySeller: [...sumBy(groups, (g) => g.userId, (g) => ({ userId: g.userId, fullName: names.get(g.userId) ?? '', count: 0, totalCents: 0 })).values()].sort(
      (a, b) => b.totalCents - a.totalCents || a.userId - b.userId,
    ),
    marginByProduct: products.map(({ productId, productName, quantity, revenueCents, costCents }) => ({ productId, productName, quantity, revenueCents, costCents })),
  };
}
