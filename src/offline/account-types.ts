/**
 * Shape of the accountOutbox table of the device's store (db.ts version 5, issue #33.4): a payment on
 * account («Cobro a cuenta») taken at this counter, what POST /sync/account-payments receives, and its
 * sync status. account-payments.ts writes and delivers it.
 */
import type { PushedAccountPaymentBody } from '../../domain/schemas/accounts';
import type { OutboxStatus } from './db';

export interface AccountPaymentEntry {
  clientPaymentId: string;
  /** This device's counter (meta accountSeq): delivery order and the receipt's number. */
  seq: number;
  /** `<device short id>-<seq>`, printed on the receipt. */
  receiptNumber: string;
  customerUuid: string;
  customerName: string;
  /** The customer's balance (cents) as this device knew it when the payment was taken, before it. */
  balanceBeforeCents: number;
  amountCents: number;
  sellerName: string;
  /** Exactly what is sent, fixed at capture (a resend is the same body, so the server answers duplicate). */
  payment: PushedAccountPaymentBody;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  syncedAt: string | null;
  /** The balance the server reported after applying it (decimal). */
  serverBalance: number | null;
}
