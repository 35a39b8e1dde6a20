/** SQL of the reports: aggregates over the sales of local days [start, end] that are not cancelled, net of partial returns. */
import { sql } from 'drizzle-orm';
import { rows, type Q } from '../../db/store';

// pg: SUM and COUNT return bigint/numeric there (strings from node-postgres): cast them to integer or map with Number().
const alive = (start: string, end: string) => sql`s.payment_status <> 'cancelado' AND s.local_date BETWEEN ${start} AND ${end}`;

export const reportsRepository = {
  // pg: c.name is not grouped: PostgreSQL needs GROUP BY p.category_id, c.name.
  byCategory: (q: Q, start: string, end: string) =>
    rows<{ categoryId: number | null; categoryName: string | null; quantity: number; revenueCents: number; costCents: number }>(q, sql`
      SELECT p.category_id AS "categoryId", c.name AS "categoryName", SUM(i.quantity - i.returned_quantity) AS quantity,
             SUM(i.subtotal_cents - i.returned_cents) AS "revenueCents", SUM(i.unit_cost_cents * (i.quantity - i.returned_quantity)) AS "costCents"
      FROM sale_items i JOIN sales s ON s.id = i.sale_id
      LEFT JOIN products p ON p.id = i.product_id LEFT JOIN categories c ON c.id = p.category_id
      WHERE ${alive(start, end)}
      GROUP BY p.category_id ORDER BY "revenueCents" DESC`),

  // pg: u.full_name is not grouped: PostgreSQL needs GROUP BY s.user_id, u.full_name.
  bySeller: (q: Q, start: string, end: string) =>
    rows<{ userId: number; fullName: string; count: number; totalCents: number }>(q, sql`
      SELECT s.user_id AS "userId", u.full_name AS "fullName", COUNT(*) AS count, SUM(s.total_cents - s.returned_cents) AS "totalCents"
      FROM sales s JOIN users u ON u.id = s.user_id
      WHERE ${alive(start, end)}
      GROUP BY s.user_id ORDER BY "totalCents" DESC`),

  // pg: strftime with a modifier is SQLite-only: EXTRACT(HOUR FROM s.sale_date::timestamptz + ${modifier}::interval).
  /** `modifier` turns the UTC sale_date into the shop's wall clock (e.g. "-180 minutes"). */
  byHour: (q: Q, start: string, end: string, modifier: string) =>
    rows<{ hour: number; count: number; totalCents: number }>(q, sql`
      SELECT CAST(strftime('%H', s.sale_date, ${modifier}) AS INTEGER) AS hour, COUNT(*) AS count, SUM(s.total_cents - s.returned_cents) AS "totalCents"
      FROM sales s WHERE ${alive(start, end)}
      GROUP BY hour ORDER BY hour`),

  // pg: an output alias cannot appear inside an ORDER BY expression there: repeat the SUMs.
  marginByProduct: (q: Q, start: string, end: string) =>
    rows<{ productId: number; productName: string; quantity: number; revenueCents: number; costCents: number }>(q, sql`
      SELECT i.product_id AS "productId", MAX(i.product_name) AS "productName", SUM(i.quantity - i.returned_quantity) AS quantity,
             SUM(i.subtotal_cents - i.returned_cents) AS "revenueCents", SUM(i.unit_cost_cents * (i.quantity - i.returned_quantity)) AS "costCents"
      FROM sale_items i JOIN sales s ON s.id = i.sale_id
      WHERE ${alive(start, end)}
      GROUP BY i.product_id ORDER BY ("revenueCents" - "costCents") DESC, "productId"`),

  daily: (q: Q, start: string, end: string) =>
    rows<{ date: string; count: number; totalCents: number }>(q, sql`
      SELECT s.local_date AS date, COUNT(*) AS count, SUM(s.total_cents - s.returned_cents) AS "totalCents"
      FROM sales s WHERE ${alive(start, end)}
      GROUP BY s.local_date ORDER BY s.local_date`),
};
