/**
 * The reconciliation job (server/jobs/), leader-only: every MP_POLL_INTERVAL_MS, while any Mercado Pago
 * sale is pendiente, asks the API about it (a shop behind NAT never receives webhooks).
 */
import type { JobSpec } from '../../jobs/registry';
import type { Reconciler } from './reconcile';

export function pollerJob(reconciler: Reconciler, intervalMs: number, onError: (error: unknown) => void): JobSpec {
  return {
    name: 'mercadopago',
    everyMs: intervalMs,
    leaderOnly: true,
    firstDelayMs: intervalMs,
    run: async () => {
      await reconciler.pollPending(onError);
    },
  };
}
