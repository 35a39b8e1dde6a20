/**
 * Payments on account at the counter («Cobro a cuenta», issue #33.4), captured like a sale (docs/sync.md):
 * the payment's outbox entry (fresh clientPaymentId, next accountSeq) and, for cash, its place in the open
 * cash session are written in ONE strict Dexie transaction; then the sync engine hears of it and delivers
 * it by POST /sync/account-payments (push-account-payments.ts). Invariants, as the cash outbox's:
 *  - taken only by the uploader holding the sync lock, oldest first (`seq`);
 *  - `synced` / `rejected` only from the server's result for that very clientPaymentId; anything the
 *    server did not confirm (a lost reply included) goes back to `pending` and is sent again with the same
 *    body, which the server answers `duplicate`: a payment never lowers a balance twice;
 *  - entries are kept (a handful per day): the counter shows the unsent ones and their receipts.
 * Also the balance the counter shows: the pulled one plus this device's sales on account and payments the
 * server has not confirmed yet (unsentAccountDeltas).
 */
import Dexie from 'dexie';
import { ACCOUNT_MSG, type AccountPaymentMethod } from '../../domain/account';
import { fromCents, toCents } from '../../domain/money';
import type { AccountPaymentResult } from '../../domain/schemas/accounts';
import type { AccountPaymentEntry } from './account-types';
import { announceWrite } from './capture';
import { addConfirmedMovement, setConfirmedBalance } from './customer-balance';
import { toPushedCustomer } from './customer-body';
import { db, getMeta } from './db';
import { provisionalNumber } from './device';

export interface AccountPaymentInput {
  customerUuid: string;
  amountCents: number;
  method: AccountPaymentMethod;
  sellerId: number;
  sellerName: string;
  note?: string | null;
}

const listeners = new Set<() => void>();

/** Calls `listener` after this tab took a payment or the server answered for one. */
export function onAccountPaymentsChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const announce = () => queueMicrotask(() => listeners.forEach((listener) => listener()));

/** Takes a payment on a customer's account. Throws (Spanish message) on an unknown customer or an amount ≤ 0. */
export async function captureAccountPayment(input: AccountPaymentInput): Promise<AccountPaymentEntry> {
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) throw new Error(ACCOUNT_MSG.amountPositive);
  const entry = await db.transaction('rw', [db.accountOutbox, db.meta, db.customers, db.cashSessions, db.outbox], async () => {
    const customer = await db.customers.get(input.customerUuid);
    if (!customer) throw new Error(ACCOUNT_MSG.unknownCustomer);
    const [storedDevice, lastSeq, session, deltas] = await Promise.all([
      getMeta('deviceId'),
      getMeta('accountSeq'),
      db.cashSessions.where('status').equals('open').first(),
      unsentAccountDeltas(),
    ]);
    const deviceId = storedDevice ?? crypto.randomUUID();
    const seq = (lastSeq ?? 0) + 1;
    const capturedAt = new Date().toISOString();
    const cash = input.method === 'efectivo';
    const written: AccountPaymentEntry = {
      clientPaymentId: crypto.randomUUID(),
      seq,
      receiptNumber: provisionalNumber(deviceId, seq),
      customerUuid: customer.uuid,
      customerName: customer.name,
      balanceBeforeCents: toCents(customer.balance) + (deltas.get(customer.uuid) ?? 0),
      amountCents: input.amountCents,
      sellerName: input.sellerName,
      payment: {
        clientPaymentId: '',
        customerUuid: customer.uuid,
        ...(customer.pending ? { customer: toPushedCustomer(customer) } : {}),
        amount: fromCents(input.amountCents),
        method: input.method,
        capturedAt,
        sellerId: input.sellerId,
        cashSessionId: cash ? (session?.clientSessionId ?? null) : null,
        note: input.note?.trim() || null,
      },
      status: 'pending',
      attempts: 0,
      lastError: null,
      syncedAt: null,
      serverBalance: null,
    };
    written.payment.clientPaymentId = written.clientPaymentId;
    const writes: Promise<unknown>[] = [db.accountOutbox.add(written), db.meta.put({ key: 'accountSeq', value: seq })];
    if (!storedDevice) writes.push(db.meta.put({ key: 'deviceId', value: deviceId }));
    if (cash && session) {
      const before = session.accountPayments ?? { count: 0, totalCents: 0 };
      writes.push(db.cashSessions.put({ ...session, accountPayments: { count: before.count + 1, totalCents: before.totalCents + input.amountCents } }));
    }
    await Promise.all(writes);
    return written;
  });
  announce();
  announceWrite();
  return entry;
}

