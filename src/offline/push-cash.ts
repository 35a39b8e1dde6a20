/**
 * Delivering the cash outbox (issue #16): cash-session events go by POST /sync/cash after the sales they
 * may close over, oldest first, in batches of ≤ LIMITS.syncPushMaxSales. Exactly once as the sales
 * (cash-outbox.ts): an event becomes synced or rejected only from the server's result for it; a refused
 * or unanswered batch goes back to pending.
 */
import { LIMITS } from '../../domain/constants';
import { applyCashResults, countUnsyncedCash, releaseCashBatch, resetStuckCash, takeCashBatch } from './cash-outbox';
import type { CycleOutcome, Delivery } from './sync-types';

export async function pushCash(delivery: Delivery): Promise<CycleOutcome> {
  const { transport, device } = delivery;
  if ((await countUnsyncedCash()) === 0) return 'ok';
  await resetStuckCash();
  for (;;) {
    const batch = await takeCashBatch(LIMITS.syncPushMaxSales);
    if (!batch.length) return 'ok';
    const reply = await transport.pushCash({ deviceId: device.deviceId, events: batch.map((entry) => entry.event) }, device);
    if (!reply.success) {
      await releaseCashBatch(batch, reply.message);
      return delivery.refused(reply);
    }
    delivery.reached();
    if ((await applyCashResults(batch, reply.data.results)) > 0) return 'retry';
  }
}
