/**
 * The cash outbox (issue #16): cash-session events waiting for POST /sync/cash, with the invariants of
 * the sales outbox (outbox.ts): taken only by the uploader holding the sync lock, oldest first (`seq`),
 * `synced` / `rejected` only from the server's result for that very eventId, back to `pending` when the
 * server did not confirm, and kept (events are few: a handful per day).
 */
import Dexie from 'dexie';
import type { CashEventResult } from '../../domain/schemas/cash';
import { toCents } from '../../domain/money';
import type { CashOutboxEntry, LocalCashSession } from './cash-types';
import { db } from './db';

const pendingRange = () => db.cashOutbox.where('[status+seq]').between(['pending', Dexie.minKey], ['pending', Dexie.maxKey]);

export function takeCashBatch(limit: number): Promise<CashOutboxEntry[]> {
  return db.transaction('rw', db.cashOutbox, async () => {
    const batch = await pendingRange().limit(limit).toArray();
    const taken = batch.map((entry) => ({ ...entry, status: 'syncing' as const, attempts: entry.attempts + 1 }));
    await db.cashOutbox.bulkPut(taken);
    return taken;
  });
}

export async function releaseCashBatch(batch: readonly CashOutboxEntry[], error: string): Promise<void> {
  await db.cashOutbox
    .where('eventId')
    .anyOf(batch.map((entry) => entry.eventId))
    .and((entry) => entry.status === 'syncing')
    .modify({ status: 'pending', lastError: error });
}

/**
 * Applies the per-event results; a close's Z number, and the server's expected cash and difference (its
 * ledger also knows sales cancelled in the back office), are kept on its session so a reprinted Z matches
 * the server's. Returns how many the reply left unresolved.
 */
export async function applyCashResults(batch: readonly CashOutboxEntry[], results: readonly CashEventResult[]): Promise<number> {
  const byId = new Map(results.filter((r) => r.eventId).map((r) => [r.eventId as string, r]));
  let unresolved = 0;
  const at = new Date().toISOString();
  await db.transaction('rw', [db.cashOutbox, db.cashSessions], async () => {
    for (const entry of batch) {
      const result = byId.get(entry.eventId);
      if (!result) {
        unresolved += 1;
        await db.cashOutbox.update(entry.eventId, { status: 'pending' });
      } else if (result.status === 'rejected') {
        await db.cashOutbox.update(entry.eventId, { status: 'rejected', lastError: result.reason ?? null });
      } else {
        await db.cashOutbox.update(entry.eventId, { status: 'synced', lastError: null, syncedAt: at });
        if (result.zNumber !== undefined) {
          const z: Partial<LocalCashSession> = { zNumber: result.zNumber };
          if (result.expected !== undefined) z.expectedCents = toCents(result.expected);
          if (result.difference !== undefined) z.differenceCents = toCents(result.difference);
          await db.cashSessions.update(entry.clientSessionId, z);
        }
      }
    }
  });
  return unresolved;
}

/** Events the server refused for good, with their reasons (shown in the Caja dialog). */
export const rejectedCashEvents = () => db.cashOutbox.where('status').equals('rejected').toArray();

export const resetStuckCash = () => db.cashOutbox.where('status').equals('syncing').modify({ status: 'pending' });

export async function countUnsyncedCash(): Promise<number> {
  const [pending, syncing] = await Promise.all([db.cashOutbox.where('status').equals('pending').count(), db.cashOutbox.where('status').equals('syncing').count()]);
  return pending + syncing;
}
