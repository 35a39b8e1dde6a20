/** Spanish labels and colours of sale enumerations (docs/spec.md §4 status colours). */
import type { PaymentMethod, PaymentStatus, SaleFlag } from '../../domain/constants';

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  efectivo: 'Efectivo',
  tarjeta: 'Tarjeta',
  transferencia: 'Transferencia',
  mercadopago: 'Mercado Pago',
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
  review: 'Revisar',
};
