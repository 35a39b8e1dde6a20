/**
 * The outbox of sales (docs/sync.md).
 * Invariants:
 *  - recordSale writes the sale, its outbox entry (next device sequence, fresh clientSaleId), the stock
 *    decrement and the emptied cart in ONE transaction: either the sale exists with all of it, or nothing;
 *  - status moves pending → syncing (taken by the uploader holding the sync lock) → synced | rejected,
 *    or back to pending when the server did not confirm; `synced` and `rejected` are set only from a
 *    server result for that very clientSaleId;
 *  - only synced entries are ever deleted (pruneSynced keeps the most recent ones for the screen);
 *  - a rejected entry never blocks the queue: batches take `pending` entries only;
 *  - a sale's invoice request (issue #11) is written with it and never changes; its CAEA number, when
 *    the device numbers offline, is reserved in the same transaction (invoice-request.ts);
 *  - every sale written here is announced to onSaleWritten listeners once its transaction committed
 *    (the sync engine listens), so no caller can forget to ask for a push; the cash outbox announces
 *    its events the same way (announceWrite);
 *  - a sale joins the device's open cash session in the same transaction (its id on the entry, its total
 *    on the session's running totals); with "Exigir caja abierta para vender" on and no open session,
 *    nothing is written.
 */
import Dexie from 'dexie';
import { SYNC_SCHEMA_VERSION, type PushedSale, type PushResult } from '../../domain/schemas/sync';
import { fromCents } from '../../domain/money';
import { computeSaleTotals } from '../../domain/sale-totals';
import { MSG } from '../../domain/messages';
import { CASH_MSG } from '../../domain/cash-messages';
import { recomputeStock } from './catalog';
import { bumpProductsChange, db, getMeta, setMeta, type OfflinePaymentMethod, type OutboxEntry } from './db';
import { getDeviceId, nextDeviceSeq, provisionalNumber } from './device';
import { localCaeaInvoice, reserveCaeaNumber, toPushedInvoice, type InvoiceRequest } from './invoice-request';
import { OFFLINE_MSG } from './messages';
import { DEFAULT_IVA_RATE } from '../../domain/invoicing/codes';

export interface SaleInput {
  sellerId: number;
  sellerName: string;
  discountCents: number;
  paymentMethod: OfflinePaymentMethod;
  customerName?: string | null;
  customerDocument?: string | null;
  customerEmail?: string | null;
  notes?: string | null;
  /** The invoice asked for at checkout (issue #11), or none: the ticket says "No válido como factura". */
  invoice?: Omit<InvoiceRequest, 'caea'> | null;
  /** At capture the device knows it cannot reach the server: an invoice is numbered here with CAEA when it can. */
  offline?: boolean;
}

const blankToNull = (value: string | null | undefined) => value?.trim() || null;

const saleWritten = new Set<() => void>();

/** Calls `listener` after each sale this module commits; returns the unsubscribe function. */
export function onSaleWritten(listener: () => void): () => void {
  saleWritten.add(listener);
  return () => saleWritten.delete(listener);
}

/** Confirms the cart as a sale. Throws (Spanish message) on an empty cart or a discount above the subtotal. */
export async function recordSale(input: SaleInput): Promise<OutboxEntry> {
  const entry = await writeSale(input);
  announceWrite();
  return entry;
}

/** Wakes the listeners (the sync engine): something new waits in an outbox. */
export function announceWrite(): void {
  saleWritten.forEach((listener) => listener());
}

function writeSale(input: SaleInput): Promise<OutboxEntry> {
  return db.transaction('rw', [db.cart, db.products, db.outbox, db.meta, db.cashSessions], async () => {
    const deviceId = await getDeviceId();
    const lines = await db.cart.orderBy('addedAt').toArray();
    if (!lines.length) throw new Error(MSG.cartEmpty);
    const session = await db.cashSessions.where('status').equals('open').first();
    if (!session && (await getMeta('cashRequired'))) throw new Error(CASH_MSG.sessionRequired);
    const totals = computeSaleTotals(
      lines.map((line) => ({ quantity: line.quantity, unitPriceCents: line.unitPriceCents })),
      input.discountCents,
    );
    const deviceSeq = await nextDeviceSeq();
    const capturedAt = new Date();
    const invoice = input.invoice ? await invoiceAtCapture(input.invoice, Boolean(input.offline), capturedAt, lines, totals.discountCents) : null;
    const entry: OutboxEntry = {
      clientSaleId: crypto.randomUUID(),
      deviceSeq,
      provisionalNumber: provisionalNumber(deviceId, deviceSeq),
      schemaVersion: SYNC_SCHEMA_VERSION,
      capturedAt: capturedAt.toISOString(),
      sellerId: input.sellerId,
      sellerName: input.sellerName,
      items: lines.map((line) => ({ productId: line.productId, name: line.name, quantity: line.quantity, unitPriceCents: line.unitPriceCents })),
      subtotalCents: totals.subtotalCents,
      discountCents: totals.discountCents,
      totalCents: totals.totalCents,
      paymentMethod: input.paymentMethod,
      customerName: blankToNull(input.customerName),
      customerDocument: blankToNull(input.customerDocument),
      customerEmail: blankToNull(input.customerEmail),
      notes: blankToNull(input.notes),
      status: 'pending',
      attempts: 0,
      lastError: null,
      lastAttemptAt: null,
      saleId: null,
      saleNumber: null,
      flags: [],
      syncedAt: null,
      invoiceRequest: invoice?.request ?? null,
      invoice: invoice?.printed ?? null,
      invoiceNote: invoice?.note ?? null,
      cashSessionId: session?.clientSessionId ?? null,
    };
    await db.outbox.add(entry);
    if (session) {
      const total = session.sales[input.paymentMethod];
      await db.cashSessions.update(session.clientSessionId, {
        sales: { ...session.sales, [input.paymentMethod]: { count: total.count + 1, totalCents: total.totalCents + entry.totalCents } },
      });
    }
    for (const line of lines) {
      await db.products.where('id').equals(line.productId).modify((product) => {
        product.stock -= line.quantity;
      });
    }
    await db.cart.clear();
    await setMeta('lastSaleId', entry.clientSaleId);
    await bumpProductsChange(lines.map((line) => line.productId));
    return entry;
  });
}

