/**
 * The customer file and its cuenta corriente (issue #33 items 1 and 4). Invariants:
 * - A customer exists once per document: UNIQUE(doc_type, doc_number) when it has a number; UNIQUE(uuid).
 * - Every uuid a device ever gave a customer resolves to exactly one customer: its own `uuid`, or a row of
 *   customer_aliases (a second tablet created the same document offline; its uuid names the first one).
 * - customers.revision is stamped by the catalogue's triggers (drizzle/0018), so customers travel in the
 *   pull pages on the same cursor; customers_revision_idx refuses a shared revision.
 * - customers.balance_cents is SUM(customer_account_movements.amount_cents) of that customer: only
 *   server/modules/customers/ledger-repository.ts changes either, in one transaction.
 * - A movement is applied once: UNIQUE(client_movement_id) for a payment a device captured, one 'sale' and
 *   one 'sale_cancel' movement per sale, one 'return' per sale return.
 */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, revision, updatedAt } from './columns';
import { users } from './catalog';
import { devices } from './devices';
import { saleReturns, sales } from './sales';

export const customers = sqliteTable(
  'customers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Given by the device that created it (offline too) or by the server. */
    uuid: text('uuid').notNull().unique(),
    /** ARCA DocTipo: 80 CUIT, 86 CUIL, 96 DNI, 99 sin identificar (doc_number NULL). */
    docType: integer('doc_type').notNull().default(99),
    /** Digits only; NULL for 99. */
    docNumber: text('doc_number'),
    /** Razón social or name. */
    name: text('name').notNull(),
    /** CondicionIVAReceptorId (5 = Consumidor Final). */
    ivaConditionId: integer('iva_condition_id').notNull().default(5),
    address: text('address'),
    phone: text('phone'),
    email: text('email'),
    notes: text('notes'),
    /** May buy on cuenta corriente (item 4). */
    accountEnabled: integer('account_enabled', { mode: 'boolean' }).notNull().default(false),
    /** NULL: no limit. */
    creditLimitCents: integer('credit_limit_cents'),
    /** What the customer owes: the sum of its ledger (see the header). */
    balanceCents: integer('balance_cents').notNull().default(0),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    /** customerSearchText (domain/customers.ts); indexed by customers_fts (trigram). */
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

/** A uuid a device gave a customer that the server already had by document: it names that customer. */
export const customerAliases = sqliteTable(
  'customer_aliases',
  {
    uuid: text('uuid').primaryKey(),
    customerId: integer('customer_id').notNull().references(() => customers.id),
    deviceId: text('device_id').references(() => devices.id),
    createdAt: createdAt(),
  },
  (t) => [index('customer_aliases_customer_idx').on(t.customerId)],
);

/**
 * The cuenta corriente ledger: + raises what the customer owes (a sale on account), − lowers it (a payment,
 * a cancelled sale, a return). Never updated nor deleted.
 */
export const customerAccountMovements = sqliteTable(
  'customer_account_movements',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    customerId: integer('customer_id').notNull().references(() => customers.id),
    kind: text('kind', { enum: ['sale', 'payment', 'sale_cancel', 'return', 'adjustment'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    saleId: integer('sale_id').references(() => sales.id),
    returnId: integer('return_id').references(() => saleReturns.id),
    /** A payment: how it was paid (efectivo, transferencia, tarjeta). */
    paymentMethod: text('payment_method'),
    deviceId: text('device_id').references(() => devices.id),
    /** The device's uuid of a payment it captured («Cobro a cuenta»): applied once across devices and replays. */
    clientMovementId: text('client_movement_id').unique(),
    /** SHA-256 of the pushed payment: the same id with another body is refused. */
    bodyHash: text('body_hash'),
    userId: integer('user_id').references(() => users.id),
    note: text('note'),
    /** A payment in cash: the device's cash session (client uuid) it was taken in, counted in that drawer (issue #33.4). */
    cashSessionId: text('cash_session_id'),
    /** A sale on account that took the balance over the credit limit: flagged for the owner (never refused). */
    overLimit: integer('over_limit', { mode: 'boolean' }).notNull().default(false),
    /** When it happened (the sale's date, the device's capture time): statements and aging date by it. */
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
