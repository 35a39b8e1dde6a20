/**
 * Stock ledger. Invariant: products.stock = SUM(stock_movements.delta) for every product.
 * The only way code changes stock is through these functions, which update the cached column and
 * insert the movement together; callers run them inside their own write unit (store.write, passing `tx`).
 */
import { eq, sql } from 'drizzle-orm';
import { onPostgres, preparedPerConnection } from '../../db/prepared';
import { products, stockMovements } from '../../db/schema';
import { first, legacySqlite, rows, type Q } from '../../db/store';

export type StockReason = (typeof stockMovements.$inferInsert)['reason'];

export interface MovementRefs {
  saleId?: number | null;
  userId?: number | null;
  note?: string | null;
}

/** The SQLite handle of a unit (or of a caller not yet on the port). */
type SqliteHandle = ReturnType<typeof legacySqlite>;

/** A sale applies one movement per item: bare statements prepared once per connection (the hot path of a sale). */
const prepared = preparedPerConnection((db) => {
  const sqlite = db.$client;
  return {
    addStock: sqlite.prepare<[number, number], number>('UPDATE products SET stock = stock + ? WHERE id = ? RETURNING stock').pluck(),
    insertMovement: sqlite.prepare<[number, number, StockReason, number | null, number | null, string | null]>(
      'INSERT INTO stock_movements (product_id, delta, reason, sale_id, user_id, note) VALUES (?, ?, ?, ?, ?, ?)',
    ),
  };
});

/** applyStockDelta's SQLite statements (prepared once per connection), synchronous, inside the caller's unit. */
function applyStockDeltaSqlite(db: SqliteHandle, productId: number, delta: number, reason: StockReason, refs: MovementRefs = {}): number {
  const statements = prepared(db);
  const stock = statements.addStock.get(delta, productId);
  if (stock === undefined) throw new Error(`Producto ${productId} inexistente`);
  statements.insertMovement.run(productId, delta, reason, refs.saleId ?? null, refs.userId ?? null, refs.note ?? null);
  return stock;
}

/**
 * Adds `delta` (may be negative; stock may go below 0 for offline oversells) and records it, in the
 * unit `tx`. Returns the new stock.
 */
export async function applyStockDelta(tx: Q, productId: number, delta: number, reason: StockReason, refs: MovementRefs = {}): Promise<number> {
  // SQLite keeps its prepared statements here, the hot path of every sale line (issue #17 item 6).
  if (!onPostgres(tx)) return applyStockDeltaSqlite(legacySqlite(tx), productId, delta, reason, refs);
  const updated = await first(
    tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${delta}` })
      .where(eq(products.id, productId))
      .returning({ stock: products.stock }),
  );
  if (!updated) throw new Error(`Producto ${productId} inexistente`);
  await tx.insert(stockMovements).values({ productId, delta, reason, saleId: refs.saleId ?? null, userId: refs.userId ?? null, note: refs.note ?? null });
  return updated.stock;
}

/**
 * A sale's stock moves: for each line, in order, `delta` on its product and one movement. SQLite runs
 * applyStockDelta's prepared statements line by line. PostgreSQL runs ONE statement (a round trip per
 * line was most of a push's time, issue #20): every product updated once by the sum of its lines (the
 * caller already holds their row locks, taken in id order) and the movements inserted in line order,
 * so the stock, the ledger and the movement ids are the ones the line-by-line path gives.
 */
export async function applySaleStock(tx: Q, lines: { productId: number; delta: number }[], reason: StockReason, refs: MovementRefs = {}): Promise<void> {
  if (!onPostgres(tx)) {
    const db = legacySqlite(tx);
    for (const line of lines) applyStockDeltaSqlite(db, line.productId, line.delta, reason, refs);
    return;
  }
  if (lines.length === 0) return;
  const values = sql.join(
    lines.map((line, i) => sql`(${i}::integer, ${line.productId}::integer, ${line.delta}::integer)`),
    sql`, `,
  );
  const [result] = await rows<{ updated: number; wanted: number }>(
    tx,
    sql`WITH line (ord, product_id, delta) AS (VALUES ${values}),
      moved AS (
        UPDATE products p SET stock = p.stock + t.delta
        FROM (SELECT product_id, sum(delta)::integer AS delta FROM line GROUP BY product_id) t
        WHERE p.id = t.product_id RETURNING p.id),
      logged AS (
        INSERT INTO stock_movements (product_id, delta, reason, sale_id, user_id, note)
        SELECT product_id, delta, ${reason}, ${refs.saleId ?? null}::integer, ${refs.userId ?? null}::integer, ${refs.note ?? null}::text FROM line ORDER BY ord
        RETURNING 1)
    SELECT (SELECT count(*) FROM moved)::integer AS updated, (SELECT count(DISTINCT product_id) FROM line)::integer AS wanted,
           (SELECT count(*) FROM logged)::integer AS logged`,
  );
  if (result.updated !== result.wanted) throw new Error('Producto inexistente en el movimiento de stock de la venta');
}

/** Sets stock to an absolute value by recording the difference as one movement. Returns the new stock. */
export async function setStock(tx: Q, productId: number, target: number, refs: MovementRefs & { reason?: StockReason } = {}): Promise<number> {
  const current = await first(tx.select({ stock: products.stock }).from(products).where(eq(products.id, productId)));
  if (!current) throw new Error(`Producto ${productId} inexistente`);
  const delta = target - current.stock;
  if (delta === 0) return current.stock;
  return applyStockDelta(tx, productId, delta, refs.reason ?? 'set', refs);
}

/** SUM of a product's movements (tests and audits compare it with products.stock). */
export async function ledgerStock(q: Q, productId: number): Promise<number> {
  const row = await first(
    q
      .select({ total: sql<number>`coalesce(sum(${stockMovements.delta}), 0)` })
      .from(stockMovements)
      .where(eq(stockMovements.productId, productId)),
  );
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
export async function movementHistory(q: Q, productId: number, page: { limit: number; offset: number }): Promise<{ rows: MovementRow[]; total: number }> {
  const found = await rows<MovementRow>(
    q,
    sql`
    SELECT m.id, m.created_at AS "createdAt", m.reason, m.delta, m.note, m.sale_id AS "saleId",
           s.sale_number AS "saleNumber", u.full_name AS "userName",
           SUM(m.delta) OVER (ORDER BY m.id ROWS UNBOUNDED PRECEDING) AS balance
    FROM stock_movements m
    LEFT JOIN sales s ON s.id = m.sale_id
    LEFT JOIN users u ON u.id = m.user_id
    WHERE m.product_id = ${productId}
    ORDER BY m.id DESC
    LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  const count = await rows<{ n: number }>(q, sql`SELECT count(*) AS n FROM stock_movements WHERE product_id = ${productId}`);
  return { rows: found.map((r) => ({ ...r, balance: Number(r.balance) })), total: Number(count[0]?.n ?? 0) };
}
