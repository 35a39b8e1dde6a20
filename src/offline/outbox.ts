/**
 * The outbox of sales (docs/sync.md): the queue side. Sales enter it through capture.ts (captureSale).
 * Invariants:
 *  - status moves pending → syncing (taken by the uploader holding the sync lock) → synced | rejected,
 *    or back to pending when the server did not confirm; `synced` and `rejected` are set only from a
 *    server result for that very clientSaleId;
 *  - only synced entries are ever deleted (pruneSynced keeps the most recent ones for the screen);
 *  - a rejected entry never blocks the queue: batches take `pending` entries only;
 *  - issue #33.5: a sale the server applied goes back to `pending` (with its saleId) only to tell the
 *    server the outcome of its held invoice: `release`, or the CAEA invoice numbered during the flight.
 */
import Dexie from 'dexie';
import type { PushedSale, PushResult } from '../../domain/schemas/sync';
import { fromCents } from '../../domain/money';
import { MSG } from '../../domain/messages';
import { recomputeStock } from './product-store';
import { addConfirmedMovement } from './customer-balance';
import { confirmSaleCustomer } from './customer-store';
import { db, type OutboxEntry } from './db';
import { upgradeEntry } from './entry-version';
import { mayNumberHeld, toPushedInvoice } from './invoice-request';

/** The push payload of one entry (money back to decimals, as the API speaks). */
export function toPushedSale(entry: OutboxEntry): PushedSale {
  return {
    clientSaleId: entry.clientSaleId,
    deviceSeq: entry.deviceSeq,
    capturedAt: entry.capturedAt,
    sellerId: entry.sellerId,
    items: entry.items.map((item) => ({ productId: item.productId, quantity: item.quantity, unitPrice: fromCents(item.unitPriceCents) })),
    discount: fromCents(entry.discountCents),
    paymentMethod: entry.paymentMethod,
    customerName: entry.customerName,
    customerDocument: entry.customerDocument,
    customerEmail: entry.customerEmail,
    notes: entry.notes,
    ...(entry.invoiceRequest ? { invoice: toPushedInvoice(entry.invoiceRequest) } : {}),
    // Only when set: a sale queued before cash sessions existed keeps the body (and hash) it always had.
    ...(entry.cashSessionId ? { cashSessionId: entry.cashSessionId } : {}),
    // Issue #33, likewise only when set.
    ...(entry.customerUuid ? { customerUuid: entry.customerUuid } : {}),
    ...(entry.customer ? { customer: entry.customer } : {}),
  } as PushedSale;
}

const pendingRange = () => db.outbox.where('[status+deviceSeq]').between(['pending', Dexie.minKey], ['pending', Dexie.maxKey]);

/**
 * The next batch: up to `limit` pending entries holding at most `maxLines` sale lines together (one entry
 * at least), oldest first, as they will be once taken (syncing, one more attempt, in the current schema:
 * entry-version.ts), and how many pending entries stay behind it. Reads only: markTaken writes the
 * batch. Only the lock holder calls them.
 */
export async function peekBatch(limit: number, maxLines = Infinity): Promise<{ batch: OutboxEntry[]; behind: number }> {
  const [candidates, pending] = await Promise.all([pendingRange().limit(limit).toArray(), db.outbox.where('status').equals('pending').count()]);
  const batch: OutboxEntry[] = [];
  let lines = 0;
  const at = new Date().toISOString();
  for (const entry of candidates) {
    if (batch.length > 0 && lines + entry.items.length > maxLines) break;
    // An entry captured under an older schema is sent (and written back) in the current one.
    batch.push({ ...upgradeEntry(entry), status: 'syncing', attempts: entry.attempts + 1, lastAttemptAt: at });
    lines += entry.items.length;
  }
  return { batch, behind: pending - batch.length };
}

/** Writes a peeked batch as taken (syncing). */
export function markTaken(batch: readonly OutboxEntry[]): Promise<unknown> {
  return db.outbox.bulkPut([...batch]);
}

/**
 * The server did not confirm this batch: back to pending with the reason (nothing is lost). `reached`
 * false (a network failure): the attempt taken with the batch is given back, so `attempts` counts only
 * the times the server saw the sale.
 */
export async function releaseBatch(batch: readonly OutboxEntry[], why: { error: string; reached: boolean }): Promise<void> {
  await db.outbox
    .where('clientSaleId')
    .anyOf(batch.map((entry) => entry.clientSaleId))
    .and((entry) => entry.status === 'syncing')
    .modify((entry) => {
      entry.status = 'pending';
      entry.lastError = why.error;
      if (!why.reached) entry.attempts = Math.max(0, entry.attempts - 1);
    });
}

export interface AppliedResults {
  synced: OutboxEntry[];
  rejected: OutboxEntry[];
  /** Entries the reply said nothing about; left pending. */
  unresolved: number;
}

/**
 * The invoice side of a sale the server applied (issue #11, #33.5). `sent` is the entry as pushed, `now`
 * as it stands in this transaction: a held request may have been numbered with CAEA during the flight.
 */
