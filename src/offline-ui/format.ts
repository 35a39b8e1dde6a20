/** Display helpers shared by the POS and the sync panel. */
import type { OutboxEntry } from '../offline/db';

export const PAYMENT_LABELS: Record<string, string> = {
  efectivo: 'Efectivo',
  tarjeta: 'Tarjeta',
  transferencia: 'Transferencia',
  mercadopago: 'Mercado Pago',
  cuenta_corriente: 'Cuenta corriente',
};

/** The sale's number: the official one once the server gave it, else the provisional reference. */
export const saleReference = (entry: Pick<OutboxEntry, 'saleNumber' | 'provisionalNumber'>) => entry.saleNumber ?? entry.provisionalNumber;

export const FLAG_LABELS: Record<string, string> = { oversold: 'Sobreventa', price_changed: 'Precio distinto al del catálogo', payment_review: 'Pago de Mercado Pago a revisar', refunded: 'Reembolsada por Mercado Pago' };
