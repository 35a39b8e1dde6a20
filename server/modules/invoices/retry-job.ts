/**
 * Background settlement of pending invoices, a leader-only job (server/jobs/): each pass takes the due ones
 * (next_retry_at passed, or never tried — e.g. left by a crash) through the issuer, one at a time; a
 * failure of one invoice is logged and the pass goes on to the next.
 */
import type { Store } from '../../db/store';
import type { JobSpec } from '../../jobs/registry';
import type { InvoiceIssuer } from './issuer';
import { invoicesRepository } from './repository';

export function invoiceRetryJob(store: Store, issuer: InvoiceIssuer, everyMs: number, log: (msg: string) => void): JobSpec {
  return {
    name: 'facturas-pendientes',
    everyMs,
    leaderOnly: true,
    run: async (stopping) => {
      const due = await store.read((q) => invoicesRepository.duePending(q, new Date().toISOString()));
      for (const row of due) {
        if (stopping()) break;
        try {
          await issuer.settle(row.id);
        } catch (e) {
          log(`Reintento de factura ${row.id} falló: ${(e as Error).message}`);
        }
      }
    },
  };
}
