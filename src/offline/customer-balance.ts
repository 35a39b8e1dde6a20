/**
 * The pulled balance of a customer follows what the server confirmed, at once (issue #33.4). The counter
 * reckons a balance as the pulled one plus this device's unsent sales on account minus its unsent payments
 * (customer-store.ts loadCustomers): the moment a sale or payment is confirmed it leaves that sum, so the
 * pulled balance must take it in the same transaction, or a counter that goes offline before its next pull
 * would forget it (and the over-limit warning with it). The next pull overwrites the row with the server's
 * figure. Callers run inside a transaction that includes db.customers.
 */
import { fromCents, toCents } from '../../domain/money';
import { db } from './db';

/** The server applied a movement of `deltaCents` (a sale on account: +total) to the customer's account. */
export async function addConfirmedMovement(customerUuid: string, deltaCents: number): Promise<void> {
  const row = await db.customers.get(customerUuid);
  if (row) await db.customers.update(customerUuid, { balance: fromCents(toCents(row.balance) + deltaCents) });
}

/** The server said the customer's balance after applying a payment: its figure, newer than the last pull. */
export async function setConfirmedBalance(customerUuid: string, balance: number): Promise<void> {
  if (await db.customers.get(customerUuid)) await db.customers.update(customerUuid, { balance });
}
