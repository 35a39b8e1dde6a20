/**
 * The reconciliation timer: every MP_POLL_INTERVAL_MS, while any Mercado Pago sale is pendiente, asks
 * the API about it (a shop behind NAT never receives webhooks). One pass at a time; stopped on close;
 * only on the server that leads (store.leads: one per PostgreSQL database).
 */
import type { Reconciler } from './reconcile';

export function startPoller(reconciler: Reconciler, intervalMs: number, leads: () => Promise<boolean>, onError: (error: unknown) => void): { stop: () => void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    leads()
      .then((leading) => (leading ? reconciler.pollPending(onError) : undefined))
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
