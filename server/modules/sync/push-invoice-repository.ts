/**
 * SQL of a pushed sale's invoice (push-invoice.ts): the sale's amounts, the row itself, the CAEA it names,
 * and whether its number is already held. Synchronous, on the push's SQLite fast path (its chunked
 * transactions, issue #20): the same statements as invoices/repository.ts, which is on the store.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { caeas, invoices, saleItems, sales } from '../../db/schema';

export type CaeaRow = typeof caeas.$inferSelect;
type NewInvoiceRow = typeof invoices.$inferInsert;

interface Book {
  issuerCuit: string;
  environment: 'homologacion' | 'produccion';
  simulator: boolean;
}

export const pushInvoiceRepository = {
  /** The just-applied sale and its lines, as invoices/prepare.ts reads them. */
  saleForInvoice: (db: Db, saleId: number) => ({
    sale: db.select().from(sales).where(eq(sales.id, saleId)).get()!,
    items: db.select({ subtotalCents: saleItems.subtotalCents, ivaRateBp: saleItems.ivaRateBp }).from(saleItems).where(eq(saleItems.saleId, saleId)).all(),
  }),

  insertInvoice: (db: Db, row: NewInvoiceRow): { id: number } => db.insert(invoices).values(row).returning({ id: invoices.id }).get(),

  caea: (db: Db, book: Book, caea: string): CaeaRow | undefined =>
    db
      .select()
      .from(caeas)
      .where(and(eq(caeas.issuerCuit, book.issuerCuit), eq(caeas.environment, book.environment), eq(caeas.simulator, book.simulator), eq(caeas.caea, caea)))
      .get(),

  /** The invoice holding this number in its book, if any (invoices_number_uq). */
  holder: (db: Db, book: Book & { ptoVta: number; cbteTipo: number; cbteNro: number }): { id: number; saleId: number } | undefined =>
    db
      .select({ id: invoices.id, saleId: invoices.saleId })
      .from(invoices)
      .where(
        and(
          eq(invoices.issuerCuit, book.issuerCuit),
          eq(invoices.environment, book.environment),
          eq(invoices.simulator, book.simulator),
          eq(invoices.ptoVta, book.ptoVta),
          eq(invoices.cbteTipo, book.cbteTipo),
          eq(invoices.cbteNro, book.cbteNro),
        ),
      )
      .get(),
};
