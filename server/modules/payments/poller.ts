/**
 * The reconciliation timer: every MP_POLL_INTERVAL_MS, while any Mercado Pago sale is pendiente, asks
 * the API about it (a shop behind NAT never receives webhooks). One pass at a time; stopped on close.
 */
import type { Reconciler } from './reconcile';

export function startPoller(reconciler: Reconciler, intervalMs: number, onError: (error: unknown) => void): { stop: () => void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    reconciler
      .pollPending(onError)
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
