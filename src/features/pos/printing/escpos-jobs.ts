/**
 * The counter's thermal-roll jobs as ESC/POS bytes (issue #35, docs/printing.md): the sale ticket and the
 * fiscal invoice from the device's outbox entry, the cash session's X/Z report, and the bare drawer pulse. Its own lazy chunk (the encoder
 * and the QR library weigh ~100 kB): counter-print.ts reaches it only through a dynamic import, never the
 * /pos chunk. The invoice's QR is the domain's invoiceQrUrl, the same data as the 80 mm/A4 printout.
 */
import { ISSUER_TAX_CONDITION_LABELS, saleCondition, type IssuerTaxCondition } from '../../../../domain/invoicing';
import { MSG } from '../../../../domain/messages';
import { formatMoney, toCents } from '../../../../domain/money';
import { drawerKick, encodeEscPos } from '../../../../domain/printing/escpos';
import { cashReportLayout, invoiceLayout, ticketLayout, type CashReportInput, type PrintBusiness, type PrintLine, type RasterImage } from '../../../../domain/printing/layout';
import type { PrinterSettings } from '../../../../domain/schemas/printing';
import type { SaleJson } from '../../../../domain/schemas/sales';
import type { OutboxEntry } from '../../../offline/db';
import type { CounterInvoice } from '../../../offline/invoice-request';
import { PAYMENT_LABELS, saleReference } from '../../../offline-ui/format';
import { formatDateTime } from '../../../ui/dates';
import { buyerDocument, formatIsoDate, invoiceTypeLabel, issuerConditionLabel, ivaConditionLabel, ratePercent } from '../../invoices/invoice-format';

type Business = Record<string, string | null | undefined> | null;
type Roll = Pick<PrinterSettings, 'width' | 'qr'>;

/** The shop's logo as this tablet drew it (ticket-logo.ts); counter-print.ts sets it before each job is built. */
let logo: RasterImage | null = null;
export function setLogo(raster: RasterImage | null): void {
  logo = raster;
}

function printBusiness(business: Business): PrintBusiness | null {
  if (!business) return null;
  const condition = business.taxCondition ?? null;
  return {
    businessName: business.businessName,
    cuit: business.cuit,
    taxConditionLabel: condition ? (ISSUER_TAX_CONDITION_LABELS[condition as IssuerTaxCondition] ?? condition) : null,
    address: business.address,
    city: business.city,
    phone: business.phone,
    logo,
  };
}

const lines = (entry: OutboxEntry, rates?: Map<number, number>): PrintLine[] =>
  entry.items.map((item) => ({ name: item.name, quantity: item.quantity, unitPriceCents: item.unitPriceCents, ...(rates ? { rateLabel: ratePercent(rates.get(item.productId) ?? 21) } : {}) }));

/** The sale ticket (not fiscal); `drawer` puts the drawer pulse first. */
export function ticketBytes(entry: OutboxEntry, business: Business, roll: Roll, drawer: boolean): Uint8Array {
  const doc = ticketLayout(
    {
      business: printBusiness(business),
      reference: saleReference(entry),
      provisional: !entry.saleNumber,
      dateLabel: formatDateTime(entry.capturedAt),
      sellerName: entry.sellerName,
      customerName: entry.customerName,
      customerDocument: entry.customerDocument,
      items: lines(entry),
      subtotalCents: entry.subtotalCents,
      discountCents: entry.discountCents,
      totalCents: entry.totalCents,
      paymentLabel: PAYMENT_LABELS[entry.paymentMethod],
    },
    roll.width,
  );
  return encodeEscPos(doc, { qr: roll.qr, drawer });
}

