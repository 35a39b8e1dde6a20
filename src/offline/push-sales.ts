/**
 * Delivering the sales outbox (docs/sync.md rules 3–6; issue #17 item 3: a long queue drains at the
 * server's pace). Batches of ≤ 200 sales and ≤ LIMITS.syncPushMaxLines lines go one at a time, but the
 * device's own work overlaps the request in flight: while batch k travels, batch k+1 is read and its
 * body built; when k's reply arrives, k+1 leaves at once and k's results are written (one transaction:
 * results, device sequence, catalogue echo, and k+1 marked syncing) while k+1 travels.
 * Invariants (exactly once):
 *  - one request in flight at a time, only under the sync lock (the engine holds it);
 *  - an entry becomes synced or rejected only from the server's result for it, written after the reply;
 *    a batch is sent only when every sale of the previous reply was resolved;
 *  - a refused or unanswered batch goes back to pending; the transactions are chained in order, so a
 *    batch is released only after it was marked, and results apply in the order the replies came;
 *  - an entry sent while Dexie still says `pending` (its mark is written during its flight) is at worst
 *    sent again after a crash, and the server answers `duplicate`.
 */
import { LIMITS, SYNC_SCHEMA_VERSION } from '../../domain/constants';
import type { PushBody, PushReply } from '../../domain/schemas/sync';
import { applyPushEcho, pullCursor } from './product-store';
import { db, type OutboxEntry } from './db';
import { deviceName, raiseDeviceSeq } from './device';
import { OFFLINE_MSG } from './messages';
import { applyResults, markTaken, peekBatch, releaseBatch, toPushedSale, type AppliedResults } from './outbox';
import { numberHeldWithCaea } from './invoice-fallback';
import { mayNumberHeld } from './invoice-request';
import type { CycleOutcome, Delivery } from './sync-types';

interface Prepared {
  batch: OutboxEntry[];
  sales: PushBody['sales'];
  behind: number;
}

async function prepare(): Promise<Prepared> {
  const { batch, behind } = await peekBatch(LIMITS.syncPushMaxSales, LIMITS.syncPushMaxLines);
  return { batch, sales: batch.map(toPushedSale), behind };
}

/** Whether the reply has a result for every sale of the batch (else the rest waits for the next cycle). */
function resolvesAll(batch: readonly OutboxEntry[], reply: PushReply): boolean {
  const ids = new Set(reply.results.map((r) => r.clientSaleId));
  const seqs = new Set(reply.results.map((r) => r.deviceSeq));
  return batch.every((entry) => ids.has(entry.clientSaleId) || seqs.has(entry.deviceSeq));
}

/** One transaction: the batch's results, the device sequence, the catalogue echo, and the next batch taken. */
function settle(batch: OutboxEntry[], reply: PushReply, since: number, next: readonly OutboxEntry[]): Promise<AppliedResults> {
  return db.transaction('rw', [db.outbox, db.meta, db.products, db.customers], async () => {
    await raiseDeviceSeq(reply.lastSeq);
    const applied = await applyResults(batch, reply.results);
    if (reply.catalog) await applyPushEcho(reply.catalog, since);
    if (next.length) await markTaken(next);
    return applied;
  });
}

/**
 * Pushes every pending batch. `echoed`: at least one push went and every reply carried the catalogue's
 * only changes (no pull needed). `touched` collects the products of the sales the server resolved.
 */
export async function pushSales(delivery: Delivery, touched: Set<number>): Promise<{ outcome: CycleOutcome; echoed: boolean }> {
  const { transport, device } = delivery;
  let since = await pullCursor();
  let current = await prepare();
  let chain: Promise<unknown> = markTaken(current.batch);
  let echoed: boolean | null = null;
  const record = (applied: AppliedResults) => {
    for (const entry of [...applied.synced, ...applied.rejected]) entry.items.forEach((item) => touched.add(item.productId));
    if (applied.synced.length) delivery.emit({ type: 'synced', entries: applied.synced });
    if (applied.rejected.length) delivery.emit({ type: 'rejected', entries: applied.rejected });
  };
  // Rounds: a result may send an applied sale back once (its held invoice's release or CAEA number,
  // issue #33.5): it goes at once, in the next round, not at the next cycle.
  for (let round = 0; ; round += 1) {
    while (current.batch.length) {
      const body: PushBody = { deviceId: device.deviceId, deviceName: deviceName(device.deviceId), schemaVersion: SYNC_SCHEMA_VERSION, pendingCount: current.behind, since, sales: current.sales };
      const sending = transport.push(body, device);
      // Read while the request travels, once the previous transaction (which took this batch) committed.
      const upcoming = chain.then(prepare);
      upcoming.catch(() => undefined);
      const reply = await sending;
      if (!reply.success) {
        const refused = current.batch;
        await chain;
        // Not reached: «Sin conexión», and the attempt is not counted (the server never saw it).
        await releaseBatch(refused, reply.kind === 'network' ? { error: OFFLINE_MSG.saleWaiting, reached: false } : { error: reply.message, reached: true });
        // The server cannot answer now: a held invoice is numbered with CAEA at once (issue #33.5).
        if (reply.kind === 'network') await numberHeldWithCaea(refused.filter((entry) => mayNumberHeld(entry.invoiceRequest)).map((entry) => entry.clientSaleId));
        return { outcome: await delivery.refused(reply), echoed: false };
      }
      delivery.reached();
      const complete = resolvesAll(current.batch, reply.data);
      const next = complete ? await upcoming : { batch: [], sales: [], behind: 0 };
      const [sent, sentSince] = [current.batch, since];
      chain = chain.then(() => settle(sent, reply.data, sentSince, next.batch)).then(record);
      echoed = (echoed ?? true) && reply.data.catalog !== null;
      if (reply.data.catalog) since = reply.data.catalog.cursor;
      if (!complete) {
        await chain;
        return { outcome: 'retry', echoed: false };
      }
      current = next;
    }
    await chain;
    if (round >= 2) break;
    current = await prepare();
    if (!current.batch.length) break;
    chain = markTaken(current.batch);
  }
  return { outcome: 'ok', echoed: echoed === true };
}
