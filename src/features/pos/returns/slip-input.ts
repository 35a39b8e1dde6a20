/**
 * What the «Comprobante de devolución» says (domain/printing/return-slip.ts), from the return the server
 * recorded and its sale: the same input for the browser's print dialog (ReturnSlip.tsx) and the network
 * printer (return-slip-bytes.ts), so both print the same facts.
 */
import { ISSUER_TAX_CONDITION_LABELS, type IssuerTaxCondition } from '../../../../domain/invoicing';
import { toCents } from '../../../../domain/money';
import type { PrintBusiness } from '../../../../domain/printing/layout';
import type { ReturnSlipInput } from '../../../../domain/printing/return-slip';
import type { SaleReturn } from '../../../api/returns';
import type { Sale } from '../../../api/sales';
import { formatDateTime } from '../../../ui/dates';

export type SlipBusiness = Record<string, string | null | undefined> | null;

/** How the refund reaches the customer: the sale's payment method (a sale on account is credited to it). */
const REFUND_LABELS: Record<string, string> = {
  efectivo: 'Efectivo',
  tarjeta: 'Tarjeta (anulación o reintegro en la tarjeta)',
  transferencia: 'Transferencia',
  mercadopago: 'Mercado Pago',
  cuenta_corriente: 'Crédito en cuenta corriente',
};
export const refundLabel = (method: string) => REFUND_LABELS[method] ?? method;

export function printBusiness(business: SlipBusiness): PrintBusiness | null {
  if (!business) return null;
  const condition = business.taxCondition ?? null;
  return {
    businessName: business.businessName,
    cuit: business.cuit,
    taxConditionLabel: condition ? (ISSUER_TAX_CONDITION_LABELS[condition as IssuerTaxCondition] ?? condition) : null,
    address: business.address,
    city: business.city,
    phone: business.phone,
  };
}

export function slipInput(ret: SaleReturn, sale: Sale, business: SlipBusiness): ReturnSlipInput {
  const note = ret.creditNote;
  return {
    business: printBusiness(business),
    returnNumber: ret.id,
    dateLabel: formatDateTime(ret.createdAt),
    saleNumber: sale.saleNumber,
    saleDateLabel: formatDateTime(sale.saleDate),
    userName: ret.user.fullName,
    items: ret.items.map((item) => ({ name: item.productName, quantity: item.quantity, amountCents: toCents(item.amount) })),
    totalCents: toCents(ret.total),
    methodLabel: refundLabel(sale.paymentMethod),
    reason: ret.reason,
    creditNoteLabel: note ? (note.status === 'autorizada' ? `${note.typeLabel} ${note.invoiceNumber}` : 'se emitirá cuando ARCA responda') : null,
  };
}
