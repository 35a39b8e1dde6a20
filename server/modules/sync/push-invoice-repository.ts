/**
 * SQL of a pushed sale's invoice (push-invoice.ts): the CAEA it names (whether its number is held:
 * invoicesRepository.holderOf), and the one way out of a device hold (issue #33.5).
 */
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

  /**
   * Ends the hold of a row still held and still pending, with `patch` (release, or the device's CAEA
   * invoice). Conditional: of two outcomes racing for one row, only the first applies (null for the other).
   */
  takeHeld: (q: Q, id: number, patch: Partial<typeof invoices.$inferInsert>): Promise<typeof invoices.$inferSelect | undefined> =>
    first(
      q
        .update(invoices)
        .set({ ...patch, updatedAt: new Date().toISOString() })
        .where(and(eq(invoices.id, id), eq(invoices.deviceHold, true), eq(invoices.status, 'pendiente')))
        .returning(),
    ),
};
