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
}

const p = sql.placeholder;

/** A sale applies one movement per item: prepared once per connection. */
const prepared = preparedPerConnection((db: Db) => {
  return {
    addStock: db
      .update(products)
      .set({ stock: sql`${products.stock} + ${p('delta')}` })
      .where(eq(products.id, p('productId')))
      .returning({ stock: products.stock })
      .prepare(),
    insertMovement: db
      .insert(stockMovements)
      .values({ productId: p('productId'), delta: p('delta'), reason: p('reason'), saleId: p('saleId'), userId: p('userId') } as unknown as typeof stockMovements.$inferInsert)
      .prepare(),
  };
});

/** Adds `delta` (may be negative; stock may go below 0 for offline oversells) and records it. Returns the new stock. */
export function applyStockDelta(db: Db, productId: number, delta: number, reason: StockReason, refs: MovementRefs = {}): number {
  const statements = prepared(db);
  const row = statements.addStock.get({ productId, delta });
  if (!row) throw new Error(`Producto ${productId} inexistente`);
  statements.insertMovement.run({ productId, delta, reason, saleId: refs.saleId ?? null, userId: refs.userId ?? null });
  return row.stock;
}

/** Sets stock to an absolute value by recording the difference as one movement. Returns the new stock. */
export function setStock(db: Db, productId: number, target: number, refs: MovementRefs = {}): number {
  const current = db.select({ stock: products.stock }).from(products).where(eq(products.id, productId)).get();
  if (!current) throw new Error(`Producto ${productId} inexistente`);
  const delta = target - current.stock;
  if (delta === 0) return current.stock;
  return applyStockDelta(db, productId, delta, 'set', refs);
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
