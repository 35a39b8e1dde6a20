/**
 * SQL of the push audit trail: one row per batch (who pushed); a pushed sale's body hash and review note
 * are written with the sale (sales/ledger-write.ts) and read or amended here.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sales, syncBatches } from '../../db/schema';

export const pushAuditRepository = {
  insertBatch: (db: Db, row: { deviceId: string; userId: number | null; saleCount: number; at: string }): number =>
    db
      .insert(syncBatches)
      .values({ deviceId: row.deviceId, userId: row.userId, saleCount: row.saleCount, receivedAt: row.at })
      .returning({ id: syncBatches.id })
      .get().id,

  /** The review note of a pushed sale whose invoice also needs a look (the sale was written with the others). */
  setReviewNote: (db: Db, saleId: number, reviewNote: string) => db.update(sales).set({ reviewNote }).where(eq(sales.id, saleId)).run(),

  bodyHashOf: (db: Db, saleId: number) => db.select({ bodyHash: sales.bodyHash }).from(sales).where(eq(sales.id, saleId)).get()?.bodyHash ?? null,

  /** Adds a line to the sale's review note (keeps what was there; a line already present is not repeated). */
  appendReview: (db: Db, saleId: number, note: string) =>
    db
      .update(sales)
      .set({ reviewNote: sql`case when ${sales.reviewNote} is null then ${note} else ${sales.reviewNote} || char(10) || ${note} end` })
      .where(and(eq(sales.id, saleId), sql`(${sales.reviewNote} is null or instr(${sales.reviewNote}, ${note}) = 0)`))
      .run(),
};
