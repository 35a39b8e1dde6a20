/**
 * Digital receipts (issue #35 item 4): one row per link to a sale's PDF (server/modules/receipts). Invariants:
 * - the token itself is never stored: only its SHA-256 (token_hash, UNIQUE), so a copy of the database opens
 *   no receipt; the token (32 random bytes, base64url) exists only in the link handed to the customer;
 * - kind is `invoice` only when the sale had an authorized invoice (CAE or CAEA) when the link was made;
 * - with_customer_data: whether the ticket prints the customer's document, fixed when the link is made from
 *   who made it (an admin, or a seller while privacidad/vendedores_ven_clientes lets sellers see it);
 * - a link past expires_at opens nothing (410), whatever else is true of the sale.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';
import { users } from './catalog';
import { sales } from './sales';

export const receiptLinks = sqliteTable(
  'receipt_links',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    tokenHash: text('token_hash').notNull(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id),
    /** ticket | invoice */
    kind: text('kind').notNull(),
    withCustomerData: integer('with_customer_data', { mode: 'boolean' }).notNull().default(false),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    expiresAt: text('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('receipt_links_token_uq').on(t.tokenHash), index('receipt_links_sale_idx').on(t.saleId), index('receipt_links_expires_idx').on(t.expiresAt)],
);
