/** SQL for partial returns (sale_returns, sale_return_items) and the returned columns of sales and sale_items. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { saleItems, saleReturnItems, saleReturns, sales, users } from '../../db/schema';
import { onPostgres } from '../../db/prepared';
import { exec, first, type Q } from '../../db/store';

export type SaleReturnRow = typeof saleReturns.$inferSelect;

export const returnsRepository = {
  /**
   * Holds the sale until the unit ends, so a cancellation and a return (or two returns) of it run one after
   * the other and each sees what the other stored. SQLite has one writer: nothing to do; PostgreSQL locks
   * the row (READ COMMITTED: the statements after the lock see the last commit).
   */
  lockSale: async (tx: Q, saleId: number): Promise<void> => {
    if (onPostgres(tx)) await exec(tx, sql`SELECT 1 FROM sales WHERE id = ${saleId} FOR UPDATE`);
  },

  byRequestId: (q: Q, requestId: string): Promise<SaleReturnRow | undefined> => first(q.select().from(saleReturns).where(eq(saleReturns.requestId, requestId))),

  hasReturns: async (q: Q, saleId: number): Promise<boolean> =>
    (await first(q.select({ id: saleReturns.id }).from(saleReturns).where(eq(saleReturns.saleId, saleId)).limit(1))) !== undefined,

  insert: async (tx: Q, row: typeof saleReturns.$inferInsert): Promise<number> => (await first(tx.insert(saleReturns).values(row).returning({ id: saleReturns.id })))!.id,

  insertItem: async (tx: Q, row: typeof saleReturnItems.$inferInsert): Promise<void> => {
    await tx.insert(saleReturnItems).values(row);
  },

  /** Adds to a line's returned quantity unless that would pass what was sold; false when refused. */
  addReturnedToLine: async (tx: Q, saleItemId: number, quantity: number, grossCents: number): Promise<boolean> =>
    (await first(
      tx
        .update(saleItems)
        .set({ returnedQuantity: sql`${saleItems.returnedQuantity} + ${quantity}`, returnedCents: sql`${saleItems.returnedCents} + ${grossCents}` })
        .where(and(eq(saleItems.id, saleItemId), sql`${saleItems.returnedQuantity} + ${quantity} <= ${saleItems.quantity}`))
        .returning({ id: saleItems.id }),
    )) !== undefined,

  addReturnedToSale: async (tx: Q, saleId: number, cents: number, costCents: number): Promise<void> => {
    await tx
      .update(sales)
      .set({ returnedCents: sql`${sales.returnedCents} + ${cents}`, returnedCostCents: sql`${sales.returnedCostCents} + ${costCents}` })
      .where(eq(sales.id, saleId));
  },

  /** The sale's returns, oldest first, with who recorded them. */
  ofSale: (q: Q, saleId: number) =>
    q
      .select({ ret: saleReturns, userFullName: users.fullName })
      .from(saleReturns)
      .innerJoin(users, eq(users.id, saleReturns.userId))
      .where(eq(saleReturns.saleId, saleId))
      .orderBy(asc(saleReturns.id)),

  itemsOf: async (q: Q, returnIds: number[]) =>
    returnIds.length === 0
      ? []
      : await q
          .select({
            returnId: saleReturnItems.returnId,
            saleItemId: saleReturnItems.saleItemId,
            productId: saleReturnItems.productId,
            productName: saleItems.productName,
            quantity: saleReturnItems.quantity,
            grossCents: saleReturnItems.grossCents,
          })
          .from(saleReturnItems)
          .innerJoin(saleItems, eq(saleItems.id, saleReturnItems.saleItemId))
          .where(inArray(saleReturnItems.returnId, returnIds))
          .orderBy(asc(saleReturnItems.id)),
};
