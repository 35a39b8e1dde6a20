/**
 * SQL of the push audit trail: one row per batch (who pushed); a pushed sale's body hash and review note
 * are written with the sale (sales/ledger-write.ts) and read or amended here; a rejected sale's raw body is
 * kept in quarantine (sync_quarantine: one row per device and body, the same body again counts an attempt).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { QuarantinedSaleJson } from '../../../domain/schemas/sync';
import { devices, sales, syncBatches, syncQuarantine } from '../../db/schema';
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

  /** Keeps a rejected sale's body (see the header); in the push's unit. */
  quarantine: async (tx: Q, row: { deviceId: string; syncBatchId: number; clientSaleId: string | null; reason: string; body: string; bodyHash: string; at: string }): Promise<void> => {
    await tx
      .insert(syncQuarantine)
      .values({ ...row, receivedAt: row.at, lastReceivedAt: row.at })
      .onConflictDoUpdate({
        target: [syncQuarantine.deviceId, syncQuarantine.bodyHash],
        set: { attempts: sql`${syncQuarantine.attempts} + 1`, reason: row.reason, syncBatchId: row.syncBatchId, lastReceivedAt: row.at },
      });
  },

  /** The newest quarantined sales, with their device's name and the stored sale of the same clientSaleId, if any. */
  quarantined: async (q: Q, limit: number): Promise<QuarantinedSaleJson[]> => {
    const rows = await q
      .select({
        id: syncQuarantine.id,
        deviceId: syncQuarantine.deviceId,
        deviceName: devices.name,
        clientSaleId: syncQuarantine.clientSaleId,
        reason: syncQuarantine.reason,
        body: syncQuarantine.body,
        attempts: syncQuarantine.attempts,
        receivedAt: syncQuarantine.receivedAt,
        lastReceivedAt: syncQuarantine.lastReceivedAt,
        saleId: sales.id,
        saleNumber: sales.saleNumber,
      })
      .from(syncQuarantine)
      .leftJoin(devices, eq(devices.id, syncQuarantine.deviceId))
      .leftJoin(sales, eq(sales.clientSaleId, syncQuarantine.clientSaleId))
      .orderBy(desc(syncQuarantine.lastReceivedAt), desc(syncQuarantine.id))
      .limit(limit);
    return rows.map(({ saleId, saleNumber, ...row }) => ({ ...row, sale: saleId !== null && saleNumber !== null ? { id: saleId, saleNumber } : null }));
  },
};
