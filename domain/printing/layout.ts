/**
 * Paper layout of what the counter prints on a thermal roll (issue #35): the sale ticket, the invoice
 * (Factura A/B/C and credit notes, with the RG 4892 QR) and the cash session's X/Z report, as a list of
 * printer-neutral blocks. Pure: no bytes, no printer, no clock; dates come in already formatted, money in
 * integer cents. Invariants: every text line fits the roll's columns (32 at 58 mm, 48 at 80 mm; longer
 * names wrap, amounts are never cut), and an invoice's QR is exactly the domain's buildQrUrl of the
 * invoice (the same one the A4/80 mm printout draws). escpos.ts turns the blocks into ESC/POS bytes.
 * The shop's logo, when the tablet has it as a raster (src/features/pos/printing/ticket-logo.ts), heads the
 * header, centred (the tablet draws it at most 256 dots wide, which fits the 58 mm roll's 384).
 */
import { buildQrUrl, formatCuit } from '../invoicing';
import { formatCents } from '../money';

export const PAPER_WIDTHS = ['58', '80'] as const;
export type PaperWidth = (typeof PAPER_WIDTHS)[number];
/** Characters per line in font A: 58 mm rolls print 32, 80 mm rolls 48. */
export const PAPER_COLUMNS: Record<PaperWidth, number> = { '58': 32, '80': 48 };

/** An RGBA image (the canvas's ImageData shape), its width a multiple of 8. */
export interface RasterImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export type PrintBlock =
  | { kind: 'text'; text: string; align?: 'left' | 'center'; bold?: boolean; large?: boolean }
  /** A label on the left, an amount on the right of the same line. */
  | { kind: 'row'; left: string; right: string; bold?: boolean; large?: boolean }
  | { kind: 'rule' }
  /** The fiscal QR (the URL it encodes). */
  | { kind: 'qr'; data: string }
  /** The shop's logo, centred. */
  | { kind: 'image'; image: RasterImage };

export interface PrintDocument {
  columns: number;
  blocks: PrintBlock[];
}

export interface PrintBusiness {
  businessName?: string | null;
  cuit?: string | null;
  taxConditionLabel?: string | null;
  address?: string | null;
  city?: string | null;
  phone?: string | null;
  /** The logo as the tablet drew it (none: the header starts with the name). */
  logo?: RasterImage | null;
}

export interface PrintLine {
  name: string;
  quantity: number;
  unitPriceCents: number;
  /** Only on a Factura A: the line's IVA rate as printed ("21%"). */
  rateLabel?: string;
}

export interface TicketInput {
  business: PrintBusiness | null;
  reference: string;
  provisional: boolean;
  dateLabel: string;
  sellerName: string;
  customerName?: string | null;
  customerDocument?: string | null;
  items: PrintLine[];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  paymentLabel: string;
}

export interface InvoiceInput {
  business: PrintBusiness | null;
  letter: string;
  /** "Factura B", "Nota de Crédito A"… */
  typeLabel: string;
  /** "Cód. 006". */
  codeLabel: string;
  invoiceType: number;
  ptoVta: number;
  cbteNro: number;
  invoiceNumber: string;
  /** yyyy-mm-dd (Argentine calendar date) and as printed. */
  date: string;
  dateLabel: string;
  issuerCuit: string;
  issuerConditionLabel: string;
  iibb?: string | null;
  startOfActivitiesLabel?: string | null;
  buyerName?: string | null;
  buyerAddress?: string | null;
  docTipo: number;
  docNro: string;
  buyerDocumentLabel: string;
  condicionIvaReceptor: number;
  ivaConditionLabel: string;
  saleConditionLabel?: string | null;
  saleNumber: string;
  associatedLabel?: string | null;
  items: PrintLine[];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  netCents: number;
  ivaCents: number;
  ivaBreakdown: { label: string; amountCents: number }[];
  cae: string | null;
  caeExpirationLabel: string;
  authorization: 'CAE' | 'CAEA';
  /** A note over the header: simulator or homologation (no fiscal value). */
  notice?: string | null;
}

