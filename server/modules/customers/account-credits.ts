/**
 * What a cancellation or a return gives back to a cuenta corriente (issue #33 item 4): a sale that was
 * charged to an account is credited in the same unit that cancels or returns it, so the balance never
 * keeps what the customer no longer owes. Invariants: a cancellation credits the whole charge once (one
 * 'sale_cancel' per sale), a return credits its returned amount once (one 'return' per sale return), and
 * a sale that was never charged (another payment method, or no known customer) is left alone.
 */
import type { Q } from '../../db/store';
import { accountLedgerRepository } from './ledger-repository';

interface Credit {
  saleId: number;
  userId: number;
  note: string;
}

/** A cancelled sale on account: the whole charge back. */
export async function creditCancelledSale(tx: Q, { saleId, userId, note }: Credit): Promise<void> {
  const charge = await accountLedgerRepository.saleCharge(tx, saleId);
  if (!charge) return;
  await accountLedgerRepository.lockedAccount(tx, charge.customerId);
  await accountLedgerRepository.apply(tx, { customerId: charge.customerId, kind: 'sale_cancel', amountCents: -charge.amountCents, saleId, userId, note, occurredAt: new Date().toISOString() });
}

/** A return of part of a sale on account: its returned amount back. */
export async function creditReturn(tx: Q, { saleId, userId, note, returnId, amountCents }: Credit & { returnId: number; amountCents: number }): Promise<void> {
  const charge = await accountLedgerRepository.saleCharge(tx, saleId);
  if (!charge || amountCents <= 0) return;
  await accountLedgerRepository.lockedAccount(tx, charge.customerId);
  await accountLedgerRepository.apply(tx, { customerId: charge.customerId, kind: 'return', amountCents: -amountCents, saleId, returnId, userId, note, occurredAt: new Date().toISOString() });
}