/**
 * Per customer uuid, what this device added to the balance and the server has not confirmed yet (cents):
 * + its sales on account still in the outbox, − its payments on account not yet synced.
 */
export async function unsentAccountDeltas(): Promise<Map<string, number>> {
  const [sales, payments] = await Promise.all([
    db.outbox.where('status').anyOf('pending', 'syncing').toArray(),
    db.accountOutbox.where('status').anyOf('pending', 'syncing').toArray(),
  ]);
  const deltas = new Map<string, number>();
  const add = (uuid: string, cents: number) => deltas.set(uuid, (deltas.get(uuid) ?? 0) + cents);
  for (const sale of sales) if (sale.paymentMethod === 'cuenta_corriente' && sale.customerUuid) add(sale.customerUuid, sale.totalCents);
  for (const payment of payments) add(payment.customerUuid, -payment.amountCents);
  return deltas;
}

const pendingRange = () => db.accountOutbox.where('[status+seq]').between(['pending', Dexie.minKey], ['pending', Dexie.maxKey]);

export function takeAccountBatch(limit: number): Promise<AccountPaymentEntry[]> {
  return db.transaction('rw', db.accountOutbox, async () => {
    const batch = await pendingRange().limit(limit).toArray();
    const taken = batch.map((entry) => ({ ...entry, status: 'syncing' as const, attempts: entry.attempts + 1 }));
    await db.accountOutbox.bulkPut(taken);
    return taken;
  });
}

/** The server did not answer for this batch: back to pending, with the reason shown. */
export async function releaseAccountBatch(batch: readonly AccountPaymentEntry[], error: string): Promise<void> {
  await db.accountOutbox
    .where('clientPaymentId')
    .anyOf(batch.map((entry) => entry.clientPaymentId))
    .and((entry) => entry.status === 'syncing')
    .modify({ status: 'pending', lastError: error });
  announce();
}

/** Applies the per-payment results; returns how many the reply left unresolved (they go back to pending). */
export async function applyAccountResults(batch: readonly AccountPaymentEntry[], results: readonly AccountPaymentResult[]): Promise<number> {
  const byId = new Map(results.filter((r) => r.clientPaymentId).map((r) => [r.clientPaymentId as string, r]));
  let unresolved = 0;
  const at = new Date().toISOString();
  await db.transaction('rw', [db.accountOutbox, db.customers], async () => {
    for (const entry of batch) {
      const result = byId.get(entry.clientPaymentId);
      if (!result) {
        unresolved += 1;
        await db.accountOutbox.update(entry.clientPaymentId, { status: 'pending' });
      } else if (result.status === 'rejected') {
        await db.accountOutbox.update(entry.clientPaymentId, { status: 'rejected', lastError: result.reason ?? null });
      } else {
        await db.accountOutbox.update(entry.clientPaymentId, { status: 'synced', lastError: null, syncedAt: at, serverBalance: result.balance ?? null });
        // It leaves the unsent sum: the pulled balance takes it (the server's figure when it gave one).
        if (result.balance !== undefined) await setConfirmedBalance(entry.customerUuid, result.balance);
        else if (result.status === 'applied') await addConfirmedMovement(entry.customerUuid, -entry.amountCents);
      }
    }
  });
  announce();
  return unresolved;
}

export const resetStuckAccount = () => db.accountOutbox.where('status').equals('syncing').modify({ status: 'pending' });

export async function countUnsyncedAccount(): Promise<number> {
  return db.accountOutbox.where('status').anyOf('pending', 'syncing').count();
}

/** The payments taken here, newest first (the counter's list: unsent, rejected with the reason, receipts). */
export async function recentAccountPayments(limit = 20): Promise<AccountPaymentEntry[]> {
  return db.accountOutbox.orderBy('clientPaymentId').toArray().then((all) => all.sort((a, b) => b.seq - a.seq).slice(0, limit));
}
