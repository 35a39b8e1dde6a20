/** Digital receipts (issue #35 item 4, docs/receipts.md): the channels, a link to a sale's PDF, the e-mail. */
import type { ReceiptKind } from '../../domain/schemas/receipts';
import { api } from './client';

export const fetchReceiptChannels = () => api('GET /receipts/channels', { errorMessage: 'No se pudo consultar cómo enviar el comprobante' });

export const createReceiptLink = (saleId: number, kind?: ReceiptKind) =>
  api('POST /sales/:id/receipt-link', { params: { id: saleId }, json: kind ? { kind } : {}, errorMessage: 'No se pudo crear el enlace al comprobante' });

export const emailReceipt = (saleId: number, to: string) =>
  api('POST /sales/:id/receipt-email', { params: { id: saleId }, json: { to }, errorMessage: 'No se pudo enviar el comprobante por e-mail' });