function invoiceAfterResult(sent: OutboxEntry, now: OutboxEntry, result: PushResult): Pick<OutboxEntry, 'invoiceRequest' | 'invoice' | 'invoiceNote' | 'status'> {
  const request = now.invoiceRequest!;
  // A CAEA invoice stays as printed and handed over; pending again when the server has not seen its number.
  if (request.caea) return { invoiceRequest: request, invoice: now.invoice ?? null, invoiceNote: result.invoiceNote ?? null, status: sent.invoiceRequest?.caea ? 'synced' : 'pending' };
  // The server answered a held request: the hold ends here. Held there → released (pushed again at once).
  const invoiceRequest = mayNumberHeld(request) ? { ...request, hold: { ...request.hold!, released: true as const } } : request;
  return { invoiceRequest, invoice: result.invoice ?? null, invoiceNote: result.invoiceNote ?? null, status: result.invoiceHeld && mayNumberHeld(request) ? 'pending' : 'synced' };
}

/** Applies the per-sale results of a push to the batch it answers (inside the caller's transaction, which reads the entries as they stand). */
export async function applyResults(batch: readonly OutboxEntry[], results: readonly PushResult[]): Promise<AppliedResults> {
  const byId = new Map(results.filter((r) => r.clientSaleId).map((r) => [r.clientSaleId as string, r]));
  const bySeq = new Map(results.filter((r) => r.deviceSeq !== null).map((r) => [r.deviceSeq as number, r]));
  const outcome: AppliedResults = { synced: [], rejected: [], unresolved: 0 };
  const at = new Date().toISOString();
  const stored = await db.outbox.bulkGet(batch.map((entry) => entry.clientSaleId));
  const updated = batch.map((sent, i): OutboxEntry => {
    // Only the invoice fields change during a flight (invoice-fallback.ts): everything else is the batch's.
    const now = stored[i];
    const entry: OutboxEntry = now ? { ...sent, invoiceRequest: now.invoiceRequest, invoice: now.invoice, invoiceNote: now.invoiceNote } : sent;
    const result = byId.get(entry.clientSaleId) ?? bySeq.get(entry.deviceSeq);
    if (result && (result.status === 'applied' || result.status === 'duplicate')) {
      const next: OutboxEntry = { ...entry, status: 'synced', saleId: result.saleId ?? null, saleNumber: result.saleNumber ?? null, flags: result.flags ?? [], lastError: null, syncedAt: at };
      if (entry.invoiceRequest) Object.assign(next, invoiceAfterResult(sent, entry, result));
      outcome.synced.push(next);
      return next;
    }
    if (result && result.status === 'rejected') {
      const next: OutboxEntry = { ...entry, status: 'rejected', lastError: result.reason ?? MSG.saleCreateError };
      outcome.rejected.push(next);
      return next;
    }
    outcome.unresolved += 1;
    return { ...entry, status: 'pending' };
  });
  await db.outbox.bulkPut(updated);
  for (const entry of outcome.synced) {
    const result = byId.get(entry.clientSaleId) ?? bySeq.get(entry.deviceSeq);
    // A customer created here that rode with a resolved sale now exists on the server (issue #33).
    if (entry.customer) await confirmSaleCustomer(entry.customer.uuid, result?.customerUuid);
    // A sale on account the server applied now: it leaves the unsent sum, so the pulled balance takes it.
    if (result?.status === 'applied' && entry.paymentMethod === 'cuenta_corriente' && entry.customerUuid) {
      await addConfirmedMovement(result.customerUuid ?? entry.customerUuid, entry.totalCents);
    }
  }
  return outcome;
}

/** At start-up (and whenever the lock is taken): entries left `syncing` by a dead uploader go back to pending. */
export function resetStuck(): Promise<number> {
  return db.outbox.where('status').equals('syncing').modify({ status: 'pending' });
}

/** "Reintentar" on a rejected sale: pending again (attempts keep counting), its units counted as sold again. */
export async function retryRejected(clientSaleId: string): Promise<void> {
  const entry = await db.outbox.get(clientSaleId);
  if (!entry || entry.status !== 'rejected') return;
  await db.outbox.update(clientSaleId, { status: 'pending' });
  await recomputeStock(entry.items.map((item) => item.productId));
}

/**
 * Sales the server has not confirmed (pending or syncing). Two `equals` counts: IndexedDB counts each
 * natively, while `anyOf(...).count()` walks a cursor (tens of ms over a long day's queue).
 */
export async function countUnsynced(): Promise<number> {
  const [pending, syncing] = await Promise.all([
    db.outbox.where('status').equals('pending').count(),
    db.outbox.where('status').equals('syncing').count(),
  ]);
  return pending + syncing;
}

/** Deletes confirmed entries beyond the `keep` most recently synced ones. */
export async function pruneSynced(keep = 200): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const synced = await db.outbox.where('status').equals('synced').toArray();
    if (synced.length <= keep) return;
    synced.sort((a, b) => (b.syncedAt ?? '').localeCompare(a.syncedAt ?? '') || b.deviceSeq - a.deviceSeq);
    await db.outbox.bulkDelete(synced.slice(keep).map((entry) => entry.clientSaleId));
  });
}
