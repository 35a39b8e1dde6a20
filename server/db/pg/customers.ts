/** PostgreSQL mirror of server/db/schema/customers.ts (the reference: see it for what each column means). */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cents, createdAt, revision, updatedAt } from './columns';
import { users } from './catalog';
import { devices } from './devices';
import { saleReturns, sales } from './sales';

export const customers = pgTable(
  'customers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    uuid: text('uuid').notNull().unique(),
    docType: integer('doc_type').notNull().default(99),
    docNumber: text('doc_number'),
    name: text('name').notNull(),
    ivaConditionId: integer('iva_condition_id').notNull().default(5),
    address: text('address'),
    phone: text('phone'),
    email: text('email'),
    notes: text('notes'),
    accountEnabled: boolean('account_enabled').notNull().default(false),
    creditLimitCents: cents('credit_limit_cents'),
    balanceCents: cents('balance_cents').notNull().default(0),
    active: boolean('active').notNull().default(true),
    searchText: text('search_text').notNull().default(''),
    createdByDeviceId: text('created_by_device_id').references(() => devices.id),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    revision: revision(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_doc_uq').on(t.docType, t.docNumber).where(sql`${t.docNumber} IS NOT NULL`),
    uniqueIndex('customers_revision_idx').on(t.revision),
    index('customers_name_idx').on(t.active, t.name),
    index('customers_account_idx').on(t.balanceCents).where(sql`${t.accountEnabled}`),
  ],
);

export const customerAliases = pgTable(
  'customer_aliases',
  {
    uuid: text('uuid').primaryKey(),
    customerId: integer('customer_id').notNull().references(() => customers.id),
    deviceId: text('device_id').references(() => devices.id),
    createdAt: createdAt(),
  },
  (t) => [index('customer_aliases_customer_idx').on(t.customerId)],
);

export const customerAccountMovements = pgTable(
  'customer_account_movements',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer('customer_id').notNull().references(() => customers.id),
    kind: text('kind', { enum: ['sale', 'payment', 'sale_cancel', 'return', 'adjustment'] }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    saleId: integer('sale_id').references(() => sales.id),
    returnId: integer('return_id').references(() => saleReturns.id),
    paymentMethod: text('payment_method'),
    deviceId: text('device_id').references(() => devices.id),
    clientMovementId: text('client_movement_id').unique(),
    bodyHash: text('body_hash'),
    userId: integer('user_id').references(() => users.id),
    note: text('note'),
    /** A payment in cash: the device's cash session (client uuid) it was taken in, counted in that drawer (issue #33.4). */
    cashSessionId: text('cash_session_id'),
    /** A sale on account that took the balance over the credit limit: flagged for the owner (never refused). */
    overLimit: boolean('over_limit').notNull().default(false),
    occurredAt: text('occurred_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('customer_movements_customer_idx').on(t.customerId, t.occurredAt),
    uniqueIndex('customer_movements_sale_uq').on(t.saleId).where(sql`${t.kind} = 'sale'`),
    uniqueIndex('customer_movements_cancel_uq').on(t.saleId).where(sql`${t.kind} = 'sale_cancel'`),
    uniqueIndex('customer_movements_return_uq').on(t.returnId).where(sql`${t.returnId} IS NOT NULL`),
  ],
);
