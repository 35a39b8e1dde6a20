/** Mercado Pago payments, their events and settings. */
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, updatedAt } from './columns';
import { users } from './catalog';
import { sales } from './sales';

/**
 * One Mercado Pago checkout attempt (a preference). The row is written BEFORE the preference is
 * requested, with its X-Idempotency-Key, so a retry after a crash reuses the key. `requestJson` is the
 * attempt's cart (items, discount, customer) to refuse a reused reference with another cart.
 * `status` is the provider status that currently decides the sale (pending until one is seen).
 */
export const payments = sqliteTable(
  'payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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
    amountCents: integer('amount_cents').notNull(),
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

/** Every distinct (provider payment, status) seen from Mercado Pago: the audit trail, and what makes repeats no-ops. */
export const paymentEvents = sqliteTable(
  'payment_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    paymentRowId: integer('payment_row_id').notNull().references(() => payments.id),
    providerPaymentId: text('provider_payment_id').notNull(),
    status: text('status').notNull(),
    statusDetail: text('status_detail'),
    amountCents: integer('amount_cents'),
    /** Where we learnt it: webhook, ipn, poll, return, staff. */
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_events_uq').on(t.providerPaymentId, t.status), index('payment_events_row_idx').on(t.paymentRowId)],
);

/** Mercado Pago settings an admin saved (one row, id 1); each empty column falls back to the environment. Never synced. */
export const paymentSettings = sqliteTable('payment_settings', {
  id: integer('id').primaryKey(),
  accessToken: text('access_token'),
  webhookSecret: text('webhook_secret'),
  publicUrl: text('public_url'),
  updatedAt: updatedAt(),
});

/*
 * Cash sessions ("cajas", issue #16; server/modules/cash-sessions). Exactly once per entity: UNIQUE
 * client_session_id (the open event) and UNIQUE client_movement_id; a close is stored once on its session
 * (close_hash). A closed session never changes again (its Z: z_number, expected, counted, difference);
 * sales pushed for it later still count in the ledger and are shown as late on the session.
 */
