/**
 * Shapes of the cash-session tables of the device's store (db.ts version 2, issue #16).
 *  - cashSessions: the device's sessions; at most one `open` at a time. The running totals per payment
 *    method are updated in the same transaction as each sale (outbox.ts), so the X report never depends on
 *    sales the outbox has pruned.
 *  - cashOutbox: every open / movement / drawer_open / close captured, with its sync status, delivered in `seq` order
 *    through POST /sync/cash by the sync engine (cash-outbox.ts).
 */
import type { OfflinePaymentMethod, OutboxStatus } from './db';
import type { CashReason } from '../../domain/cash-rules';
import type { CashEvent } from '../../domain/schemas/cash';

export interface CashPerson {
  id: number;
  name: string;
}

export interface LocalCashMovement {
  id: string;
  kind: 'in' | 'out';
  amountCents: number;
  reason: CashReason;
  note: string | null;
  at: string;
  by: CashPerson;
}

export interface LocalCashSession {
  clientSessionId: string;
  status: 'open' | 'closed';
  openedAt: string;
  openedBy: CashPerson;
  floatCents: number;
  /** Sales rung up in the session per method (what this device captured; cancellations happen on the server). */
  sales: Record<OfflinePaymentMethod, { count: number; totalCents: number }>;
  movements: LocalCashMovement[];
  /** Payments on account («Cobro a cuenta», issue #33.4) taken in cash in the session: they go into the drawer. */
  accountPayments?: { count: number; totalCents: number };
  /** «Abrir cajón» presses in the session (issue #35): counted on the X/Z, never cash. Absent on older rows. */
  drawerOpens?: number;
  closedAt: string | null;
  closedBy: CashPerson | null;
  countedCents: number | null;
  expectedCents: number | null;
  differenceCents: number | null;
  comment: string | null;
  declared: { tarjeta: number | null; transferencia: number | null; mercadopago: number | null } | null;
  /** The server's Z number, once the close was delivered. */
  zNumber: number | null;
}

export interface CashOutboxEntry {
  eventId: string;
  seq: number;
  clientSessionId: string;
  event: CashEvent;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  syncedAt: string | null;
}
