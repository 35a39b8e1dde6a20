/** PostgreSQL mirror of server/db/schema/payments.ts (the reference: see it for what each column means). */
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cents, createdAt, updatedAt } from './columns';
import { users } from './catalog';
import { sales } from './sales';

export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    saleId: integer('sale_id').references(() => sales.id),
    idempotencyKey: text('idempotency_key').notNull(),
    externalReference: text('external_reference').notNull(),
    preferenceId: text('preference_id'),
    initPoint: text('init_point'),
    sandboxInitPoint: text('sandbox_init_point'),
    requestJson: text('request_json').notNull(),
    providerPaymentId: text('provider_payment_id'),
    status: text('status').notNull().default('pending'),
    statusDetail: text('status_detail'),
    amountCents: cents('amount_cents').notNull(),
    userId: integer('user_id').references(() => users.id),
    expiresAt: text('expires_at').notNull(),
    lastCheckedAt: text('last_checked_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_uq').on(t.idempotencyKey),
    uniqueIndex('payments_reference_uq').on(t.externalReference),
    uniqueIndex('payments_preference_uq').on(t.preferenceId),
    index('payments_sale_idx').on(t.saleId),
  ],
);

export const paymentEvents = pgTable(
  'payment_events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    paymentRowId: integer('payment_row_id').notNull().references(() => payments.id),
    providerPaymentId: text('provider_payment_id').notNull(),
    status: text('status').notNull(),
    statusDetail: text('status_detail'),
    amountCents: cents('amount_cents'),
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_events_uq').on(t.providerPaymentId, t.status), index('payment_events_row_idx').on(t.paymentRowId)],
);

export const paymentSettings = pgTable('payment_settings', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  accessToken: text('access_token'),
  webhookSecret: text('webhook_secret'),
  publicUrl: text('public_url'),
  updatedAt: updatedAt(),
});

