/**
 * Background settlement of pending invoices: every tick, the due ones (next_retry_at passed, or never
 * tried — e.g. left by a crash) go through the issuer, one at a time. Started when the app is ready,
 * stopped when it closes. Only the server that leads (store.leads: one per PostgreSQL database) retries.
 */
import type { Store } from '../../db/store';
import type { InvoiceIssuer } from './issuer';
import { invoicesRepository } from './repository';

export function startRetryLoop(store: Store, issuer: InvoiceIssuer, tickMs: number, log: (msg: string) => void): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = (async () => {
      if (!(await store.leads())) return;
      const due = await store.read((q) => invoicesRepository.duePending(q, new Date().toISOString()));
      for (const row of due) {
        if (stopped) break;
        try {
          await issuer.settle(row.id);
        } catch (e) {
          log(`Reintento de factura ${row.id} falló: ${(e as Error).message}`);
        }
      }
    })().finally(() => (running = null));
  };
  const timer = setInterval(tick, tickMs);
  timer.unref();
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
