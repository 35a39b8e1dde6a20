/**
 * SQL of in-person Mercado Pago orders (QR, Point): the attempts, the counters' caja/terminal, and the
 * one unit that applies an order's status to its attempt and sale. applyOrder() is the only writer of
 * an attempt's status and of its sale's payment status; it never runs a network call (callers GET the
 * order first). Invariants (see server/db/schema/mp-orders.ts):
 * - the sale leaves pendiente for pagado only on `processed` with at least its total paid, and only
 *   while the attempt is open; failed / canceled / expired close the attempt and cancel the sale (stock
 *   back through the ledger);
 * - a `processed` on a closed attempt leaves the sale as it is and flags it with a note worded for the
 *   cause (after a rejection, after the cashier switched method, after expiry): never lost;
 * - a terminal status is never replaced by a waiting one (a late `created` changes nothing).
 * On PostgreSQL the attempt's row is locked first, so the poller, a webhook and the counter apply one
 * at a time (SQLite has one writer).
 */
import { and, asc, eq, gt, inArray, notInArray, or, sql } from 'drizzle-orm';
import { mpCounters, mpOrderAttempts, saleItems, sales } from '../../db/schema';
import { exec, first, isPg, type Q, type Store } from '../../db/store';
import { applyStockDelta } from '../stock/repository';

export type OrderAttemptRow = typeof mpOrderAttempts.$inferSelect;
export type CounterRow = typeof mpCounters.$inferSelect;

/** Statuses after which the order does not move by itself (refunded only follows processed). */
export const FINAL_STATUSES = ['processed', 'failed', 'canceled', 'expired', 'refunded', 'error'];
const FAILED = ['failed', 'canceled', 'expired', 'error'];

export interface OrderUpdate {
  orderId: string;
  status: string;
  statusDetail: string | null;
  qrData: string | null;
  paidCents: number | null;
}

/** Why the owner must look at a sale whose payment arrived after the attempt was closed. */
export function lateApprovalNote(previous: string, previousDetail: string | null, closedAt: string | null): string {
  const closedByCashier = (previous === 'canceled' && previousDetail === 'canceled_by_api') || (closedAt !== null && !FAILED.includes(previous));
  if (previous === 'failed') return 'Mercado Pago aprobó un pago después de rechazarlo: la venta sigue cancelada. Revisá el pago y devolvelo o cobrá la venta de nuevo.';
  if (closedByCashier) return 'Mercado Pago acreditó un pago después de que se cambió el medio de pago: la venta sigue cancelada. Devolvé el pago desde Mercado Pago o registrá la venta con ese pago.';
  return 'Mercado Pago acreditó un pago después de que el cobro venció o se canceló: la venta sigue cancelada. Revisá el pago y devolvelo si corresponde.';
}

async function flagSale(tx: Q, saleId: number, note: string): Promise<void> {
  await tx
    .update(sales)
    .set({ flagPaymentReview: true, reviewNote: sql`CASE WHEN ${sales.reviewNote} IS NULL THEN ${note} ELSE ${sales.reviewNote} || ' · ' || ${note} END` })
    .where(eq(sales.id, saleId));
}

async function cancelSale(tx: Q, saleId: number): Promise<void> {
  const moved = await first(
    tx
      .update(sales)
      .set({ paymentStatus: 'cancelado', cancelledAt: new Date().toISOString() })
      .where(and(eq(sales.id, saleId), eq(sales.paymentStatus, 'pendiente')))
      .returning({ id: sales.id }),
  );
  if (!moved) return;
  for (const item of await tx.select().from(saleItems).where(eq(saleItems.saleId, saleId)).orderBy(asc(saleItems.id))) {
    await applyStockDelta(tx, item.productId, item.quantity, 'cancel', { saleId });
  }
}

async function lockAttempt(tx: Q, id: number): Promise<OrderAttemptRow | undefined> {
  if (isPg(tx)) await exec(tx, sql`SELECT id FROM mp_order_attempts WHERE id = ${id} FOR UPDATE`);
  return first(tx.select().from(mpOrderAttempts).where(eq(mpOrderAttempts.id, id)));
}

