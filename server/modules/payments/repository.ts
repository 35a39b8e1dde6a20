/**
 * SQL of the payments flow: checkout attempts (payments), what Mercado Pago told us (payment_events),
 * the saved settings, and the one transaction that settles a sale from a provider status.
 * settle() is the only writer of a Mercado Pago sale's status: one IMMEDIATE transaction that records
 * the event (UNIQUE(provider_payment_id, status): a repeat changes nothing), moves the sale only from
 * pendiente, returns stock through the ledger when it cancels, and flags what the owner must review.
 * No network call ever runs inside it.
 */
import type Database from 'better-sqlite3';
import { and, asc, eq, sql } from 'drizzle-orm';
import { decide, supersedes } from '../../../domain/payment-rules';
import type { Db } from '../../db/client';
import { paymentEvents, payments, paymentSettings, saleItems, sales } from '../../db/schema';
import { applyStockDeltaSqlite as applyStockDelta } from '../stock/repository';
import { inTransaction } from '../../db/transaction';

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

export const paymentsRepository = {
  inTransaction,

  byReference: (db: Db, externalReference: string) => db.select().from(payments).where(eq(payments.externalReference, externalReference)).get(),
  byPreference: (db: Db, preferenceId: string) => db.select().from(payments).where(eq(payments.preferenceId, preferenceId)).get(),
  bySale: (db: Db, saleId: number) => db.select().from(payments).where(eq(payments.saleId, saleId)).get(),

  insert: (db: Db, row: NewPaymentRow) => db.insert(payments).values(row).returning().get(),

  savePreference: (db: Db, id: number, preference: { preferenceId: string; initPoint: string; sandboxInitPoint: string | null }) =>
    db
      .update(payments)
      .set({ ...preference, updatedAt: new Date().toISOString() })
      .where(eq(payments.id, id))
      .run(),

  linkSale: (db: Db, id: number, saleId: number) => db.update(payments).set({ saleId }).where(eq(payments.id, id)).run(),

  markChecked: (db: Db, id: number) => db.update(payments).set({ lastCheckedAt: new Date().toISOString() }).where(eq(payments.id, id)).run(),

  /** Attempts whose sale is still pendiente (the reconciliation timer's work list). */
  pending: (db: Db) =>
    db
      .select({ payment: payments })
      .from(payments)
      .innerJoin(sales, eq(sales.id, payments.saleId))
      .where(eq(sales.paymentStatus, 'pendiente'))
      .orderBy(asc(payments.id))
      .all()
      .map((r) => r.payment),

  events: (db: Db, paymentRowId: number) => db.select().from(paymentEvents).where(eq(paymentEvents.paymentRowId, paymentRowId)).orderBy(asc(paymentEvents.id)).all(),

  saleStatus: (db: Db, saleId: number) =>
    db.select({ id: sales.id, saleNumber: sales.saleNumber, paymentStatus: sales.paymentStatus, flagPaymentReview: sales.flagPaymentReview, paymentMethod: sales.paymentMethod }).from(sales).where(eq(sales.id, saleId)).get(),

  /** Applies what Mercado Pago says about one payment of this attempt (see the header). */
  settle: (db: Db, sqlite: Database.Database, row: PaymentRow, update: ProviderUpdate): SettleResult =>
    paymentsRepository.inTransaction(sqlite, (): SettleResult => {
      const current = db.select().from(payments).where(eq(payments.id, row.id)).get();
      // No sale yet (the POS has not created it): nothing to settle; a later check will see the payment again.
      if (!current || current.saleId === null) return 'duplicate';
      const saleId = current.saleId;
      const inserted = db
        .insert(paymentEvents)
        .values({ paymentRowId: row.id, ...update })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id })
        .get();
      if (!inserted) return 'duplicate';
      if (supersedes(current.status, update.status)) {
        db.update(payments)
          .set({ status: update.status, statusDetail: update.statusDetail, providerPaymentId: update.providerPaymentId, updatedAt: new Date().toISOString() })
          .where(eq(payments.id, row.id))
          .run();
      }
      const sale = db.select({ paymentStatus: sales.paymentStatus }).from(sales).where(eq(sales.id, saleId)).get();
      if (!sale) return 'recorded';
      const decision = decide(sale.paymentStatus, update.status);
      if (decision.review) db.update(sales).set({ flagPaymentReview: true }).where(eq(sales.id, saleId)).run();
      if (!decision.to) return 'recorded';
      const moved = db
        .update(sales)
        .set(decision.to === 'cancelado' ? { paymentStatus: 'cancelado', cancelledAt: new Date().toISOString() } : { paymentStatus: 'pagado' })
        .where(and(eq(sales.id, saleId), eq(sales.paymentStatus, 'pendiente')))
        .returning({ id: sales.id })
        .get();
      if (!moved) return 'recorded';
      if (decision.to === 'cancelado') {
        for (const item of db.select().from(saleItems).where(eq(saleItems.saleId, saleId)).all()) {
          applyStockDelta(db, item.productId, item.quantity, 'cancel', { saleId });
        }
      }
      return decision.to;
    }),

  settings: (db: Db) => db.select().from(paymentSettings).where(eq(paymentSettings.id, 1)).get(),

  saveSettings: (db: Db, values: { accessToken?: string | null; webhookSecret?: string | null; publicUrl?: string | null }) =>
    db
      .insert(paymentSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: paymentSettings.id, set: { ...values, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` } })
      .run(),
};
