/**
 * The «Comprobante de devolución» on the thermal roll (issue #35 item 6): what a seller hands the customer
 * after a return at the counter. Pure, like layout.ts (dates formatted by the caller, money in cents): the
 * shop, the return's number and date, the original sale, who took it, the returned lines with their amounts,
 * the sale's discount share, the amount refunded in bold, how it was refunded, the reason, the credit note
 * when the sale was invoiced, and a line for the customer's signature. Not a fiscal document (the credit
 * note is). Every line fits the roll's columns.
 */
import { formatCents } from '../money';
import { header, PAPER_COLUMNS, type PaperWidth, type PrintBlock, type PrintBusiness, type PrintDocument } from './layout';

export interface ReturnSlipInput {
  business: PrintBusiness | null;
  returnNumber: number;
  dateLabel: string;
  saleNumber: string;
  saleDateLabel: string;
  userName: string;
  /** Each returned line's gross (before the discount share). */
  items: { name: string; quantity: number; amountCents: number }[];
  /** Refunded: the lines' gross minus their share of the sale's discount. */
  totalCents: number;
  /** "Efectivo", "Crédito en cuenta corriente"… */
  methodLabel: string;
  reason?: string | null;
  /** "Nota de Crédito B 00004-00000012", or why there is none yet. */
  creditNoteLabel?: string | null;
}

export function returnSlipLayout(input: ReturnSlipInput, width: PaperWidth): PrintDocument {
  const columns = PAPER_COLUMNS[width];
  const text = (value: string, extra: { align?: 'left' | 'center'; bold?: boolean; large?: boolean } = {}): PrintBlock => ({ kind: 'text', text: value, ...extra });
  const row = (left: string, cents: number, extra: { bold?: boolean; large?: boolean } = {}): PrintBlock => ({ kind: 'row', left, right: formatCents(cents), ...extra });
  const grossCents = input.items.reduce((sum, item) => sum + item.amountCents, 0);
  const blocks: PrintBlock[] = [
    ...header(input.business),
    { kind: 'rule' },
    text('COMPROBANTE DE DEVOLUCIÓN', { align: 'center', bold: true }),
    text(`Devolución N° ${input.returnNumber}`),
    text(`Fecha: ${input.dateLabel}`),
    text(`Venta original: ${input.saleNumber} del ${input.saleDateLabel}`),
    text(`Atendió: ${input.userName}`),
    { kind: 'rule' },
    ...input.items.map((item) => row(`${item.quantity} x ${item.name}`, item.amountCents)),
    { kind: 'rule' },
  ];
  if (grossCents !== input.totalCents) blocks.push(row('Subtotal', grossCents), row('Descuento de la venta', input.totalCents - grossCents));
  blocks.push(row('TOTAL DEVUELTO', input.totalCents, { bold: true, large: true }), text(`Devuelto en: ${input.methodLabel}`));
  if (input.reason) blocks.push(text(`Motivo: ${input.reason}`));
  if (input.creditNoteLabel) blocks.push(text(`Nota de crédito: ${input.creditNoteLabel}`));
  blocks.push(
    { kind: 'rule' },
    text(''),
    text('_'.repeat(Math.min(columns, 32)), { align: 'center' }),
    text('Firma del cliente', { align: 'center' }),
    { kind: 'rule' },
    text('Conserve este comprobante', { align: 'center' }),
    text('No válido como factura', { align: 'center' }),
  );
  return { columns, blocks };
}
