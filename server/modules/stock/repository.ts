/**
 * Stock ledger. Invariant: products.stock = SUM(stock_movements.delta) for every product.
 * The only way code changes stock is through these functions, which update the cached column and
 * insert the movement together; callers run them inside their own transaction (db.transaction).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerConnection } from '../../db/prepared';
import { products, stockMovements } from '../../db/schema';

export type StockReason = (typeof stockMovements.$inferInsert)['reason'];

export interface MovementRefs {
  saleId?: number | null;
  userId?: number | null;
  note?: string | null;
}

/** A sale applies one movement per item: bare statements prepared once per connection (the hot path of a sale). */
const prepared = preparedPerConnection((db: Db) => {
  const sqlite = db.$client;
  return {
    addStock: sqlite.prepare<[number, number], number>('UPDATE products SET stock = stock + ? WHERE id = ? RETURNING stock').pluck(),
    insertMovement: sqlite.prepare<[number, number, StockReason, number | null, number | null, string | null]>(
      'INSERT INTO stock_movements (product_id, delta, reason, sale_id, user_id, note) VALUES (?, ?, ?, ?, ?, ?)',
    ),
  };
});

/** Adds `delta` (may be negative; stock may go below 0 for offline oversells) and records it. Returns the new stock. */
export function applyStockDelta(db: Db, productId: number, delta: number, reason: StockReason, refs: MovementRefs = {}): number {
  const statements = prepared(db);
  const stock = statements.addStock.get(delta, productId);
  if (stock === undefined) throw new Error(`Producto ${productId} inexistente`);
  statements.insertMovement.run(productId, delta, reason, refs.saleId ?? null, refs.userId ?? null, refs.note ?? null);
  return stock;
}

/** Sets stock to an absolute value by recording the difference as one movement. Returns the new stock. */
export function setStock(db: Db, productId: number, target: number, refs: MovementRefs & { reason?: StockReason } = {}): number {
  const current = db.select({ stock: products.stock }).from(products).where(eq(products.id, productId)).get();
  if (!current) throw new Error(`Producto ${productId} inexistente`);
  const delta = target - current.stock;
  if (delta === 0) return current.stock;
  return applyStockDelta(db, productId, delta, refs.reason ?? 'set', refs);
}

/** SUM of a product's movements (tests and audits compare it with products.stock). */
export function ledgerStock(db: Db, productId: number): number {
  const row = db
    .select({ total: sql<number>`coalesce(sum(${stockMovements.delta}), 0)` })
    .from(stockMovements)
    .where(eq(stockMovements.productId, productId))
    .get();
  return Number(row?.total ?? 0);
}

export interface MovementRow {
  id: number;
  createdAt: string;
  reason: string;
  delta: number;
  balance: number;
  note: string | null;
  saleId: number | null;
  saleNumber: string | null;
  userName: string | null;
}

/** A product's movements, newest first, each with the running balance (stock right after it). */
export function movementHistory(db: Db, productId: number, page: { limit: number; offset: number }): { rows: MovementRow[]; total: number } {
  const rows = db.all<MovementRow>(sql`
    SELECT m.id, m.created_at AS createdAt, m.reason, m.delta, m.note, m.sale_id AS saleId,
           s.sale_number AS saleNumber, u.full_name AS userName,
           SUM(m.delta) OVER (ORDER BY m.id ROWS UNBOUNDED PRECEDING) AS balance
    FROM stock_movements m
    LEFT JOIN sales s ON s.id = m.sale_id
    LEFT JOIN users u ON u.id = m.user_id
    WHERE m.product_id = ${productId}
    ORDER BY m.id DESC
    LIMIT ${page.limit} OFFSET ${page.offset}`);
  const count = db.get<{ n: number }>(sql`SELECT count(*) AS n FROM stock_movements WHERE product_id = ${productId}`);
  return { rows, total: count?.n ?? 0 };
}