export interface CashReportInput {
  businessName: string;
  /** null while the close is not delivered ("pendiente de sincronizar"); undefined for an X. */
  zNumber?: number | null;
  closed: boolean;
  openedLabel: string;
  closedLabel?: string | null;
  issuedLabel?: string | null;
  floatCents: number;
  sales: { label: string; count: number; totalCents: number }[];
  /** Other lines of the first block, after the sales: cash payments on account, ins and outs. */
  totals?: { label: string; cents: number }[];
  movements: { label: string; signedCents: number }[];
  /** «Abrir cajón» presses in the session (issue #35): a count, never money. */
  drawerOpens: number;
  expectedCents: number;
  countedCents: number | null;
  differenceCents: number | null;
  comment: string | null;
  declared: { label: string; cents: number }[];
}

/** Breaks a text into lines of at most `width` characters, at spaces when it can. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      let rest = word;
      while (rest.length > width) {
        if (line) {
          lines.push(line);
          line = '';
        }
        lines.push(rest.slice(0, width));
        rest = rest.slice(width);
      }
      if (!rest) continue;
      if (!line) line = rest;
      else if (line.length + 1 + rest.length <= width) line += ` ${rest}`;
      else {
        lines.push(line);
        line = rest;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** One printed line: label left, value right; a label too long for the line wraps above the value. */
export function rowLines(left: string, right: string, width: number): string[] {
  const room = width - right.length - 1;
  if (room < 1) return [...wrap(left, width), right.padStart(width)];
  const labels = wrap(left, room);
  const last = labels.pop() ?? '';
  return [...labels, last.padEnd(room) + ' ' + right];
}

const text = (value: string, extra: Omit<Extract<PrintBlock, { kind: 'text' }>, 'kind' | 'text'> = {}): PrintBlock => ({ kind: 'text', text: value, ...extra });
const row = (left: string, cents: number, extra: { bold?: boolean; large?: boolean } = {}): PrintBlock => ({ kind: 'row', left, right: formatCents(cents), ...extra });
const present = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(', ');

/** The shop's name and details, centred (also the return slip's, return-slip.ts). */
export function header(business: PrintBusiness | null): PrintBlock[] {
  const blocks: PrintBlock[] = [];
  if (business?.logo) blocks.push({ kind: 'image', image: business.logo });
  blocks.push(text(business?.businessName || 'Sistema POS', { align: 'center', bold: true, large: true }));
  if (business?.cuit) blocks.push(text(`CUIT ${formatCuit(business.cuit)}`, { align: 'center' }));
  if (business?.taxConditionLabel) blocks.push(text(business.taxConditionLabel, { align: 'center' }));
  const place = present(business?.address, business?.city);
  if (place) blocks.push(text(place, { align: 'center' }));
  if (business?.phone) blocks.push(text(`Tel. ${business.phone}`, { align: 'center' }));
  return blocks;
}

/** "2 x Yerba 1 kg" then "$ 1.000,00 c/u" with the line's subtotal on the right. */
function itemBlocks(items: PrintLine[]): PrintBlock[] {
  return items.flatMap((item) => [
    text(`${item.quantity} x ${item.name}`),
    {
      kind: 'row',
      left: `${formatCents(item.unitPriceCents)} c/u${item.rateLabel ? ` IVA ${item.rateLabel}` : ''}`,
      right: formatCents(item.unitPriceCents * item.quantity),
    } satisfies PrintBlock,
  ]);
}