export const ordersRepository = {
  byId: (q: Q, id: number) => first(q.select().from(mpOrderAttempts).where(eq(mpOrderAttempts.id, id))),
  byReference: (q: Q, reference: string) => first(q.select().from(mpOrderAttempts).where(eq(mpOrderAttempts.externalReference, reference))),
  byOrderId: (q: Q, orderId: string) => first(q.select().from(mpOrderAttempts).where(eq(mpOrderAttempts.orderId, orderId))),
  insert: async (q: Q, row: typeof mpOrderAttempts.$inferInsert) => (await first(q.insert(mpOrderAttempts).values(row).returning()))!,

  /**
   * The poller's work list: every attempt whose order has not reached a final status, and those that
   * failed or were closed until their expiry has passed `watchUntil` (a payment may still land: a late
   * approval must be seen to be flagged).
   */
  open: (q: Q, watchUntil: string) =>
    q
      .select()
      .from(mpOrderAttempts)
      .where(or(notInArray(mpOrderAttempts.status, FINAL_STATUSES), and(inArray(mpOrderAttempts.status, FAILED), gt(mpOrderAttempts.expiresAt, watchUntil))))
      .orderBy(asc(mpOrderAttempts.id)),

  markChecked: (q: Q, id: number) => q.update(mpOrderAttempts).set({ lastCheckedAt: new Date().toISOString() }).where(eq(mpOrderAttempts.id, id)),

  saleStatus: (q: Q, saleId: number) =>
    first(q.select({ paymentStatus: sales.paymentStatus, flagPaymentReview: sales.flagPaymentReview, reviewNote: sales.reviewNote, saleNumber: sales.saleNumber }).from(sales).where(eq(sales.id, saleId))),

  /** The cashier gave up on this attempt (cancel, another method): closed, its sale cancelled; a later `processed` is flagged. */
  close: (store: Store, id: number, status?: string, statusDetail?: string | null) =>
    store.write(async (tx) => {
      const row = await lockAttempt(tx, id);
      if (!row || row.closedAt || row.status === 'processed' || row.status === 'refunded') return row;
      const now = new Date().toISOString();
      await tx
        .update(mpOrderAttempts)
        .set({ closedAt: now, updatedAt: now, ...(status ? { status, statusDetail: statusDetail ?? null } : {}) })
        .where(eq(mpOrderAttempts.id, id));
      await cancelSale(tx, row.saleId);
      return { ...row, closedAt: now };
    }),

  /** A paid attempt the owner must look at (the cashier had left it): the sale keeps its payment, flagged once with `note`. */
  flagPaid: (store: Store, id: number, note: string) =>
    store.write(async (tx) => {
      const row = await lockAttempt(tx, id);
      if (!row || row.status !== 'processed' || row.reviewReason !== null) return row;
      await tx.update(mpOrderAttempts).set({ reviewReason: note, updatedAt: new Date().toISOString() }).where(eq(mpOrderAttempts.id, id));
      await flagSale(tx, row.saleId, note);
      return { ...row, reviewReason: note };
    }),

  /** Applies what Mercado Pago says about the attempt's order (see the header). */
  applyOrder: (store: Store, id: number, update: OrderUpdate) =>
    store.write(async (tx) => {
      const row = await lockAttempt(tx, id);
      if (!row) return undefined;
      if (row.orderId && row.orderId !== update.orderId) return row; // another order of the same reference: never ours
      const previous = row.status;
      const wasFinal = FINAL_STATUSES.includes(previous);
      const lateApproval = update.status === 'processed' && FAILED.includes(previous);
      const refund = update.status === 'refunded' && previous === 'processed';
      const now = new Date().toISOString();
      const set: Partial<OrderAttemptRow> = { orderId: update.orderId, updatedAt: now, qrData: row.qrData ?? update.qrData };
      if (!wasFinal || lateApproval || refund || previous === update.status) {
        set.status = update.status;
        set.statusDetail = update.statusDetail;
        if (update.paidCents !== null) set.paidCents = update.paidCents;
      }
      const failed = FAILED.includes(update.status) && !wasFinal;
      if (failed && !row.closedAt) set.closedAt = now;
      await tx.update(mpOrderAttempts).set(set).where(eq(mpOrderAttempts.id, id));
      if (failed) await cancelSale(tx, row.saleId);
      if (update.status === 'processed' && previous !== 'processed') {
        const paid = update.paidCents ?? 0;
        if (row.closedAt || FAILED.includes(previous)) {
          const note = lateApprovalNote(previous, row.statusDetail, row.closedAt);
          await tx.update(mpOrderAttempts).set({ reviewReason: note }).where(eq(mpOrderAttempts.id, id));
          await flagSale(tx, row.saleId, note);
        } else if (paid < row.amountCents) {
          const note = 'Mercado Pago acreditó menos que el total de la venta: la venta sigue pendiente. Revisá el pago.';
          await tx.update(mpOrderAttempts).set({ reviewReason: note }).where(eq(mpOrderAttempts.id, id));
          await flagSale(tx, row.saleId, note);
        } else {
          await tx.update(sales).set({ paymentStatus: 'pagado' }).where(and(eq(sales.id, row.saleId), eq(sales.paymentStatus, 'pendiente')));
        }
      }
      if (refund) await flagSale(tx, row.saleId, 'El pago de Mercado Pago se devolvió al cliente.');
      return { ...row, ...set };
    }),

  counter: (q: Q, deviceId: string) => first(q.select().from(mpCounters).where(eq(mpCounters.deviceId, deviceId))),
  counters: (q: Q) => q.select().from(mpCounters).orderBy(asc(mpCounters.deviceId)),
  saveCounter: (q: Q, row: typeof mpCounters.$inferInsert) =>
    q
      .insert(mpCounters)
      .values(row)
      .onConflictDoUpdate({ target: mpCounters.deviceId, set: { storeId: row.storeId, posId: row.posId, externalPosId: row.externalPosId, terminalId: row.terminalId ?? null, updatedAt: new Date().toISOString() } }),
};
