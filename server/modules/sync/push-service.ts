/**
 * POST /sync/push: exactly-once ingest of sales captured on a device (docs/sync.md, issue #13).
 * - Only a registered device pushes (device-auth.ts); a session alongside is optional and recorded as
 *   the batch's pusher (sync_batches), so a shop offline for longer than a session still delivers.
 * - Bounded work: at most LIMITS.syncPushMaxSales sales and LIMITS.syncPushMaxLines lines (413 above).
 *   The batch row and the sales are written in chunks of a few milliseconds, each one transaction
 *   shared with the other pushes queued at the time, one chunk per loop turn (push-chunks.ts), so
 *   /health and other requests keep answering during a big push or fifty small ones.
 *   A crash between chunks leaves the earlier chunks committed: the device still holds the batch and
 *   pushes it again, and every sale is idempotent by clientSaleId, so nothing lands twice.
 * - The envelope is validated strictly by the route; each sale leniently, on its own (pushedSale), and
 *   written by the sales service (writeCapturedSale, the ledger write) in its own savepoint, with its audit
 *   (body hash, batch, review note, device capture time) in the sale row: a bad sale is `rejected` with a
 *   Spanish reason and never blocks the rest; results come back in input order.
 * - Rejected (issue #29 item 3): malformed, Mercado Pago, a body that fails to write for a reason of its
 *   own data (an error that is not a server fault, isServerFault). Never dropped: its raw body goes to
 *   quarantine (sync_quarantine) in the same unit, with the reason, for the owner (GET /sync/quarantine).
 * - Never refused for its time (issue #29 item 2, domain/clock.ts): a sale captured after it reached the
 *   server (a fast clock) or before its device existed (1970, 2000: a reset clock) is booked on the
 *   server's receipt time and flagged with a note that names the cause and both times; `captured_at`
 *   keeps what the device said. Numbering, the sales rollups, cash and reports all read the booked date.
 * - Applied and flagged for the owner (review_note): a seller who never signed in on the device or is
 *   disabled (push-sellers.ts), a 100 % discount, an impossible device clock.
 * - A replay (same clientSaleId) with the same body is `duplicate`: the stored result, nothing written.
 *   With another body (body_hash differs) it is `rejected` and the stored sale gets a review note.
 * - A sequence already taken never loses the sale: the ledger write stores it under the next free one
 *   (`serverSeq`), and the reply's `lastSeq` lets the device move its counter past it.
 * - Business refusals are permanent (`rejected`); a server fault (the database busy, full, gone or in a
 *   deadlock) fails the request (5xx) so the device retries the whole batch later, and what was applied
 *   comes back as `duplicate`.
 * - A sale's customer (issue #33) is resolved in the sale's savepoint (customers/push-service.ts): the customer
 *   it carries is created once by uuid or merged by document; an unknown or invalid one lands the sale
 *   without a customer and flags it (review note), never rejects it.
 * - A sale on cuenta corriente (issue #33.4) is charged to its customer's balance in the same savepoint, once
 *   (customers/account-sale.ts); over the limit or on a disabled account it is applied and flagged.
 * - A sale's invoice (issue #11) is recorded in the sale's savepoint and settled with ARCA after the
 *   commits, for a bounded wait (push-invoice.ts); a bad invoice request never loses the sale. A held
 *   invoice (issue #33.5) comes back as a replay carrying the device's release or CAEA invoice: the
 *   replay applies it to the row (resumeHeldInvoice), never a second sale nor a second invoice.
 * - Before replying, everything is made durable with an fsync of the WAL that started after the last
 *   commit (sales/durability.ts), run off the event loop and shared with the pushes waiting at once.
 * - The reply doubles as the device's pull when it can (issue #17): its part of each chunk notes the server-wide
 *   revision before and after it; if the chunks' spans join up from the device's `since` to the current
 *   revision, every catalogue change after `since` is this push's own stock moves, so the reply hands
 *   back that revision as the new cursor with the touched products' stock (`catalog`). Otherwise
 *   (another change came in between, or no `since`) `catalog` is null and the device pulls.
 */
