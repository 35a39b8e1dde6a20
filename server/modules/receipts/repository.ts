/** Every SQL statement of digital receipts (receipt_links: server/db/schema/receipts.ts). */
import { eq } from 'drizzle-orm';
import { customers, receiptLinks, sales } from '../../db/schema';
import { first, type Q } from '../../db/store';

export type ReceiptLinkRow = typeof receiptLinks.$inferSelect;

export const receiptsRepository = {
  insert: async (q: Q, row: typeof receiptLinks.$inferInsert): Promise<void> => {
    await q.insert(receiptLinks).values(row);
  },
  byTokenHash: (q: Q, tokenHash: string): Promise<ReceiptLinkRow | undefined> =>
    first(q.select().from(receiptLinks).where(eq(receiptLinks.tokenHash, tokenHash)).limit(1)),
  /** The phone of the sale's customer (customer file), or null. */
  customerPhone: async (q: Q, saleId: number): Promise<string | null> =>
    (await first(q.select({ phone: customers.phone }).from(sales).innerJoin(customers, eq(customers.id, sales.customerId)).where(eq(sales.id, saleId))))?.phone ?? null,
};
