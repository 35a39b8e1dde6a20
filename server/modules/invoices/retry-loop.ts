/**
 * Background settlement of pending invoices: every tick, the due ones (next_retry_at passed, or never
 * tried — e.g. left by a crash) go through the issuer, one at a time. Started when the app is ready,
 * stopped when it closes.
 */
import type { Db } from '../../db/client';
import type { InvoiceIssuer } from './issuer';
import { invoicesRepository } from './repository';

export function startRetryLoop(db: Db, issuer: InvoiceIssuer, tickMs: number, log: (msg: string) => void): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = (async () => {
      for (const row of invoicesRepository.duePending(db, new Date().toISOString())) {
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
