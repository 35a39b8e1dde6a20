/** Spanish labels and colours of sale enumerations (docs/spec.md §4 status colours). */
import type { PaymentMethod, PaymentStatus, SaleFlag } from '../../domain/constants';

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  efectivo: 'Efectivo',
  tarjeta: 'Tarjeta',
  transferencia: 'Transferencia',
  mercadopago: 'Mercado Pago',
  cuenta_corriente: 'Cuenta corriente',
};

/** A method's label; unknown values capitalised. */
export function paymentMethodLabel(method: string): string {
  return PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method.charAt(0).toUpperCase() + method.slice(1);
}

export const PAYMENT_STATUS_COLORS: Record<PaymentStatus, 'success' | 'warning' | 'error'> = {
  pagado: 'success',
  pendiente: 'warning',
  cancelado: 'error',
};

export const SALE_FLAG_LABELS: Record<SaleFlag, string> = {
  oversold: 'Sobreventa',
  price_changed: 'Precio distinto',
  payment_review: 'Pago a revisar',
  refunded: 'Reembolsada',
  review: 'Revisar',
};

/** Why a flagged sale needs a look, one cause per flag, worded for that cause (the dashboard notice lists them). */
export const SALE_FLAG_CAUSES: Record<SaleFlag, string> = {
  oversold: 'registrada sin conexión con stock insuficiente',
  price_changed: 'registrada sin conexión con un precio distinto al del catálogo',
  payment_review: 'con un pago de Mercado Pago a revisar (monto distinto, contracargo, mediación o aprobado después de cancelar)',
  refunded: 'reembolsada por Mercado Pago (no cuenta como ingreso ni se puede facturar)',
  review: 'con una observación del servidor al sincronizar',
};
