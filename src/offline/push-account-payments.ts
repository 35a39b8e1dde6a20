/**
 * Delivering the payments on account (issue #33.4) by POST /sync/account-payments, after the sales and
 * cash events, oldest first, in batches of ≤ ACCOUNT_PUSH_MAX_PAYMENTS. Exactly once as the cash
 * outbox (account-payments.ts): a payment becomes synced or rejected only from the server's result for it;
 * a refused or unanswered batch goes back to pending and is sent again with the same body (`duplicate`).
 * A transport without the route (an older app wiring) leaves them pending.
 */
import { ACCOUNT_PUSH_MAX_PAYMENTS } from '../../domain/account';
import { applyAccountResults, countUnsyncedAccount, releaseAccountBatch, resetStuckAccount, takeAccountBatch } from './account-payments';
import type { CycleOutcome, Delivery } from './sync-types';

export async function pushAccountPayments(delivery: Delivery): Promise<CycleOutcome> {
  const { transport, device } = delivery;
  if (!transport.pushAccountPayments || (await countUnsyncedAccount()) === 0) return 'ok';
  await resetStuckAccount();
  for (;;) {
    const batch = await takeAccountBatch(ACCOUNT_PUSH_MAX_PAYMENTS);
    if (!batch.length) return 'ok';
    const reply = await transport.pushAccountPayments({ deviceId: device.deviceId, payments: batch.map((entry) => entry.payment) }, device);
    if (!reply.success) {
      await releaseAccountBatch(batch, reply.message);
      return delivery.refused(reply);
    }
    delivery.reached();
    if ((await applyAccountResults(batch, reply.data.results)) > 0) return 'retry';
  }
}