/** The sale ticket (not a fiscal document). */
export function ticketLayout(input: TicketInput, width: PaperWidth): PrintDocument {
  const blocks: PrintBlock[] = [
    ...header(input.business),
    { kind: 'rule' },
    text(`Ticket N° ${input.reference}${input.provisional ? ' (provisorio)' : ''}`),
    text(`Fecha: ${input.dateLabel}`),
    text(`Vendedor: ${input.sellerName}`),
  ];
  if (input.customerName) blocks.push(text(`Cliente: ${input.customerName}`));
  if (input.customerDocument) blocks.push(text(`Documento: ${input.customerDocument}`));
  blocks.push({ kind: 'rule' }, ...itemBlocks(input.items), { kind: 'rule' }, row('Subtotal', input.subtotalCents));
  if (input.discountCents > 0) blocks.push(row('Descuento', -input.discountCents));
  blocks.push(
    row('TOTAL', input.totalCents, { bold: true, large: true }),
    { kind: 'row', left: 'Pago', right: input.paymentLabel },
    { kind: 'rule' },
    text('¡Gracias por su compra!', { align: 'center' }),
    text('No válido como factura', { align: 'center' }),
  );
  return { columns: PAPER_COLUMNS[width], blocks };
}

/** The URL of an invoice's RG 4892 QR (tipoCodAut "A" for a CAEA). */
export function invoiceQrUrl(input: Pick<InvoiceInput, 'date' | 'issuerCuit' | 'ptoVta' | 'invoiceType' | 'cbteNro' | 'totalCents' | 'docTipo' | 'docNro' | 'cae' | 'authorization'>): string {
  return buildQrUrl({
    fecha: input.date,
    cuit: input.issuerCuit,
    ptoVta: input.ptoVta,
    tipoCmp: input.invoiceType,
    nroCmp: input.cbteNro,
    importe: input.totalCents / 100,
    tipoDocRec: input.docTipo,
    nroDocRec: input.docNro,
    codAut: input.cae ?? 0,
    tipoCodAut: input.authorization === 'CAEA' ? 'A' : 'E',
  });
}

/** Ley 27.618 legend of an A to a monotributista (RG 5003). */
const LEY_27618 =
  'El crédito fiscal discriminado en el presente comprobante, sólo podrá ser computado a efectos del Régimen de Sostenimiento e Inclusión Fiscal para Pequeños Contribuyentes de la Ley Nº 27.618';