/** The ticket of a sale the server recorded (a Mercado Pago QR / Point charge at the counter, issue #34). */
export function saleTicketBytes(sale: SaleJson, business: Business, roll: Roll): Uint8Array {
  const doc = ticketLayout(
    {
      business: printBusiness(business),
      reference: sale.saleNumber,
      provisional: false,
      dateLabel: formatDateTime(sale.saleDate),
      sellerName: sale.user.fullName,
      customerName: sale.customerName,
      customerDocument: sale.customerDocument,
      items: sale.items.map((item) => ({ name: item.productName, quantity: item.quantity, unitPriceCents: toCents(item.unitPrice) })),
      subtotalCents: toCents(sale.subtotal),
      discountCents: toCents(sale.discount),
      totalCents: toCents(sale.total),
      paymentLabel: PAYMENT_LABELS[sale.paymentMethod],
    },
    roll.width,
  );
  return encodeEscPos(doc, { qr: roll.qr, drawer: false });
}

/** The authorised invoice of a counter sale (CAE from the server, or CAEA numbered on this device). */
export function invoiceBytes(
  entry: OutboxEntry,
  invoice: CounterInvoice,
  business: Business,
  issuer: { startOfActivities: string | null; iibb: string | null },
  rates: Map<number, number>,
  roll: Roll,
  drawer: boolean,
): Uint8Array {
  const a = invoice.letter === 'A';
  const doc = invoiceLayout(
    {
      business: { ...printBusiness(business), taxConditionLabel: null },
      letter: invoice.letter,
      typeLabel: invoiceTypeLabel(invoice),
      codeLabel: `Cód. ${String(invoice.invoiceType).padStart(3, '0')}`,
      invoiceType: invoice.invoiceType,
      ptoVta: invoice.ptoVta,
      cbteNro: invoice.cbteNro,
      invoiceNumber: invoice.invoiceNumber,
      date: invoice.date,
      dateLabel: formatIsoDate(invoice.date),
      issuerCuit: invoice.issuerCuit,
      issuerConditionLabel: issuerConditionLabel(invoice.issuerTaxCondition),
      iibb: issuer.iibb,
      startOfActivitiesLabel: issuer.startOfActivities ? formatIsoDate(issuer.startOfActivities) : null,
      buyerName: invoice.buyerName ?? entry.customerName,
      buyerAddress: invoice.buyerAddress ?? null,
      docTipo: invoice.docTipo,
      docNro: invoice.docNro,
      buyerDocumentLabel: buyerDocument(invoice),
      condicionIvaReceptor: invoice.condicionIvaReceptor,
      ivaConditionLabel: ivaConditionLabel(invoice.condicionIvaReceptor),
      saleConditionLabel: saleCondition(entry.paymentMethod),
      saleNumber: saleReference(entry),
      items: lines(entry, a ? rates : undefined),
      subtotalCents: entry.subtotalCents,
      discountCents: entry.discountCents,
      totalCents: toCents(invoice.total),
      netCents: toCents(invoice.net),
      ivaCents: toCents(invoice.iva),
      ivaBreakdown: invoice.ivaBreakdown.map((line) => ({ label: `IVA ${ratePercent(line.rate)} (s/ ${formatMoney(line.base)})`, amountCents: toCents(line.amount) })),
      cae: invoice.cae,
      caeExpirationLabel: formatIsoDate(invoice.cae_expiration),
      authorization: invoice.authorization === 'CAEA' ? 'CAEA' : 'CAE',
      notice: invoice.simulator ? MSG.arcaSimulatorLabel : invoice.environment === 'homologacion' ? 'ARCA homologación (pruebas) — sin validez fiscal' : null,
    },
    roll.width,
  );
  return encodeEscPos(doc, { qr: roll.qr, drawer });
}

/** The cash session's X or Z (features/cash/cash-report.ts reads the session). */
export function cashReportBytes(report: CashReportInput, roll: Roll): Uint8Array {
  return encodeEscPos(cashReportLayout(report, roll.width), { qr: roll.qr, drawer: false });
}

export { drawerKick };

/** Bytes as base64 for POST /printing/print. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
