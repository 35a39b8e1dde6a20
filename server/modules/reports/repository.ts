/** SQL of the reports: aggregates over the sales of local days [start, end] that are not cancelled, net of partial returns. */
import { sql } from 'drizzle-orm';
import { bySql, rows, type Q } from '../../db/store';

// Same SQL on both dialects except the hour (SQLite's strftime modifier; PostgreSQL's interval on the UTC
// timestamp); every selected column is grouped and ties are ordered by id, so both give the same rows in
// the same order (PostgreSQL's bigint and numeric sums come back as numbers: server/db/pg-store.ts).
const alive = (start: string, end: string) => sql`s.payment_status <> 'cancelado' AND s.local_date BETWEEN ${start} AND ${end}`;

export const reportsRepository = {
  byCategory: (q: Q, start: string, end: string) =>
    rows<{ categoryId: number | null; categoryName: string | null; quantity: number; revenueCents: number; costCents: number }>(q, sql`
      SELECT p.category_id AS "categoryId", c.name AS "categoryName", SUM(i.quantity - i.returned_quantity) AS quantity,
             SUM(i.subtotal_cents - i.returned_cents) AS "revenueCents", SUM(i.unit_cost_cents * (i.quantity - i.returned_quantity)) AS "costCents"
      FROM sale_items i JOIN sales s ON s.id = i.sale_id
      LEFT JOIN products p ON p.id = i.product_id LEFT JOIN categories c ON c.id = p.category_id
      WHERE ${alive(start, end)}
      GROUP BY p.category_id, c.name ORDER BY "revenueCents" DESC, COALESCE(p.category_id, 0)`),

  bySeller: (q: Q, start: string, end: string) =>
    rows<{ userId: number; fullName: string; count: number; totalCents: number }>(q, sql`
      SELECT s.user_id AS "userId", u.full_name AS "fullName", COUNT(*) AS count, SUM(s.total_cents - s.returned_cents) AS "totalCents"
      FROM sales s JOIN users u ON u.id = s.user_id
      WHERE ${alive(start, end)}
      GROUP BY s.user_id, u.full_name ORDER BY "totalCents" DESC, s.user_id`),

  /** `modifier` turns the UTC sale_date into the shop's wall clock (e.g. "-180 minutes"). */
  byHour: (q: Q, start: string, end: string, modifier: string) =>
    rows<{ hour: number; count: number; totalCents: number }>(q, sql`
      SELECT ${bySql(q, {
        sqlite: sql`CAST(strftime('%H', s.sale_date, ${modifier}) AS INTEGER)`,
        postgres: sql`CAST(EXTRACT(HOUR FROM (s.sale_date::timestamptz AT TIME ZONE 'UTC') + ${modifier}::interval) AS INTEGER)`,
      })} AS hour, COUNT(*) AS count, SUM(s.total_cents - s.returned_cents) AS "totalCents"
      FROM sales s WHERE ${alive(start, end)}
      GROUP BY 1 ORDER BY 1`),

  marginByProduct: (q: Q, start: string, end: string) =>
    rows<{ productId: number; productName: string; quantity: number; revenueCents: number; costCents: number }>(q, sql`
      SELECT i.product_id AS "productId", MAX(i.product_name) AS "productName", SUM(i.quantity - i.returned_quantity) AS quantity,
             SUM(i.subtotal_cents - i.returned_cents) AS "revenueCents", SUM(i.unit_cost_cents * (i.quantity - i.returned_quantity)) AS "costCents"
      FROM sale_items i JOIN sales s ON s.id = i.sale_id
      WHERE ${alive(start, end)}
      GROUP BY i.product_id
      ORDER BY SUM(i.subtotal_cents - i.returned_cents) - SUM(i.unit_cost_cents * (i.quantity - i.returned_quantity)) DESC, i.product_id`),

  daily: (q: Q, start: string, end: string) =>
    rows<{ date: string; count: number; totalCents: number }>(q, sql`
      SELECT s.local_date AS date, COUNT(*) AS count, SUM(s.total_cents - s.returned_cents) AS "totalCents"
      FROM sales s WHERE ${alive(start, end)}
      GROUP BY s.local_date ORDER BY s.local_date`),
};
