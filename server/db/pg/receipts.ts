/** PostgreSQL mirror of server/db/schema/receipts.ts (the reference: see it for what each column means). */
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './catalog';
import { sales } from './sales';

export const receiptLinks = pgTable(
  'receipt_links',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id),
    kind: text('kind').notNull(),
    withCustomerData: boolean('with_customer_data').notNull().default(false),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    expiresAt: text('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('receipt_links_token_uq').on(t.tokenHash), index('receipt_links_sale_idx').on(t.saleId), index('receipt_links_expires_idx').on(t.expiresAt)],
);