import { createHash } from 'node:crypto';
import { bookCapture } from '../../../domain/clock';
import { LIMITS } from '../../../domain/constants';
import { MSG, SYNC_NOTES } from '../../../domain/messages';
import { fieldLabel } from '../../../domain/field-labels';
import { toCents } from '../../../domain/money';
import type { PublicUser } from '../../../domain/schemas/auth';
import { localDateTimeLabel } from '../../../domain/time';
import { pushedSale, type PushBody, type PushedSale, type PushReply, type PushResult, type QuarantinedSaleJson } from '../../../domain/schemas/sync';
import { catalogRevision } from '../../db/revision-repository';
import { sqlState } from '../../db/pg-store';
import { savepoint, type Q, type Store } from '../../db/store';
import { AppError, forbidden } from '../../http/errors';
import type { SalesContext } from '../sales/context';
import { writeCapturedSale, writtenSalesDurable } from '../sales/service';
import { resolveSaleCustomer } from '../customers/push-service';
import type { ArcaContext } from '../invoices/arca-context';
import type { EffectiveArca } from '../invoices/runtime';
import { devicesRepository, type DeviceRow } from './devices-repository';
import { touchDevice } from './devices-service';
import { inChunks } from './push-chunks';
import { pullRepository } from './pull-repository';
import { pushAuditRepository } from './push-audit-repository';
import { hashedForm, recordPushedInvoice, resumeHeldInvoice, settlePushed, type PushedInvoiceEntry, type RecordedInvoice } from './push-invoice';
import { sellerResolver, type SellerChoice } from './push-sellers';

export interface Pusher {
  device: DeviceRow;
  user: PublicUser | null;
  userAgent: string | null;
}

interface BatchContext {
  ctx: SalesContext;
  /** The chunk's unit the batch's current part runs in. */
  tx: Q;
  /** The ARCA configuration, read once before the push's transactions (invoices are recorded with it). */
  eff: EffectiveArca;
  device: DeviceRow;
  batchId: number;
  /** When the server received the push: the booked date of a sale whose device clock is impossible. */
  now: Date;
  sellerFor: (claimedId: number) => SellerChoice | null;
  /** Each result whose sale asked for an invoice, with the row recorded for it (settled after the commits), by the sale's index. */
  invoices: Map<number, PushedInvoiceEntry>;
  /** A sale of this chunk wrote a customer (issue #33): a change the reply's stock echo cannot carry, so the device pulls. */
  wroteCustomer: boolean;
}

/** Best-effort identity of a sale that failed validation, so the device can match the result (only what the reply can carry). */
function identityOf(raw: unknown): Pick<PushResult, 'clientSaleId' | 'deviceSeq'> {
  const obj = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  return {
    clientSaleId: typeof obj.clientSaleId === 'string' && obj.clientSaleId.length <= 200 ? obj.clientSaleId : null,
    deviceSeq: Number.isSafeInteger(obj.deviceSeq) ? (obj.deviceSeq as number) : null,
  };
}

/**
 * A failure of the server rather than of the sale's data: the database busy, locked, full, failing or
 * gone, a deadlock or serialization failure (PostgreSQL classes 08, 40, 53, 57, 58, XX; the code may be on
 * the error drizzle wraps, sqlState). A deadlock runs the chunk's unit again (push-chunks.ts); another fault
 * fails the request (5xx) and the device retries. Any other failure writing one sale rejects that sale alone.
 */
const SERVER_FAULT = /^(SQLITE_(BUSY|LOCKED|FULL|IOERR|NOMEM|CORRUPT|READONLY|CANTOPEN|NOTADB|PROTOCOL|INTERRUPT|PERM|ABORT)|08|40|53|57|58|XX)/;
function isServerFault(error: unknown): boolean {
  const code = sqlState(error);
  return code !== undefined && SERVER_FAULT.test(code);
}

const linesOf = (raw: unknown) => {
  const items = typeof raw === 'object' && raw !== null ? (raw as { items?: unknown }).items : undefined;
  return Array.isArray(items) ? items.length : 0;
};

/** SHA-256 of the validated sale with its keys in a fixed order (a retry of the same sale hashes the same). */
function bodyHash(sale: PushedSale): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, canonical(v)]))
        : value;
  return createHash('sha256').update(JSON.stringify(canonical(sale))).digest('hex');
}

function isFullDiscount(sale: PushedSale): boolean {
  const subtotal = sale.items.reduce((sum, item) => sum + toCents(item.unitPrice) * item.quantity, 0);
  return subtotal > 0 && toCents(sale.discount) >= subtotal;
}

/** One sale's result; a rejected sale's raw body is kept in quarantine in the same unit (see the header). */
async function pushOne(b: BatchContext, raw: unknown, index: number): Promise<PushResult> {
  const result = await judgeOne(b, raw, index);
  if (result.status === 'rejected') {
    const body = JSON.stringify(raw) ?? 'null';
    await pushAuditRepository.quarantine(b.tx, {
      deviceId: b.device.id,
      syncBatchId: b.batchId,
      clientSaleId: identityOf(raw).clientSaleId,
      reason: result.reason ?? MSG.badRequest,
      body,
      bodyHash: createHash('sha256').update(body).digest('hex'),
      at: b.now.toISOString(),
    });
  }
  return result;
}

