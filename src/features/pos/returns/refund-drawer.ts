/**
 * The cash of a return taken at the counter leaves this counter's drawer (issue #35.6): it is recorded as a cash
 * out of the device's open cash session with the reason `devolucion`, so the session's expected cash (and its
 * X and Z) count only what is really in the drawer. Only a cash sale's refund does; the other methods go back
 * by their own channel. With no session open on this counter nothing is recorded, and the cashier is told so.
 */
import { formatCents, toCents } from '../../../../domain/money';
import type { SaleReturn } from '../../../api/returns';
import type { Sale } from '../../../api/sales';
import { addMovement, currentCashSession } from '../../../offline/cash';
import type { CashPerson } from '../../../offline/cash-types';
import { COUNTER_RETURN_MSG } from './counter-return-messages';

/** Records the refund in the open session when the sale was paid in cash; what to tell the cashier (null: nothing). */
export async function refundFromDrawer(ret: SaleReturn, sale: Sale, by: CashPerson): Promise<string | null> {
  if (sale.paymentMethod !== 'efectivo') return null;
  if (!(await currentCashSession())) return COUNTER_RETURN_MSG.noOpenSession;
  const amountCents = toCents(ret.total);
  await addMovement({ by, kind: 'out', amountCents, reason: 'devolucion', note: `Devolución N° ${ret.id} de la venta ${sale.saleNumber}` });
  return COUNTER_RETURN_MSG.paidFromDrawer(formatCents(amountCents));
}
