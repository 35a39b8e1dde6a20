/**
 * The PDF of a digital receipt (issue #35 item 4), drawn with pdfkit on an A4 page: the shop's data, the
 * document's number and date, the customer, the lines, the totals in `$ 1.234,56`, the payment method, and
 * for an invoice its letter, CAE (or CAEA) and expiry and the RG 4892 QR (the domain's buildQrUrl, drawn as
 * vector squares from the `qrcode` library's matrix so it stays sharp at any zoom). A ticket says "No válido
 * como factura". pdfkit and qrcode are imported when the first PDF is made, never at server start.
 * Text uses the PDF standard fonts (Helvetica, WinAnsi): every character written here is in that set.
 */
import type PDFKit from 'pdfkit';
import {
  buildQrUrl,
  CBTE_LETTER,
  CBTE_TIPO_LABELS,
  CONDICION_IVA_LABELS,
  DOC_TIPO_LABELS,
  formatCuit,
  ISSUER_TAX_CONDITION_LABELS,
  saleCondition,
  type CondicionIvaReceptor,
  type IssuerTaxCondition,
} from '../../../domain/invoicing';
import { PAYMENT_METHOD_LABELS } from '../../../domain/labels';
import { MSG } from '../../../domain/messages';
import { formatMoney } from '../../../domain/money';
import type { ReceiptKind } from '../../../domain/schemas/receipts';
import type { BusinessInfo } from '../../../domain/schemas/business';
import type { InvoiceJson } from '../../../domain/schemas/invoices';
import type { SaleJson } from '../../../domain/schemas/sales';
import { localDateTimeLabel } from '../../../domain/time';

export interface ReceiptPdfInput {
  kind: ReceiptKind;
  business: BusinessInfo;
  sale: SaleJson;
  /** The sale's authorized invoice (kind 'invoice' only). */
  invoice: InvoiceJson | null;
  /** Whether the ticket prints the customer's document (the privacy setting when the link was made). */
  withCustomerData: boolean;
  timeZone: string;
}

const MARGIN = 48;
const GREY = '#555555';

