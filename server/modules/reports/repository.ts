/**
 * SQL of the reports: aggregates over the sales of local days [start, end] that are revenue
 * (domain/revenue.ts via ../sales/revenue-sql.ts: paid, not refunded), net of partial returns. Item
 * figures (category, product) carry each sale's remaining discount allocated to its lines in proportion to
 * their remaining gross, by largest remainder in integer cents (domain/revenue.ts allocateDiscount, here in
 * SQL with window functions): per sale the lines add up to its revenue exactly, so the categories add up to
 * the period's total.
 * Every query takes its sales through sales_status_local_date_idx (payment_status = 'pagado', local_date
 * range) and their lines through sale_items_sale_idx: the cost grows with the sales of the range, not with
 * the table (tests/server/report-off-thread.test.ts checks the plans).
 */
import { sql } from 'drizzle-orm';
import { bySql, rows, type Q } from '../../db/store';
import { countsAsRevenueOf } from '../sales/revenue-sql';

// Same SQL on both dialects except the hour (SQLite's strftime modifier; PostgreSQL's interval on the UTC
// timestamp); every selected column is grouped and ties are ordered by id, so both give the same rows in
// the same order (PostgreSQL's bigint and numeric sums come back as numbers: server/db/pg-store.ts).
const counted = (start: string, end: string) => sql`${countsAsRevenueOf('s')} AND s.local_date BETWEEN ${start} AND ${end}`;

/**
 * One row per sale line of the range with what remains of it (quantity, cost, gross) and its revenue:
 * gross − its share of the sale's remaining discount (sale gross − sale revenue). PostgreSQL's window sums
 * are numeric: cast back to bigint so `/` and `%` are integer division and remainder on both dialects.
 */
const allocatedLines = (start: string, end: string) => sql`
  WITH lines AS (
    SELECT i.id, i.sale_id, i.product_id, i.product_name, p.category_id, c.name AS category_name,
           i.quantity - i.returned_quantity AS qty, i.unit_cost_cents * (i.quantity - i.returned_quantity) AS cost,
           i.subtotal_cents - i.returned_cents AS gross, s.total_cents - s.returned_cents AS net_total
    FROM sale_items i JOIN sales s ON s.id = i.sale_id
    LEFT JOIN products p ON p.id = i.product_id LEFT JOIN categories c ON c.id = p.category_id
    WHERE ${counted(start, end)}
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
  ), allocated AS (
    SELECT r.product_id, r.product_name, r.category_id, r.category_name, r.qty, r.cost,
           r.gross - r.base - CASE WHEN r.place <= r.discount - r.base_sum THEN 1 ELSE 0 END AS revenue
    FROM ranked r
  )`;

/** The report's statements, unexecuted (the tests EXPLAIN them). */
export const reportQueries = {
  byCategory: (q: Q, start: string, end: string) =>
    sql`
      ${allocatedLines(start, end)}
      SELECT a.category_id AS "categoryId", a.category_name AS "categoryName", SUM(a.qty) AS quantity, SUM(a.revenue) AS "revenueCents", SUM(a.cost) AS "costCents"
      FROM allocated a
      GROUP BY a.category_id, a.category_name ORDER BY "revenueCents" DESC, COALESCE(a.category_id, 0)`,

  bySeller: (q: Q, start: string, end: string) =>
    sql`
      SELECT s.user_id AS "userId", u.full_name AS "fullName", COUNT(*) AS count, SUM(s.total_cents - s.returned_cents) AS "totalCents"
      FROM sales s JOIN users u ON u.id = s.user_id
      WHERE ${counted(start, end)}
      GROUP BY s.user_id, u.full_name ORDER BY "totalCents" DESC, s.user_id`,

  /** `modifier` turns the UTC sale_date into the shop's wall clock (e.g. "-180 minutes"). */
  byHour: (q: Q, start: string, end: string, modifier: string) =>
    sql`
      SELECT ${bySql(q, {
        sqlite: sql`CAST(strftime('%H', s.sale_date, ${modifier}) AS INTEGER)`,
        postgres: sql`CAST(EXTRACT(HOUR FROM (s.sale_date::timestamptz AT TIME ZONE 'UTC') + ${modifier}::interval) AS INTEGER)`,
      })} AS hour, COUNT(*) AS count, SUM(s.total_cents - s.returned_cents) AS "totalCents"
      FROM sales s WHERE ${counted(start, end)}
      GROUP BY 1 ORDER BY 1`,

  marginByProduct: (q: Q, start: string, end: string) =>
    sql`
      ${allocatedLines(start, end)}
      SELECT a.product_id AS "productId", MAX(a.product_name) AS "productName", SUM(a.qty) AS quantity, SUM(a.revenue) AS "revenueCents", SUM(a.cost) AS "costCents"
      FROM allocated a
      GROUP BY a.product_id
      ORDER BY SUM(a.revenue) - SUM(a.cost) DESC, a.product_id`,

  daily: (q: Q, start: string, end: string) =>
    sql`
      SELECT s.local_date AS date, COUNT(*) AS count, SUM(s.total_cents - s.returned_cents) AS "totalCents"
      FROM sales s WHERE ${counted(start, end)}
      GROUP BY s.local_date ORDER BY s.local_date`,
};

const reportsRepository = {
  byCategory: (q: Q, start: string, end: string) =>
    rows<{ categoryId: number | null; categoryName: string | null; quantity: number; revenueCents: number; costCents: number }>(q, reportQueries.byCategory(q, start, end)),
  bySeller: (q: Q, start: string, end: string) =>
    rows<{ userId: number; fullName: string; count: number; totalCents: number }>(q, reportQueries.bySeller(q, start, end)),
  byHour: (q: Q, start: string, end: string, modifier: string) =>
    rows<{ hour: number; count: number; totalCents: number }>(q, reportQueries.byHour(q, start, end, modifier)),
  marginByProduct: (q: Q, start: string, end: string) =>
    rows<{ productId: number; productName: string; quantity: number; revenueCents: number; costCents: number }>(q, reportQueries.marginByProduct(q, start, end)),
  daily: (q: Q, start: string, end: string) => rows<{ date: string; count: number; totalCents: number }>(q, reportQueries.daily(q, start, end)),
};

export type ReportFigures = Awaited<ReturnType<typeof reportFigures>>;

/**
 * Every figure of the report of local days [start, end]. Run inside one snapshot (the PostgreSQL store's,
 * or the reports' reader thread's read transaction on SQLite: ./off-thread.ts), so they add up together.
 */
export async function reportFigures(q: Q, start: string, end: string, modifier: string) {
  return {
    byHour: await reportsRepository.byHour(q, start, end, modifier),
    daily: await reportsRepository.daily(q, start, end),
    byCategory: await reportsRepository.byCategory(q, start, end),
    bySeller: await reportsRepository.bySeller(q, start, end),
    marginByProduct: await reportsRepository.marginByProduct(q, start, end),
  };
}
