/**
 * QR / Point charges the cashier left while the server could not be reached (issue #34). The charge lives
 * on the server (its sale pendiente, the stock taken), so the counter cannot close it by itself: it keeps
 * the attempt's id here and the sync engine sends POST /payments/orders/:id/leave once the server answers
 * (after the sales, so the sale charged another way is there first). The server cancels it, or, when
 * Mercado Pago was paid meanwhile, keeps the payment and flags the sale for the owner. An id leaves this
 * list only on the server's answer for it (or a 404: no such charge for this device), so a lost reply
 * sends it again, which the server answers the same way.
 */
import { db, getMeta, setMeta } from './db';
import type { CycleOutcome, Delivery } from './sync-types';

/** Remember to cancel `attemptId` once the server is back (idempotent). */
export function leaveCharge(attemptId: number): Promise<void> {
  return db.transaction('rw', db.meta, async () => {
    const ids = (await getMeta('leftCharges')) ?? [];
    if (!ids.includes(attemptId)) await setMeta('leftCharges', [...ids, attemptId]);
  });
}

export async function leftCharges(): Promise<number[]> {
  return (await getMeta('leftCharges')) ?? [];
}

function forget(attemptId: number): Promise<void> {
  return db.transaction('rw', db.meta, async () => {
    const ids = (await getMeta('leftCharges')) ?? [];
    await setMeta('leftCharges', ids.filter((id) => id !== attemptId));
  });
}

/**
 * The sync engine's step. Not reached or a 5xx: the cycle fails like any push (backoff). Refused for want of
 * a signed-in seller (401/403: the route needs one) or held by the terminal (409: cancel it on the Point):
 * kept for a later cycle without failing this one, and never taken as the device's key being refused.
 */
export async function pushLeftCharges(delivery: Delivery): Promise<CycleOutcome> {
  const { transport, device } = delivery;
  if (!transport.leaveCharge) return 'ok';
  for (const id of await leftCharges()) {
    const reply = await transport.leaveCharge(id, device);
    if (reply.success || reply.status === 404) {
      if (reply.success) delivery.reached();
      await forget(id);
      continue;
    }
    if (reply.kind === 'network' || reply.status >= 500) return delivery.refused(reply);
  }
  return 'ok';
}