/** "2026-11-22" → "22/11/2026" (invoice dates are calendar dates). */
function isoDate(value: string | null | undefined): string {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** The buyer's document as an invoice prints it: "Consumidor Final", "DNI 30123456", "CUIT 20-12345678-6". */
function buyerDocument(invoice: InvoiceJson): string {
  if (invoice.docTipo === 99) return DOC_TIPO_LABELS[99];
  const number = invoice.docTipo === 80 || invoice.docTipo === 86 ? formatCuit(invoice.docNro) : invoice.docNro;
  return `${DOC_TIPO_LABELS[invoice.docTipo] ?? 'Doc.'} ${number}`;
}

const ratePercent = (rate: number): string => `${String(rate).replace('.', ',')} %`;
const issuerCondition = (value: string | null | undefined): string => (value ? (ISSUER_TAX_CONDITION_LABELS[value as IssuerTaxCondition] ?? value) : '');

/** Collects pdfkit's stream into one Buffer. */
function bufferOf(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

export async function renderReceiptPdf(input: ReceiptPdfInput): Promise<Buffer> {
  const [{ default: PDFDocument }, { default: QRCode }] = await Promise.all([import('pdfkit'), import('qrcode')]);
  const { kind, business, sale, invoice } = input;
  const title = kind === 'invoice' && invoice ? `${invoice.typeLabel || CBTE_TIPO_LABELS[invoice.invoiceType]} ${invoice.invoiceNumber}` : `Ticket ${sale.saleNumber}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: 'es-AR',
    info: { Title: title, Author: business.businessName || 'Mostrador', Subject: `Venta ${sale.saleNumber}` },
  });
  const width = doc.page.width - 2 * MARGIN;
  const left = MARGIN;
  const bottom = () => doc.page.height - MARGIN;
  const ensureRoom = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  const rule = () => {
    doc.moveDown(0.4);
    doc.moveTo(left, doc.y).lineTo(left + width, doc.y).lineWidth(0.5).strokeColor('#999999').stroke();
    doc.moveDown(0.6);
  };
  const line = (text: string, options: { bold?: boolean; size?: number; color?: string } = {}) => {
    doc.font(options.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(options.size ?? 10).fillColor(options.color ?? 'black').text(text, left, doc.y, { width });
  };

  // Simulated or test CAEs authorise nothing: said first, in large type.
  if (invoice?.simulator) line(MSG.arcaSimulatorLabel, { bold: true, size: 12 });
  else if (invoice?.environment === 'homologacion') line('ARCA homologación (pruebas) — sin validez fiscal', { bold: true, size: 12 });

  // The shop.
  line(business.businessName || 'Mostrador', { bold: true, size: 16 });
  const place = [business.address, business.city, business.province].filter(Boolean).join(', ');
  const cuit = invoice?.issuerCuit ?? business.cuit;
  if (cuit) line(`CUIT ${formatCuit(cuit)}`);
  const condition = issuerCondition(invoice?.issuerTaxCondition ?? business.taxCondition);
  if (condition) line(condition);
  if (place) line(place);
  if (business.phone) line(`Tel. ${business.phone}`);
  if (invoice && business.iibb) line(`Ingresos Brutos: ${business.iibb}`);
  if (invoice && business.startOfActivities) line(`Inicio de actividades: ${isoDate(business.startOfActivities)}`);
  rule();

  // The document.
  if (invoice) {
    const letter = invoice.letter || CBTE_LETTER[invoice.invoiceType];
    line(`${(invoice.typeLabel || CBTE_TIPO_LABELS[invoice.invoiceType]).toUpperCase()}   ${letter} (COD. ${String(invoice.invoiceType).padStart(3, '0')})`, { bold: true, size: 14 });
    line(`N° ${invoice.invoiceNumber}`, { bold: true, size: 12 });
    line(`Fecha de emisión: ${isoDate(invoice.date)}`);
    line(`Venta: ${sale.saleNumber}`);
  } else {
    line(`TICKET N° ${sale.saleNumber}`, { bold: true, size: 14 });
    line(`Fecha: ${localDateTimeLabel(sale.saleDate, input.timeZone)}`);
  }
  line(`Vendedor: ${sale.user.fullName}`);
  if (invoice) {
    const a = invoice.letter === 'A';
    const buyerName = invoice.buyerName ?? sale.customerName;
    line(`${a ? 'Razón social' : 'Cliente'}: ${buyerName || (invoice.condicionIvaReceptor === 5 ? 'Consumidor Final' : '-')}`);
    if (invoice.buyerAddress) line(`Domicilio: ${invoice.buyerAddress}`);
    line(`Documento: ${buyerDocument(invoice)}`);
    line(`Condición frente al IVA: ${CONDICION_IVA_LABELS[invoice.condicionIvaReceptor as CondicionIvaReceptor] ?? invoice.condicionIvaReceptor}`);
  } else {
    if (sale.customerName) line(`Cliente: ${sale.customerName}`);
    if (input.withCustomerData && sale.customerDocument) line(`Documento: ${sale.customerDocument}`);
  }
  rule();

  // The lines: product (wraps), quantity, unit price, subtotal.
  const columns = { name: left, qty: left + width * 0.55, unit: left + width * 0.66, sub: left + width * 0.83 };
  const widths = { name: width * 0.53, qty: width * 0.1, unit: width * 0.16, sub: width * 0.17 };
  const row = (cells: [string, string, string, string], bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10).fillColor('black');
    const height = Math.max(doc.heightOfString(cells[0], { width: widths.name }), doc.currentLineHeight());
    ensureRoom(height + 4);
    const y = doc.y;
    doc.text(cells[0], columns.name, y, { width: widths.name });
    doc.text(cells[1], columns.qty, y, { width: widths.qty, align: 'right' });
    doc.text(cells[2], columns.unit, y, { width: widths.unit, align: 'right' });
    doc.text(cells[3], columns.sub, y, { width: widths.sub, align: 'right' });
    doc.y = y + height + 4;
  };
  row(['Producto', 'Cant.', 'P. Unit.', 'Subtotal'], true);
  for (const item of sale.items) {
    const rate = invoice?.letter === 'A' ? ` (IVA ${ratePercent(item.ivaRate)})` : '';
    row([`${item.productName}${rate}`, String(item.quantity), formatMoney(item.unitPrice), formatMoney(item.subtotal)]);
  }
  rule();

  // Totals, right-aligned label and amount.
  const total = (label: string, amount: string, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 13 : 10).fillColor('black');
    ensureRoom(doc.currentLineHeight() + 4);
    const y = doc.y;
    doc.text(label, left + width * 0.4, y, { width: width * 0.4, align: 'right' });
    doc.text(amount, left + width * 0.8, y, { width: width * 0.2, align: 'right' });
    doc.y = y + doc.currentLineHeight() + 4;
  };
  if (sale.discount > 0 || !invoice) total('Subtotal', formatMoney(sale.subtotal));
  if (sale.discount > 0) total('Descuento', `- ${formatMoney(sale.discount)}`);
  if (invoice?.letter === 'A') {
    total('Importe neto gravado', formatMoney(invoice.net));
    for (const iva of invoice.ivaBreakdown) total(`IVA ${ratePercent(iva.rate)} (s/ ${formatMoney(iva.base)})`, formatMoney(iva.amount));
  }
  total('TOTAL', formatMoney(invoice ? invoice.total : sale.total), true);
  if (sale.returned > 0) total('Devuelto después', `- ${formatMoney(sale.returned)}`);
  doc.moveDown(0.5);
  line(`Forma de pago: ${PAYMENT_METHOD_LABELS[sale.paymentMethod as keyof typeof PAYMENT_METHOD_LABELS] ?? sale.paymentMethod}`);
  if (invoice) line(`Condición de venta: ${invoice.saleCondition || saleCondition(sale.paymentMethod)}`);

  if (invoice) {
    if (invoice.condicionIvaReceptor === 5) {
      rule();
      line('Régimen de Transparencia Fiscal al Consumidor (Ley 27.743)', { bold: true });
      line(`IVA Contenido: ${formatMoney(invoice.iva)}`);
      line(`Otros Impuestos Nacionales Indirectos: ${formatMoney(0)}`);
    }
    rule();
    // The authorization: the QR on the left, CAE/CAEA and its expiry beside it.
    const code = invoice.authorization === 'CAEA' ? 'CAEA' : 'CAE';
    const qrSize = 120;
    ensureRoom(qrSize + 8);
    const top = doc.y;
    const qrUrl =
      invoice.qrUrl ??
      buildQrUrl({
        fecha: invoice.date,
        cuit: invoice.issuerCuit,
        ptoVta: invoice.ptoVta,
        tipoCmp: invoice.invoiceType,
        nroCmp: invoice.cbteNro,
        importe: invoice.total,
        tipoDocRec: invoice.docTipo,
        nroDocRec: invoice.docNro,
        codAut: invoice.cae ?? 0,
        tipoCodAut: invoice.authorization === 'CAEA' ? 'A' : 'E',
      });
    const matrix = QRCode.create(qrUrl, { errorCorrectionLevel: 'M' }).modules;
    const quiet = 4;
    const cell = qrSize / (matrix.size + 2 * quiet);
    doc.rect(left, top, qrSize, qrSize).fill('white');
    for (let r = 0; r < matrix.size; r++) {
      for (let c = 0; c < matrix.size; c++) if (matrix.get(r, c)) doc.rect(left + (c + quiet) * cell, top + (r + quiet) * cell, cell, cell);
    }
    doc.fill('black');
    const textLeft = left + qrSize + 16;
    doc.font('Helvetica-Bold').fontSize(11).fillColor('black').text(`${code} N°: ${invoice.cae ?? ''}`, textLeft, top + 20, { width: width - qrSize - 16 });
    doc.font('Helvetica').fontSize(10).text(`Fecha de vto. de ${code}: ${isoDate(invoice.cae_expiration)}`, textLeft, doc.y, { width: width - qrSize - 16 });
    doc.text(invoice.authorization === 'CAEA' ? 'Comprobante emitido en contingencia con CAEA' : 'Comprobante autorizado por ARCA', textLeft, doc.y, { width: width - qrSize - 16 });
    doc.y = top + qrSize + 8;
  } else {
    rule();
    line('¡Gracias por su compra!', { color: GREY });
    line('No válido como factura', { bold: true });
  }
  return bufferOf(doc);
}
