/**
 * Delivering the customers created at this counter (issue #33 item 1) by POST /sync/customers, after the
 * sales and cash events. Exactly once: the server applies a uuid once (a repeat is `duplicate`, a uuid
 * whose document another customer has is `merged` into it), and a row leaves `pending` only from the
 * server's result for its uuid (customer-store.ts confirmCustomers). A sale that used a pending customer
 * also carries it (capture.ts), so the customer arrives with its sale even if this step never ran.
 * A refusal that is not a lost connection or a lost session (an older server without the route, a rejected
 * batch) leaves the customers pending and never holds back the catalogue pull.
 */
import { CUSTOMER_LIMITS } from '../../domain/customers';
import { toPushedCustomer } from './customer-body';
import { confirmCustomers, pendingCustomers } from './customer-store';
import type { CycleOutcome, Delivery } from './sync-types';

export async function pushCustomers(delivery: Delivery): Promise<CycleOutcome> {
  const { transport, device } = delivery;
  if (!transport.pushCustomers) return 'ok';
  let sent = new Set<string>();
  for (;;) {
    const batch = (await pendingCustomers(CUSTOMER_LIMITS.pushMaxCustomers)).filter((row) => !sent.has(row.uuid));
    if (!batch.length) return 'ok';
    const reply = await transport.pushCustomers({ deviceId: device.deviceId, customers: batch.map(toPushedCustomer) }, device);
    if (!reply.success) {
      if (reply.kind === 'network' || reply.status === 401) return delivery.refused(reply);
      return 'ok';
    }
    delivery.reached();
    await confirmCustomers(reply.data.results);
    // Rejected ones are marked (pending 2) and leave the queue; never send a row twice in one cycle.
    sent = new Set([...sent, ...batch.map((row) => row.uuid)]);
  }
}