async function judgeOne(b: BatchContext, raw: unknown, index: number): Promise<PushResult> {
  const parsed = pushedSale.safeParse(raw);
  if (!parsed.success) {
    const detail = parsed.error.issues
      .slice(0, 3)
      .map((issue) => [fieldLabel(issue.path), issue.message].filter(Boolean).join(': '))
      .join('; ');
    return { ...identityOf(raw), status: 'rejected', reason: `${MSG.badRequest}: ${detail}` };
  }
  const sale = parsed.data;
  const id = { clientSaleId: sale.clientSaleId, deviceSeq: sale.deviceSeq };
  if (sale.paymentMethod === 'mercadopago') return { ...id, status: 'rejected', reason: MSG.saleMercadoPagoOffline };
  const seller = b.sellerFor(sale.sellerId);
  if (!seller) return { ...id, status: 'rejected', reason: SYNC_NOTES.sellerUnverified(sale.sellerId) };
  const hash = bodyHash(hashedForm(sale));
  try {
    // The sale and its invoice share one savepoint: both are recorded, or neither.
    const { result, invoice } = await savepoint(b.tx, () => applyOne(b, sale, seller, hash));
    if (sale.invoice && result.status !== 'rejected') b.invoices.set(index, { result, invoiceId: invoice?.invoiceId ?? null });
    return result;
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) return { ...id, status: 'rejected', reason: error.message };
    if (isServerFault(error)) throw error;
    return { ...id, status: 'rejected', reason: SYNC_NOTES.saleNotRecorded };
  }
}

async function applyOne(b: BatchContext, sale: PushedSale, seller: SellerChoice, hash: string): Promise<{ result: PushResult; invoice: RecordedInvoice | null }> {
  const id = { clientSaleId: sale.clientSaleId, deviceSeq: sale.deviceSeq };
  const capturedAt = new Date(Date.parse(sale.capturedAt)).toISOString();
  const booking = bookCapture(capturedAt, b.now, b.device.createdAt);
  const label = (iso: string) => localDateTimeLabel(iso, b.ctx.timeZone);
  const clockNote = booking.clock === 'ok' ? null : SYNC_NOTES[booking.clock === 'ahead' ? 'clockAhead' : 'clockBehind'](label(capturedAt), label(booking.bookedAt));
  const { tx } = b;
  const customer = await resolveSaleCustomer(tx, sale, b.device.id, seller.sellerId);
  if (customer.wrote) b.wroteCustomer = true;
  const notes = [seller.note, isFullDiscount(sale) ? MSG.reviewFullDiscount : null, clockNote, customer.note].filter((n): n is string => n !== null);
  const outcome = await writeCapturedSale(tx, b.ctx, {
    clientSaleId: sale.clientSaleId,
    deviceId: b.device.id,
    deviceSeq: sale.deviceSeq,
    sellerId: seller.sellerId,
    saleDate: booking.bookedAt,
    items: sale.items.map((item) => ({ productId: item.productId, quantity: item.quantity, unitPriceCents: toCents(item.unitPrice) })),
    discountCents: toCents(sale.discount),
    paymentMethod: sale.paymentMethod,
    // The customer's file fills what the sale left blank: the sales list and its search show the name.
    customerName: sale.customerName ?? customer.row?.name ?? null,
    customerDocument: sale.customerDocument ?? customer.row?.docNumber ?? null,
    customerEmail: sale.customerEmail ?? customer.row?.email ?? null,
    notes: sale.notes,
    cashSessionId: sale.cashSessionId ?? null,
    customerId: customer.row?.id ?? null,
    audit: { bodyHash: hash, syncBatchId: b.batchId, reviewNote: notes.length ? notes.join('\n') : null, capturedAt },
  });
  if (outcome.account?.note) notes.push(outcome.account.note);
  // A sale on cuenta corriente moved a balance the tablets hold: they pull it.
  if (outcome.account?.customerId != null) b.wroteCustomer = true;
  const result: PushResult = { ...id, status: outcome.status, saleId: outcome.saleId, saleNumber: outcome.saleNumber, flags: outcome.flags };
  if (customer.row) Object.assign(result, { customerId: customer.row.id, customerUuid: customer.row.uuid });
  if (outcome.status === 'duplicate') {
    const stored = await pushAuditRepository.bodyHashOf(tx, outcome.saleId);
    if ((stored === null || stored === hash) && sale.invoice?.hold) {
      // The device's answer to a held invoice (release, or its CAEA invoice): push-invoice.ts.
      const invoice = await resumeHeldInvoice(tx, b.eff, b.device, outcome.saleId, seller.sellerId, sale.invoice);
      if (invoice.note) result.invoiceNote = invoice.note;
      for (const line of invoice.review) await pushAuditRepository.appendReview(tx, outcome.saleId, line);
      if (invoice.review.length) result.flags = [...new Set([...(result.flags ?? []), 'review' as const])];
      return { result, invoice };
    }
    if (stored === null || stored === hash) return { result, invoice: null };
    await pushAuditRepository.appendReview(tx, outcome.saleId, SYNC_NOTES.bodyReplayed);
    return { result: { ...id, status: 'rejected', reason: `${MSG.saleBodyMismatch} (${outcome.saleNumber})` }, invoice: null };
  }
  const invoice = sale.invoice ? await recordPushedInvoice(tx, b.eff, b.device, outcome.saleId, seller.sellerId, sale.invoice) : null;
  if (invoice?.note) result.invoiceNote = invoice.note;
  if (invoice?.review.length) {
    notes.push(...invoice.review);
    await pushAuditRepository.setReviewNote(tx, outcome.saleId, notes.join('\n'));
  }
  if (notes.length) result.flags = [...new Set([...outcome.flags, 'review' as const])];
  if (outcome.deviceSeq !== sale.deviceSeq && outcome.deviceSeq !== null) result.serverSeq = outcome.deviceSeq;
  return { result, invoice };
}

