/** Display helpers shared by the POS and the sync panel. */
import type { OutboxEntry } from '../offline/db';
import { shopDateFormat } from '../ui/dates';

export const PAYMENT_LABELS: Record<string, string> = {
  efectivo: 'Efectivo',
  tarjeta: 'Tarjeta',
  transferencia: 'Transferencia',
  mercadopago: 'Mercado Pago',
};

const DATE_TIME: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };

/** In the shop's time zone (ui/dates.ts), like every date the app shows. */
export const formatDateTime = (iso: string) => shopDateFormat(DATE_TIME).format(new Date(iso));
export const formatTime = (iso: string) => shopDateFormat(TIME).format(new Date(iso));

/** The sale's number: the official one once the server gave it, else the provisional reference. */
export const saleReference = (entry: Pick<OutboxEntry, 'saleNumber' | 'provisionalNumber'>) => entry.saleNumber ?? entry.provisionalNumber;

export const FLAG_LABELS: Record<string, string> = { oversold: 'Sobreventa', price_changed: 'Precio distinto al del catálogo', payment_review: 'Pago de Mercado Pago a revisar' };