/** An authorised invoice or credit note on the roll: the same facts as the 80 mm printout. */
export function invoiceLayout(input: InvoiceInput, width: PaperWidth): PrintDocument {
  const a = input.letter === 'A';
  const code = input.authorization === 'CAEA' ? 'CAEA' : 'CAE';
  const finalConsumer = input.condicionIvaReceptor === 5;
  const blocks: PrintBlock[] = [];
  if (input.notice) blocks.push(text(input.notice, { align: 'center', bold: true }));
  blocks.push(...header({ ...input.business, cuit: null, taxConditionLabel: null }), text(input.issuerConditionLabel, { align: 'center' }), { kind: 'rule' });
  blocks.push(
    text(`${input.typeLabel.toUpperCase()} "${input.letter}"`, { align: 'center', bold: true, large: true }),
    text(input.codeLabel, { align: 'center' }),
    text(`N° ${input.invoiceNumber}`, { bold: true }),
    text(`Fecha de emisión: ${input.dateLabel}`),
    text(`CUIT: ${formatCuit(input.issuerCuit)}`),
  );
  if (input.iibb) blocks.push(text(`Ingresos Brutos: ${input.iibb}`));
  if (input.startOfActivitiesLabel) blocks.push(text(`Inicio de actividades: ${input.startOfActivitiesLabel}`));
  blocks.push({ kind: 'rule' }, text(`${a ? 'Razón social' : 'Cliente'}: ${input.buyerName || (finalConsumer ? 'Consumidor Final' : '—')}`));
  if (input.buyerAddress) blocks.push(text(`Domicilio: ${input.buyerAddress}`));
  blocks.push(text(`Documento: ${input.buyerDocumentLabel}`), text(`Condición frente al IVA: ${input.ivaConditionLabel}`));
  if (input.saleConditionLabel) blocks.push(text(`Condición de venta: ${input.saleConditionLabel}`));
  blocks.push(text(`Venta: ${input.saleNumber}`));
  if (input.associatedLabel) blocks.push(text(`Comprobante asociado: ${input.associatedLabel}`));
  blocks.push({ kind: 'rule' }, ...itemBlocks(input.items), { kind: 'rule' });
  if (input.discountCents > 0) blocks.push(row('Subtotal', input.subtotalCents), row('Descuento', -input.discountCents));
  if (a) blocks.push(row('Importe neto gravado', input.netCents), ...input.ivaBreakdown.map((line) => row(line.label, line.amountCents)));
  blocks.push(row('TOTAL', input.totalCents, { bold: true, large: true }));
  if (finalConsumer) {
    blocks.push(
      { kind: 'rule' },
      text('Régimen de Transparencia Fiscal al Consumidor (Ley 27.743)', { bold: true }),
      row('IVA Contenido', input.ivaCents),
      row('Otros Impuestos Nacionales Indirectos', 0),
    );
  }
  if (a && [6, 13, 16].includes(input.condicionIvaReceptor)) blocks.push({ kind: 'rule' }, text(LEY_27618));
  blocks.push(
    { kind: 'rule' },
    { kind: 'qr', data: invoiceQrUrl(input) },
    text(`${code} N°: ${input.cae ?? ''}`, { bold: true }),
    text(`Fecha de vto. de ${code}: ${input.caeExpirationLabel}`),
    text(input.authorization === 'CAEA' ? 'Comprobante emitido en contingencia con CAEA' : 'Comprobante autorizado por ARCA'),
  );
  return { columns: PAPER_COLUMNS[width], blocks };
}

/** The cash session's X (open, so far) or Z (closed) report. */
export function cashReportLayout(input: CashReportInput, width: PaperWidth): PrintDocument {
  const title = input.closed ? `Cierre Z N° ${input.zNumber ?? '(pendiente de sincronizar)'}` : 'Informe X (caja abierta)';
  const blocks: PrintBlock[] = [
    text(input.businessName || 'Sistema POS', { align: 'center', bold: true, large: true }),
    text(title, { align: 'center', bold: true }),
    text(`Apertura: ${input.openedLabel}`),
  ];
  if (input.closed && input.closedLabel) blocks.push(text(`Cierre: ${input.closedLabel}`));
  if (!input.closed && input.issuedLabel) blocks.push(text(`Emitido: ${input.issuedLabel}`));
  blocks.push(
    { kind: 'rule' },
    row('Fondo inicial', input.floatCents),
    ...input.sales.map((s) => row(`Ventas ${s.label} (${s.count})`, s.totalCents)),
    ...(input.totals ?? []).map((t) => row(t.label, t.cents)),
  );
  if (input.movements.length > 0) blocks.push({ kind: 'rule' }, ...input.movements.map((m) => row(m.label, m.signedCents)));
  blocks.push({ kind: 'rule' }, text(`Aperturas de cajón: ${input.drawerOpens}`));
  blocks.push({ kind: 'rule' }, row('Efectivo esperado', input.expectedCents, { bold: true }));
  if (input.closed && input.countedCents !== null) blocks.push(row('Efectivo contado', input.countedCents));
  if (input.closed && input.differenceCents !== null) blocks.push(row('Diferencia', input.differenceCents, { bold: true }));
  if (input.closed && input.comment) blocks.push(text(`Comentario: ${input.comment}`));
  if (input.closed && input.declared.length > 0) blocks.push({ kind: 'rule' }, ...input.declared.map((d) => row(d.label, d.cents)));
  blocks.push({ kind: 'rule' }, text('No válido como factura', { align: 'center' }));
  return { columns: PAPER_COLUMNS[width], blocks };
}
