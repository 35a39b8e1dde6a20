/** SQL of the reports: aggregates over the sales of local days [start, end] that are not cancelled, net of partial returns. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

const alive = (start: string, end: string) => sql`s.payment_status <> 'cancelado' AND s.local_date BETWEEN ${start} AND ${end}`;

export const reportsRepository = {
  byCategory: (db: Db, start: string, end: string) =>
    db.all<{ categoryId: number | null; categoryName: string | null; quantity: number; revenueCents: number; costCents: number }>(sql`
      SELECT p.category_id AS categoryId, c.name AS categoryName, SUM(i.quantity - i.returned_quantity) AS quantity,
             SUM(i.subtotal_cents - i.returned_cents) AS revenueCents, SUM(i.unit_cost_cents * (i.quantity - i.returned_quantity)) AS costCents
      FROM sale_items i JOIN sales s ON s.id = i.sale_id
      LEFT JOIN products p ON p.id = i.product_id LEFT JOIN categories c ON c.id = p.category_id
      WHERE ${alive(start, end)}
      GROUP BY p.category_id ORDER BY revenueCents DESC`),

  bySeller: (db: Db, start: string, end: string) =>
    db.all<{ userId: number; fullName: string; count: number; totalCents: number }>(sql`
      SELECT s.user_id AS userId, u.full_name AS fullName, COUNT(*) AS count, SUM(s.total_cents - s.returned_cents) AS totalCents
      FROM sales s JOIN users u ON u.id = s.user_id
      WHERE ${alive(start, end)}
      GROUP BY s.user_id ORDER BY totalCents DESC`),

  /** `modifier` turns the UTC sale_date into the shop's wall clock (e.g. "-180 minutes"). */
  byHour: (db: Db, start: string, end: string, modifier: string) =>
    db.all<{ hour: number; count: number; totalCents: number }>(sql`
      SELECT CAST(strftime('%H', s.sale_date, ${modifier}) AS INTEGER) AS hour, COUNT(*) AS count, SUM(s.total_cents - s.returned_cents) AS totalCents
      FROM sales s WHERE ${alive(start, end)}
      GROUP BY hour ORDER BY hour`),

  marginByProduct: (db: Db, start: string, end: string) =>
    db.all<{ productId: number; productName: string; quantity: number; revenueCents: number; costCents: number }>(sql`
      SELECT i.product_id AS productId, MAX(i.product_name) AS productName, SUM(i.quantity - i.returned_quantity) AS quantity,
             SUM(i.subtotal_cents - i.returned_cents) AS revenueCents, SUM(i.unit_cost_cents * (i.quantity - i.returned_quantity)) AS costCents
      FROM sale_items i JOIN sales s ON s.id = i.sale_id
      WHERE ${alive(start, end)}
      GROUP BY i.product_id ORDER BY (revenueCents - costCents) DESC, productId`),

  daily: (db: Db, start: string, end: string) =>
    db.all<{ date: string; count: number; totalCents: number }>(sql`
      SELECT s.local_date AS date, COUNT(*) AS count, SUM(s.total_cents - s.returned_cents) AS totalCents
      FROM sales s WHERE ${alive(start, end)}
      GROUP BY s.local_date ORDER BY s.local_date`),
};
