/** SQL for partial returns (sale_returns, sale_return_items) and the returned columns of sales and sale_items. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { saleItems, saleReturnItems, saleReturns, sales, users } from '../../db/schema';

export type SaleReturnRow = typeof saleReturns.$inferSelect;

export const returnsRepository = {
  byRequestId: (db: Db, requestId: string): SaleReturnRow | undefined => db.select().from(saleReturns).where(eq(saleReturns.requestId, requestId)).get(),

  hasReturns: (db: Db, saleId: number): boolean => db.select({ id: saleReturns.id }).from(saleReturns).where(eq(saleReturns.saleId, saleId)).limit(1).get() !== undefined,

  insert: (db: Db, row: typeof saleReturns.$inferInsert): number => db.insert(saleReturns).values(row).returning({ id: saleReturns.id }).get().id,

  insertItem: (db: Db, row: typeof saleReturnItems.$inferInsert) => db.insert(saleReturnItems).values(row).run(),

  /** Adds to a line's returned quantity unless that would pass what was sold; false when refused. */
  addReturnedToLine: (db: Db, saleItemId: number, quantity: number, grossCents: number): boolean =>
    db
      .update(saleItems)
      .set({ returnedQuantity: sql`${saleItems.returnedQuantity} + ${quantity}`, returnedCents: sql`${saleItems.returnedCents} + ${grossCents}` })
      .where(and(eq(saleItems.id, saleItemId), sql`${saleItems.returnedQuantity} + ${quantity} <= ${saleItems.quantity}`))
      .returning({ id: saleItems.id })
      .get() !== undefined,

  addReturnedToSale: (db: Db, saleId: number, cents: number, costCents: number) =>
    db
      .update(sales)
      .set({ returnedCents: sql`${sales.returnedCents} + ${cents}`, returnedCostCents: sql`${sales.returnedCostCents} + ${costCents}` })
      .where(eq(sales.id, saleId))
      .run(),

  /** The sale's returns, oldest first, with who recorded them. */
  ofSale: (db: Db, saleId: number) =>
    db
      .select({ ret: saleReturns, userFullName: users.fullName })
      .from(saleReturns)
      .innerJoin(users, eq(users.id, saleReturns.userId))
      .where(eq(saleReturns.saleId, saleId))
      .orderBy(asc(saleReturns.id))
      .all(),

  itemsOf: (db: Db, returnIds: number[]) =>
    returnIds.length === 0
      ? []
      : db
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
          .orderBy(asc(saleReturnItems.id))
          .all(),
};
