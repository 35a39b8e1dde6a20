/** A session's figures from what the server holds now (domain/cash-rules.ts on its sales and movements). */
import { cashTotals, type CashTotals } from '../../../domain/cash-rules';
import type { Db } from '../../db/client';
import { cashRepository, type CashSessionRow } from './repository';

export function sessionFigures(db: Db, session: CashSessionRow): CashTotals {
  const sales = cashRepository.sales(db, session.clientSessionId).map((s) => ({
    paymentMethod: s.paymentMethod,
    totalCents: s.totalCents,
    cancelled: s.paymentStatus === 'cancelado',
  }));
  const movements = cashRepository.movements(db, session.id).map(({ movement }) => ({ kind: movement.kind, amountCents: movement.amountCents }));
  return cashTotals(session.floatCents, sales, movements);
}
