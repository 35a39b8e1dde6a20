/**
 * Mercado Pago in person (issue #34): one attempt per order asked of the Orders API (QR or Point) and
 * each counter device's caja (POS) and terminal. Invariants:
 * - An attempt row is written, with its X-Idempotency-Key and external_reference, BEFORE the order is
 *   requested; every retry sends that key (UNIQUE), so an attempt never makes a second order.
 * - order_id is stored once known (UNIQUE); an attempt whose id was lost is found again by its
 *   external_reference (UNIQUE).
 * - sale_id is the pendiente sale the attempt charges; it becomes pagado only through the payments
 *   module when Mercado Pago says `processed`. A late `processed` after the attempt was closed (the
 *   cashier cancelled it or switched method, or it failed) leaves the sale cancelled and sets
 *   review_reason (flag_payment_review on the sale): it is never lost.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, updatedAt } from './columns';
import { users } from './catalog';
import { devices } from './devices';
import { sales } from './sales';

export const mpOrderAttempts = sqliteTable(
  'mp_order_attempts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id),
    /** qr | point */
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    externalReference: text('external_reference').notNull(),
    orderId: text('order_id'),
    /** creating (no answer yet), then Mercado Pago's order status (created, at_terminal, processed, …). */
    status: text('status').notNull().default('creating'),
    statusDetail: text('status_detail'),
    qrData: text('qr_data'),
    amountCents: integer('amount_cents').notNull(),
    paidCents: integer('paid_cents'),
    deviceId: text('device_id').references(() => devices.id),
    externalPosId: text('external_pos_id'),
    terminalId: text('terminal_id'),
    userId: integer('user_id').references(() => users.id),
    expiresAt: text('expires_at').notNull(),
    /** When the cashier cancelled the attempt or it failed: a later `processed` is flagged, not taken. */
    closedAt: text('closed_at'),
    /** Why the owner must look at it (Spanish, shown as is). */
    reviewReason: text('review_reason'),
    lastCheckedAt: text('last_checked_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('mp_order_attempts_key_uq').on(t.idempotencyKey),
    uniqueIndex('mp_order_attempts_reference_uq').on(t.externalReference),
    uniqueIndex('mp_order_attempts_order_uq').on(t.orderId),
    index('mp_order_attempts_sale_idx').on(t.saleId),
    index('mp_order_attempts_status_idx').on(t.status),
  ],
);

/** The caja (POS) and Point terminal of each counter device, set up by an admin. */
export const mpCounters = sqliteTable('mp_counters', {
  deviceId: text('device_id')
    .primaryKey()
    .references(() => devices.id),
  storeId: text('store_id').notNull(),
  posId: text('pos_id').notNull(),
  externalPosId: text('external_pos_id').notNull(),
  terminalId: text('terminal_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