export async function pushSales(ctx: SalesContext, arca: ArcaContext, body: PushBody, pusher: Pusher): Promise<PushReply> {
  const { device } = pusher;
  if (body.deviceId !== device.id) throw forbidden(MSG.deviceIdMismatch);
  const lines = body.sales.reduce<number>((sum, raw) => sum + linesOf(raw), 0);
  if (lines > LIMITS.syncPushMaxLines) throw new AppError(413, SYNC_NOTES.tooManyLines(LIMITS.syncPushMaxLines));
  const now = new Date();
  const at = now.toISOString();
  let batch: BatchContext | undefined;
  const results: PushResult[] = [];
  // The revision span this push's chunks cover, while they join up from `since` (null once they do not).
  let reached: number | null = body.since ?? null;
  const eff = await arca.runtime.effective();
  await inChunks(ctx.store, {
    count: body.sales.length,
    begin: async (tx, first) => {
      if (reached !== null && (await catalogRevision(tx)) !== reached) reached = null;
      if (first) {
        // The batch row shares the first chunk's commit (and its turn: no write outside the queue).
        await touchDevice(tx, { id: device.id, name: body.deviceName, userAgent: pusher.userAgent, userId: pusher.user?.id ?? null, at, kind: 'push', pendingCount: body.pendingCount });
        const batchId = await pushAuditRepository.insertBatch(tx, { deviceId: device.id, userId: pusher.user?.id ?? null, saleCount: body.sales.length, at });
        batch = { ctx, tx, eff, device, batchId, now, sellerFor: await sellerResolver(tx, device, pusher.user), invoices: new Map(), wroteCustomer: false };
      }
      batch!.tx = tx;
    },
    step: async (_tx, i) => {
      results[i] = await pushOne(batch!, body.sales[i], i);
    },
    end: async (tx) => {
      if (batch?.wroteCustomer) reached = null;
      if (reached !== null) reached = await catalogRevision(tx);
    },
    // A chunk run again: its steps are too (same indexes); whether the spans join up is no longer known.
    rewind: (from) => {
      reached = null;
      results.length = from;
      for (const index of batch?.invoices.keys() ?? []) if (index >= from) batch!.invoices.delete(index);
    },
  });
  await writtenSalesDurable(ctx);
  // ARCA only now, with every chunk committed (never inside a transaction), and for a bounded time.
  if (batch?.invoices.size) await settlePushed(ctx.store, arca, [...batch.invoices.values()]);
  return ctx.store.read(async (q) => ({
    results,
    serverTime: new Date().toISOString(),
    lastSeq: (await devicesRepository.find(q, device.id))?.lastSeq ?? 0,
    catalog: await catalogEcho(q, await catalogRevision(q), body, reached),
  }));
}

/** GET /sync/quarantine (admin): the newest rejected sales with their bodies and why. */
export function quarantinedSales(store: Store, limit: number): Promise<QuarantinedSaleJson[]> {
  return store.read((q) => pushAuditRepository.quarantined(q, limit));
}

/** The push's own catalogue changes, when nothing else changed after the device's cursor (see the header). */
async function catalogEcho(q: Q, current: number, body: PushBody, reached: number | null): Promise<PushReply['catalog']> {
  if (reached === null || current !== reached) return null;
  const ids = new Set<number>();
  for (const raw of body.sales) {
    const items = typeof raw === 'object' && raw !== null ? (raw as { items?: unknown }).items : undefined;
    if (Array.isArray(items)) for (const item of items) if (Number.isInteger(item?.productId)) ids.add(item.productId);
  }
  return { cursor: reached, stock: await pullRepository.stocks(q, [...ids]) };
}
