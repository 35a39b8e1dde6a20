/** Spanish names of the stored enumerations, shown by the screens and written into exports. */
import type { ContactStatus, PaymentMethod, PaymentStatus } from './constants';

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  efectivo: 'Efectivo',
  tarjeta: 'Tarjeta',
  transferencia: 'Transferencia',
  mercadopago: 'Mercado Pago',
  cuenta_corriente: 'Cuenta corriente',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = { pagado: 'Pagado', pendiente: 'Pendiente', cancelado: 'Cancelado' };

export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = {
  nuevo: 'Nuevo',
  leido: 'Leído',
  respondido: 'Respondido',
  archivado: 'Archivado',
};

/** A stored value's label, or the value capitalised when it has none. */
export function labelOf(labels: Record<string, string>, value: string): string {
  return labels[value] ?? value.charAt(0).toUpperCase() + value.slice(1);
}
