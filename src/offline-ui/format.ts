/** Display helpers shared by the POS and the sync panel. */
import type { OutboxEntry } from '../offline/db';
import { shopDateFormat } from '../ui/dates';

export { formatDateTime } from '../ui/dates';

export const PAYMENT_LABELS: Record<string, string> = {
  efectivo: 'Efectivo',
  tarjeta: 'Tarjeta',
  transferencia: 'Transferencia',
  mercadopago: 'Mercado Pago',
};

/** 24-hour clock, as an Argentine shop reads it (es-AR alone would say "06:05 p. m."). */
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** "18:05", in the shop's time zone (ui/dates.ts), like every date the app shows. */
export const formatTime = (iso: string) => shopDateFormat(TIME).format(new Date(iso));

/** The sale's number: the official one once the server gave it, else the provisional reference. */
export const saleReference = (entry: Pick<OutboxEntry, 'saleNumber' | 'provisionalNumber'>) => entry.saleNumber ?? entry.provisionalNumber;

export const FLAG_LABELS: Record<string, string> = { oversold: 'Sobreventa', price_changed: 'Precio distinto al del catálogo', payment_review: 'Pago de Mercado Pago a revisar' };
