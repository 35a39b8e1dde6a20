/**
 * SQL of the payments flow: checkout attempts (payments), what Mercado Pago told us (payment_events),
 * the saved settings, and the one unit of work that settles a sale from a provider status.
 * settle() is the only writer of a Mercado Pago sale's status: one write unit (server/db/store.ts) that
 * records the event (UNIQUE(provider_payment_id, status): a repeat changes nothing), moves the sale only
 * from pendiente (to pagado only when Mercado Pago charged at least its total), returns stock through the
 * ledger when it cancels, flags what the owner must review and marks a refunded sale (not revenue).
 * No network call ever runs inside it: callers fetch from Mercado Pago first, then settle. On PostgreSQL,
 * where units run side by side (the webhook, the poller and the POS may settle the same attempt at once),
 * it first locks the attempt's row, so its status is read and written by one unit at a time (SQLite has
 * one writer).
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { amountCheck, decide, supersedes } from '../../../domain/payment-rules';
import { paymentEvents, payments, paymentSettings, saleItems, sales } from '../../db/schema';
import { exec, first, isPg, type Q, type Store } from '../../db/store';
import { applyStockDelta } from '../stock/repository';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;

export interface ProviderUpdate {
  providerPaymentId: string;
  status: string;
  statusDetail: string | null;
  amountCents: number | null;
  source: string;
}

export type SettleResult = 'duplicate' | 'recorded' | 'pagado' | 'cancelado';

/** Moves a sale from pendiente to what the provider decided; false when it had already left pendiente. */
async function moveSale(tx: Q, saleId: number, to: 'pagado' | 'cancelado'): Promise<boolean> {
  const moved = await first(
    tx
      .update(sales)
      .set(to === 'cancelado' ? { paymentStatus: 'cancelado', cancelledAt: new Date().toISOString() } : { paymentStatus: 'pagado' })
      .where(and(eq(sales.id, saleId), eq(sales.paymentStatus, 'pendiente')))
      .returning({ id: sales.id }),
  );
  return moved !== undefined;
}

export const paymentsRepository = {
  byReference: (q: Q, externalReference: string) => first(q.select().from(payments).where(eq(payments.externalReference, externalReference))),
  byPreference: (q: Q, preferenceId: string) => first(q.select().from(payments).where(eq(payments.preferenceId, preferenceId))),
  bySale: (q: Q, saleId: number) => first(q.select().from(payments).where(eq(payments.saleId, saleId)).limit(1)),

  insert: async (q: Q, row: NewPaymentRow) => (await first(q.insert(payments).values(row).returning()))!,

  savePreference: (q: Q, id: number, preference: { preferenceId: string; initPoint: string; sandboxInitPoint: string | null }) =>
    q
      .update(payments)
      .set({ ...preference, updatedAt: new Date().toISOString() })
      .where(eq(payments.id, id)),

  linkSale: (q: Q, id: number, saleId: number) => q.update(payments).set({ saleId }).where(eq(payments.id, id)),

  markChecked: (q: Q, id: number) => q.update(payments).set({ lastCheckedAt: new Date().toISOString() }).where(eq(payments.id, id)),

  /** Attempts whose sale is still pendiente (the reconciliation timer's work list). */
  pending: async (q: Q) =>
    (
      await q
        .select({ payment: payments })
        .from(payments)
        .innerJoin(sales, eq(sales.id, payments.saleId))
        .where(eq(sales.paymentStatus, 'pendiente'))
        .orderBy(asc(payments.id))
    ).map((r) => r.payment),

  events: (q: Q, paymentRowId: number) => q.select().from(paymentEvents).where(eq(paymentEvents.paymentRowId, paymentRowId)).orderBy(asc(paymentEvents.id)),

  saleStatus: (q: Q, saleId: number) =>
    first(
      q
        .select({ id: sales.id, saleNumber: sales.saleNumber, paymentStatus: sales.paymentStatus, flagPaymentReview: sales.flagPaymentReview, paymentMethod: sales.paymentMethod })
        .from(sales)
        .where(eq(sales.id, saleId)),
    ),

  /** Applies what Mercado Pago says about one payment of this attempt (see the header). */
  settle: (store: Store, row: PaymentRow, update: ProviderUpdate): Promise<SettleResult> =>
    store.write(async (tx): Promise<SettleResult> => {
      if (isPg(tx)) await exec(tx, sql`SELECT id FROM payments WHERE id = ${row.id} FOR UPDATE`);
      const current = await first(tx.select().from(payments).where(eq(payments.id, row.id)));
      // No sale yet (the POS has not created it): nothing to settle; a later check will see the payment again.
      if (!current || current.saleId === null) return 'duplicate';
      const saleId = current.saleId;
      const inserted = await first(tx.insert(paymentEvents).values({ paymentRowId: row.id, ...update }).onConflictDoNothing().returning({ id: paymentEvents.id }));
      if (!inserted) return 'duplicate';
      if (supersedes(current.status, update.status)) {
        await tx
          .update(payments)
          .set({ status: update.status, statusDetail: update.statusDetail, providerPaymentId: update.providerPaymentId, updatedAt: new Date().toISOString() })
          .where(eq(payments.id, row.id));
      }
      const sale = await first(tx.select({ paymentStatus: sales.paymentStatus, totalCents: sales.totalCents }).from(sales).where(eq(sales.id, saleId)));
      if (!sale) return 'recorded';
      const decision = decide(sale.paymentStatus, update.status, amountCheck(update.amountCents, sale.totalCents));
      if (decision.review) await tx.update(sales).set({ flagPaymentReview: true }).where(eq(sales.id, saleId));
      // Refunded or charged back: no longer revenue (the rollup triggers take it off), and never invoiced.
      if (decision.refunded) await tx.update(sales).set({ refundedAt: new Date().toISOString() }).where(and(eq(sales.id, saleId), isNull(sales.refundedAt)));
      if (!decision.to) return 'recorded';
      if (!(await moveSale(tx, saleId, decision.to))) return 'recorded';
      if (decision.to === 'cancelado') {
        // Stock goes back through the ledger, in this unit.
        for (const item of await tx.select().from(saleItems).where(eq(saleItems.saleId, saleId)).orderBy(asc(saleItems.id))) {
          await applyStockDelta(tx, item.productId, item.quantity, 'cancel', { saleId });
        }
      }
      return decision.to;
    }),

  settings: (q: Q) => first(q.select().from(paymentSettings).where(eq(paymentSettings.id, 1))),

  saveSettings: (q: Q, values: { accessToken?: string | null; webhookSecret?: string | null; publicUrl?: string | null }) =>
    q
      .insert(paymentSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: paymentSettings.id, set: { ...values, updatedAt: new Date().toISOString() } }),
};
