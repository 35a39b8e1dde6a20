/** A session's figures from what the server holds now (domain/cash-rules.ts on its sales and movements). */
import { cashTotals, type CashTotals } from '../../../domain/cash-rules';
import type { Q } from '../../db/store';
import { accountLedgerRepository } from '../customers/ledger-repository';
import { cashRepository, type CashSessionRow } from './repository';

export async function sessionFigures(q: Q, session: CashSessionRow): Promise<CashTotals> {
  const sales = (await cashRepository.sales(q, session.clientSessionId)).map((s) => ({
    paymentMethod: s.paymentMethod,
    totalCents: s.totalCents,
    cancelled: s.paymentStatus === 'cancelado',
  }));
  const movements = (await cashRepository.movements(q, session.id)).map(({ movement }) => ({ kind: movement.kind, amountCents: movement.amountCents }));
  // Payments on account taken in cash in this session («Cobro a cuenta», issue #33.4) went into the drawer.
  const accountPayments = await accountLedgerRepository.cashPaymentsOfSession(q, session.clientSessionId);
  return cashTotals(session.floatCents, sales, movements, accountPayments.totalCents);
}