/** The sale's invoice request at capture: numbered with CAEA offline when it can (inside writeSale's transaction). */
async function invoiceAtCapture(
  asked: Omit<InvoiceRequest, 'caea'>,
  offline: boolean,
  now: Date,
  lines: readonly { productId: number; quantity: number; unitPriceCents: number }[],
  discountCents: number,
) {
  const request: InvoiceRequest = { ...asked };
  if (!offline) return { request, printed: null, note: null };
  const caea = await reserveCaeaNumber(request, now);
  const data = await getMeta('caea');
  if (!caea || !data) return { request, printed: null, note: OFFLINE_MSG.invoiceWhenOnline };
  const products = await db.products.bulkGet(lines.map((line) => line.productId));
  const withRates = lines.map((line, i) => ({ ...line, ivaRate: products[i]?.ivaRate ?? DEFAULT_IVA_RATE }));
  const issuer = { issuerCuit: data.issuer.cuit, issuerTaxCondition: data.issuer.taxCondition, environment: data.issuer.environment, simulator: data.issuer.simulator };
  return { request: { ...request, caea }, printed: localCaeaInvoice({ ...request, caea }, withRates, discountCents, issuer), note: null };
}

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
  } as PushedSale;
}

const pendingRange = () => db.outbox.where('[status+deviceSeq]').between(['pending', Dexie.minKey], ['pending', Dexie.maxKey]);

/**
 * Takes up to `limit` pending entries holding at most `maxLines` sale lines together (one entry at least),
 * oldest first, marking them syncing. Only the lock holder calls it.
 */
export function takeBatch(limit: number, maxLines = Infinity): Promise<OutboxEntry[]> {
  return db.transaction('rw', db.outbox, async () => {
    const candidates = await pendingRange().limit(limit).toArray();
    const batch: OutboxEntry[] = [];
    let lines = 0;
    for (const entry of candidates) {
      if (batch.length > 0 && lines + entry.items.length > maxLines) break;
      batch.push(entry);
      lines += entry.items.length;
    }
    const at = new Date().toISOString();
    const taken = batch.map((entry) => ({ ...entry, status: 'syncing' as const, attempts: entry.attempts + 1, lastAttemptAt: at }));
    await db.outbox.bulkPut(taken);
    return taken;
  });
}

/** The server did not confirm this batch: back to pending with the reason (nothing is lost). */
export async function releaseBatch(batch: readonly OutboxEntry[], error: string): Promise<void> {
  await db.outbox
    .where('clientSaleId')
    .anyOf(batch.map((entry) => entry.clientSaleId))
    .and((entry) => entry.status === 'syncing')
    .modify({ status: 'pending', lastError: error });
}

export interface AppliedResults {
  synced: OutboxEntry[];
  rejected: OutboxEntry[];
  /** Entries the reply said nothing about; left pending. */
  unresolved: number;
}

/** Applies the per-sale results of a push to the batch it answers. */
export async function applyResults(batch: readonly OutboxEntry[], results: readonly PushResult[]): Promise<AppliedResults> {
  const byId = new Map(results.filter((r) => r.clientSaleId).map((r) => [r.clientSaleId as string, r]));
  const bySeq = new Map(results.filter((r) => r.deviceSeq !== null).map((r) => [r.deviceSeq as number, r]));
  const outcome: AppliedResults = { synced: [], rejected: [], unresolved: 0 };
  const at = new Date().toISOString();
  const updated = batch.map((entry): OutboxEntry => {
    const result = byId.get(entry.clientSaleId) ?? bySeq.get(entry.deviceSeq);
    if (result && (result.status === 'applied' || result.status === 'duplicate')) {
      const next: OutboxEntry = { ...entry, status: 'synced', saleId: result.saleId ?? null, saleNumber: result.saleNumber ?? null, flags: result.flags ?? [], lastError: null, syncedAt: at };
      if (entry.invoiceRequest) {
        // A CAEA invoice stays as printed and handed over; a CAE one is the server's.
        next.invoice = entry.invoiceRequest.caea ? (entry.invoice ?? null) : (result.invoice ?? null);
        next.invoiceNote = result.invoiceNote ?? null;
      }
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
