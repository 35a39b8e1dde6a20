/** Display helpers of the invoicing screens and printout (pure; the rules themselves live in domain/invoicing). */
import { CBTE_TIPO_LABELS, CONDICION_IVA_LABELS, DOC_TIPO_LABELS, formatCuit, ISSUER_TAX_CONDITION_LABELS } from '../../../domain/invoicing';
import type { Invoice } from '../../api/invoices';

/** "2026-11-22" → "22/11/2026" (invoice dates are calendar dates: no time-zone shift). */
export function formatIsoDate(value: string | null | undefined): string {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** "Factura B" (the server's label, or the code's). */
export const invoiceTypeLabel = (invoice: Pick<Invoice, 'typeLabel' | 'invoiceType'>): string => invoice.typeLabel || CBTE_TIPO_LABELS[invoice.invoiceType];

/** "COD. 006": the comprobante code printed under the letter. */
export const invoiceCode = (tipo: number): string => `COD. ${String(tipo).padStart(3, '0')}`;

/** "Consumidor Final", "DNI 30123456", "CUIT 20-12345678-6". */
export function buyerDocument(invoice: Pick<Invoice, 'docTipo' | 'docNro'>): string {
  if (invoice.docTipo === 99) return DOC_TIPO_LABELS[99];
  const number = invoice.docTipo === 80 || invoice.docTipo === 86 ? formatCuit(invoice.docNro) : invoice.docNro;
  return `${DOC_TIPO_LABELS[invoice.docTipo] ?? 'Doc.'} ${number}`;
}

export const ivaConditionLabel = (code: number): string => CONDICION_IVA_LABELS[code as keyof typeof CONDICION_IVA_LABELS] ?? String(code);

export const issuerConditionLabel = (condition: Invoice['issuerTaxCondition'] | null): string => (condition ? ISSUER_TAX_CONDITION_LABELS[condition] : '');

/** "21 %", "10,5 %". */
export const ratePercent = (rate: number): string => `${String(rate).replace('.', ',')} %`;

export const INVOICE_STATUS_LABELS: Record<Invoice['status'], string> = { pendiente: 'Pendiente', autorizada: 'Autorizada', fallida: 'Fallida' };
