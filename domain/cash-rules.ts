/**
 * Pure rules of a cash session ("caja", issue #16), in integer cents. Invariants:
 * - expected cash in the drawer = float + cash sales − cash refunds (the session's cash sales later
 *   cancelled) + cash payments on account («Cobro a cuenta», issue #33.4) + cash ins − cash outs. Other
 *   payment methods (a sale on cuenta corriente among them) never touch the drawer. The money of a return
 *   taken at the counter on a cash sale leaves as a cash out with the reason `devolucion` (issue #35.6).
 * - difference = counted − expected (negative: cash is missing).
 * - a close whose difference is not zero needs a comment.
 * - a count by denomination is the sum of count × face value (ARS bills and coins).
 */
import type { PaymentMethod } from './constants';
import type { Cents } from './money';

// The reasons and the setting live here, not with the schemas: the counter's screens read them without
// loading zod (issue #17: no schema code on /pos and /dashboard).
export const CASH_REASONS = ['retiro_caja_fuerte', 'pago_proveedor', 'cambio', 'devolucion', 'otro'] as const;
export type CashReason = (typeof CASH_REASONS)[number];
export const CASH_REASON_LABELS: Record<CashReason, string> = {
  retiro_caja_fuerte: 'Retiro a caja fuerte',
  pago_proveedor: 'Pago a proveedor',
  cambio: 'Cambio',
  devolucion: 'Devolución a un cliente',
  otro: 'Otro',
};

/** Setting (configuration caja/exigir_caja_abierta, off by default): no sale without an open session. */
export const CASH_CONFIG = { categoria: 'caja', clave: 'exigir_caja_abierta', valor: 'false', descripcion: 'Exigir caja abierta para vender' } as const;

/** ARS face values in cents, largest first: bills, then coins. */
export const ARS_BILLS: readonly Cents[] = [2_000_000, 1_000_000, 200_000, 100_000, 50_000, 20_000, 10_000, 5_000, 2_000, 1_000];
export const ARS_COINS: readonly Cents[] = [500, 200, 100];
export const ARS_DENOMINATIONS: readonly Cents[] = [...ARS_BILLS, ...ARS_COINS];

/** Count per face value (cents, as a string key) → how many pieces. */
export type DenominationCount = Record<string, number>;

export function denominationTotal(counts: DenominationCount): Cents {
  let total = 0;
  for (const [face, pieces] of Object.entries(counts)) {
    const cents = Number(face);
    if (!ARS_DENOMINATIONS.includes(cents)) throw new RangeError(`Denominación desconocida: ${face}`);
    if (!Number.isInteger(pieces) || pieces < 0) throw new RangeError(`Cantidad inválida de ${face}: ${pieces}`);
    total += cents * pieces;
  }
  return total;
}

export interface SessionSale {
  paymentMethod: PaymentMethod;
  totalCents: Cents;
  /** The sale was cancelled afterwards: if it was cash, the money went back to the customer. */
  cancelled: boolean;
}

export interface SessionMovement {
  kind: 'in' | 'out';
  amountCents: Cents;
}

export interface CashTotals {
  floatCents: Cents;
  /** Every cash sale of the session, cancelled or not. */
  cashSalesCents: Cents;
  /** Cash sales of the session that were cancelled (returned to the customer). */
  cashRefundsCents: Cents;
  insCents: Cents;
  outsCents: Cents;
  /** Payments on account taken in cash in the session. */
  accountPaymentsCents: Cents;
  expectedCents: Cents;
  /** Counted (not cancelled) sales per payment method: the X and Z reports. */
  byMethod: Record<PaymentMethod, { count: number; totalCents: Cents }>;
}

export function cashTotals(floatCents: Cents, sales: readonly SessionSale[], movements: readonly SessionMovement[], accountPaymentsCents: Cents = 0): CashTotals {
  const byMethod: CashTotals['byMethod'] = {
    efectivo: { count: 0, totalCents: 0 },
    tarjeta: { count: 0, totalCents: 0 },
    transferencia: { count: 0, totalCents: 0 },
    mercadopago: { count: 0, totalCents: 0 },
    cuenta_corriente: { count: 0, totalCents: 0 },
  };
  let cashSalesCents = 0;
  let cashRefundsCents = 0;
  for (const sale of sales) {
    if (sale.paymentMethod === 'efectivo') {
      cashSalesCents += sale.totalCents;
      if (sale.cancelled) cashRefundsCents += sale.totalCents;
    }
    if (!sale.cancelled) {
      byMethod[sale.paymentMethod].count += 1;
      byMethod[sale.paymentMethod].totalCents += sale.totalCents;
    }
  }
  let insCents = 0;
  let outsCents = 0;
  for (const movement of movements) {
    if (movement.kind === 'in') insCents += movement.amountCents;
    else outsCents += movement.amountCents;
  }
  const expectedCents = floatCents + cashSalesCents - cashRefundsCents + accountPaymentsCents + insCents - outsCents;
  return { floatCents, cashSalesCents, cashRefundsCents, insCents, outsCents, accountPaymentsCents, expectedCents, byMethod };
}

export const cashDifference = (countedCents: Cents, expectedCents: Cents): Cents => countedCents - expectedCents;

/** Whether closing with this difference needs the cashier's comment. */
export const needsComment = (differenceCents: Cents, comment: string | null | undefined): boolean =>
  differenceCents !== 0 && !(comment ?? '').trim();
