/**
 * SQL of the push audit trail: one row per batch (who pushed); a pushed sale's body hash and review note
 * are written with the sale (sales/ledger-write.ts) and read or amended here.
 */
import { and, eq, sql } from 'drizzle-orm';
import { sales, syncBatches } from '../../db/schema';
import { bySql, first, type Q } from '../../db/store';

export const pushAuditRepository = {
  insertBatch: async (tx: Q, row: { deviceId: string; userId: number | null; saleCount: number; at: string }): Promise<number> =>
    (await first(
      tx
        .insert(syncBatches)
        .values({ deviceId: row.deviceId, userId: row.userId, saleCount: row.saleCount, receivedAt: row.at })
        .returning({ id: syncBatches.id }),
    ))!.id,

  /** The review note of a pushed sale whose invoice also needs a look (the sale was written with the others). */
  setReviewNote: async (tx: Q, saleId: number, reviewNote: string): Promise<void> => {
    await tx.update(sales).set({ reviewNote }).where(eq(sales.id, saleId));
  },

  bodyHashOf: async (q: Q, saleId: number) => (await first(q.select({ bodyHash: sales.bodyHash }).from(sales).where(eq(sales.id, saleId))))?.bodyHash ?? null,

  /** Adds a line to the sale's review note (keeps what was there; a line already present is not repeated). */
  appendReview: async (tx: Q, saleId: number, note: string): Promise<void> => {
    const newline = bySql(tx, { sqlite: sql`char(10)`, postgres: sql`chr(10)` });
    const position = bySql(tx, { sqlite: sql`instr(${sales.reviewNote}, ${note})`, postgres: sql`strpos(${sales.reviewNote}, ${note})` });
    await tx
      .update(sales)
      .set({ reviewNote: sql`case when ${sales.reviewNote} is null then ${note} else ${sales.reviewNote} || ${newline} || ${note} end` })
      .where(and(eq(sales.id, saleId), sql`(${sales.reviewNote} is null or ${position} = 0)`));
  },
};
