/** SQL of a pushed sale's invoice (push-invoice.ts): the CAEA it names (whether its number is held: invoicesRepository.holderOf). */
import { and, eq } from 'drizzle-orm';
import { caeas } from '../../db/schema';
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
};
