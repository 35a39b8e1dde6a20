/** PostgreSQL mirror of server/db/schema/mp-orders.ts (the reference: see it for what each column means). */
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cents, createdAt, updatedAt } from './columns';
import { users } from './catalog';
import { devices } from './devices';
import { sales } from './sales';

export const mpOrderAttempts = pgTable(
  'mp_order_attempts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id),
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    externalReference: text('external_reference').notNull(),
    orderId: text('order_id'),
    status: text('status').notNull().default('creating'),
    statusDetail: text('status_detail'),
    qrData: text('qr_data'),
    amountCents: cents('amount_cents').notNull(),
    paidCents: cents('paid_cents'),
    deviceId: text('device_id').references(() => devices.id),
    externalPosId: text('external_pos_id'),
    terminalId: text('terminal_id'),
    userId: integer('user_id').references(() => users.id),
    expiresAt: text('expires_at').notNull(),
    closedAt: text('closed_at'),
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

export const mpCounters = pgTable('mp_counters', {
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
