/** SQL of a pushed sale's invoice (push-invoice.ts): the CAEA it names, and whether its number is already held. */
import { and, eq } from 'drizzle-orm';
import { caeas, invoices } from '../../db/schema';
import { first, type Q } from '../../db/store';

export type CaeaRow = typeof caeas.$inferSelect;

interface Book {
  issuerCuit: string;
  environment: 'homologacion' | 'produccion';
  simulator: boolean;
}

export const pushInvoiceRepository = {
  caea: (q: Q, book: Book, caea: string): Promise<CaeaRow | undefined> =>
    first(
      q
        .select()
        .from(caeas)
        .where(and(eq(caeas.issuerCuit, book.issuerCuit), eq(caeas.environment, book.environment), eq(caeas.simulator, book.simulator), eq(caeas.caea, caea))),
    ),

  /** The invoice holding this number in its book, if any (invoices_number_uq). */
  holder: (q: Q, book: Book & { ptoVta: number; cbteTipo: number; cbteNro: number }): Promise<{ id: number; saleId: number } | undefined> =>
    first(
      q
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
      ),
    ),
};
