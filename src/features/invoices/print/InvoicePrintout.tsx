/**
 * The printed invoice (lazy chunk with the `qrcode` library): issuer (name, address, CUIT, condition,
 * IIBB and start of activities from their one home, the business info), letter and code, number, date,
 * the buyer as issued (name, address, document, IVA condition: the invoice's snapshot, issue #33.2), the
 * condición de venta (from the payment method), lines, totals (IVA per aliquot on A), the Ley 27.743 block for final consumers, CAE (or CAEA,
 * issue #11), expiry and the RG 4892 QR built by the domain's buildQrUrl (tipoCodAut "A" for a CAEA); a
 * credit note also names the invoice it credits. Once the QR is drawn it opens the print dialog.
 */
import './invoice-print.css';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { buildQrUrl, formatCuit, saleCondition } from '../../../../domain/invoicing';
import { MSG } from '../../../../domain/messages';
import { formatMoney } from '../../../../domain/money';
import type { BusinessInfo } from '../../../api/business';
import type { Invoice } from '../../../api/invoices';
import type { Sale } from '../../../api/sales';
import { buyerDocument, formatIsoDate, invoiceCode, invoiceTypeLabel, issuerConditionLabel, ivaConditionLabel, ratePercent } from '../invoice-format';
import { printInvoice, type PrintFormat } from './print-invoice';

export interface IssuerExtras {
  startOfActivities: string | null;
  iibb: string | null;
}

/** What the printout reads of an invoice: the server's, or one the counter numbered offline with CAEA. */
export type PrintableInvoice = Pick<
  Invoice,
  | 'invoiceType' | 'letter' | 'typeLabel' | 'ptoVta' | 'cbteNro' | 'invoiceNumber' | 'cae' | 'cae_expiration' | 'date' | 'docTipo' | 'docNro'
  | 'condicionIvaReceptor' | 'total' | 'net' | 'iva' | 'ivaBreakdown' | 'environment' | 'simulator' | 'issuerCuit' | 'issuerTaxCondition' | 'authorization'
> &
  /** A credit note's invoice; the buyer as issued and the condición de venta (absent on the counter's own CAEA invoices). */
  Partial<Pick<Invoice, 'associated' | 'buyerName' | 'buyerAddress' | 'saleCondition'>>;

/** What the printout reads of a sale (the counter prints from its outbox entry). */
export type PrintableSale = Pick<Sale, 'saleNumber' | 'customerName' | 'subtotal' | 'discount'> & Partial<Pick<Sale, 'paymentMethod'>> & {
  items: Pick<Sale['items'][number], 'id' | 'productName' | 'quantity' | 'unitPrice' | 'subtotal' | 'ivaRate'>[];
};

export interface InvoicePrintoutProps {
  invoice: PrintableInvoice;
  sale: PrintableSale;
  business: BusinessInfo | null;
  issuer: IssuerExtras;
  format: PrintFormat;
  /** Changes on each "Imprimir" click: the print dialog opens once per request. */
  request: number;
}

/** RG 5003: an A to a monotributista carries the Ley 27.618 legend. */
const LEY_27618 =
  'El crédito fiscal discriminado en el presente comprobante, sólo podrá ser computado a efectos del Régimen de Sostenimiento e Inclusión Fiscal para Pequeños Contribuyentes de la Ley Nº 27.618';

/** A CAE of ARCA's test service authorises nothing. */
const HOMOLOGATION_LABEL = 'ARCA homologación (pruebas) — sin validez fiscal';

function qrUrlOf(invoice: PrintableInvoice): string {
  return buildQrUrl({
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
}

function Row({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <tr className={className}>
      <td>{label}</td>
      <td className="amount">{value}</td>
    </tr>
  );
}

/** A4: one row per line with its columns (and its IVA rate on a Factura A). */
function LinesTable({ sale, netNote }: { sale: PrintableSale; netNote: boolean }) {
  return (
    <table className="lines">
      <thead>
        <tr>
          <th>Producto</th>
          <th className="amount">Cant.</th>
          <th className="amount">{netNote ? 'P. Unit. (IVA incl.)' : 'P. Unit.'}</th>
          {netNote && <th className="amount">Alíc. IVA</th>}
          <th className="amount">Subtotal</th>
        </tr>
      </thead>
      <tbody>
        {sale.items.map((item) => (
          <tr key={item.id}>
            <td>{item.productName}</td>
            <td className="amount">{item.quantity}</td>
            <td className="amount">{formatMoney(item.unitPrice)}</td>
            {netNote && <td className="amount">{ratePercent(item.ivaRate)}</td>}
            <td className="amount">{formatMoney(item.subtotal)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** 80 mm: "2 x name" over "unit c/u", the subtotal on the right (like the POS ticket). */
function LinesTicket({ sale, withRate }: { sale: PrintableSale; withRate: boolean }) {
  return (
    <table>
      <tbody>
        {sale.items.map((item) => (
          <tr key={item.id}>
            <td>
              {item.quantity} x {item.productName}
              <br />
              {formatMoney(item.unitPrice)} c/u{withRate && ` · IVA ${ratePercent(item.ivaRate)}`}
            </td>
            <td className="amount">{formatMoney(item.subtotal)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function InvoicePrintout({ invoice, sale, business, issuer, format, request }: InvoicePrintoutProps) {
  const [qr, setQr] = useState<{ url: string; image: string } | null>(null);
  const qrUrl = qrUrlOf(invoice);

  useEffect(() => {
    let active = true;
    // SVG: the QR stays vector in the printed PDF, crisp at any printer resolution.
    void QRCode.toString(qrUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then((svg) => {
      if (active) setQr({ url: qrUrl, image: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
    });
    return () => {
      active = false;
    };
  }, [qrUrl]);

  const ready = qr?.url === qrUrl;
  // The print waits for the QR image itself, not only its markup: a print started before the image is
  // decoded would leave the QR (legally required) off the paper.
  const [shownQr, setShownQr] = useState<string | null>(null);
  const printable = ready && shownQr === qr.image;
  useEffect(() => {
    if (printable && request > 0) printInvoice(format);
  }, [printable, request, format]);

  const a = invoice.letter === 'A';
  const code = invoice.authorization === 'CAEA' ? 'CAEA' : 'CAE';
  const finalConsumer = invoice.condicionIvaReceptor === 5;
  const place = [business?.address, business?.city, business?.province].filter(Boolean).join(', ');
  const discount = sale.discount;
  const buyerName = invoice.buyerName ?? sale.customerName;
  const condition = invoice.saleCondition ?? (sale.paymentMethod ? saleCondition(sale.paymentMethod) : null);

  return createPortal(
    <div className="invoice-print" data-format={format} data-testid="invoice-print">
      {invoice.simulator && <div className="simulated">{MSG.arcaSimulatorLabel}</div>}
      {!invoice.simulator && invoice.environment === 'homologacion' && <div className="simulated">{HOMOLOGATION_LABEL}</div>}
      <div className="head">
        <div>
          <h1>{business?.businessName || 'Sistema POS'}</h1>
          {place && <div>{place}</div>}
          {business?.phone && <div>Tel. {business.phone}</div>}
          <div>{issuerConditionLabel(invoice.issuerTaxCondition)}</div>
        </div>
        <div className="letter">
          <strong>{invoice.letter}</strong>
          <div>{invoiceCode(invoice.invoiceType)}</div>
        </div>
        <div>
          <h2>{invoiceTypeLabel(invoice).toUpperCase()}</h2>
          <div>N° {invoice.invoiceNumber}</div>
          <div>Fecha de emisión: {formatIsoDate(invoice.date)}</div>
          <div>CUIT: {formatCuit(invoice.issuerCuit)}</div>
          {issuer.iibb && <div>Ingresos Brutos: {issuer.iibb}</div>}
          {issuer.startOfActivities && <div>Inicio de actividades: {formatIsoDate(issuer.startOfActivities)}</div>}
        </div>
      </div>
      <section>
        <div data-testid="print-buyer-name">
          {a ? 'Razón social' : 'Cliente'}: {buyerName || (finalConsumer ? 'Consumidor Final' : '—')}
        </div>
        {invoice.buyerAddress && <div data-testid="print-buyer-address">Domicilio: {invoice.buyerAddress}</div>}
        <div>Documento: {buyerDocument(invoice)}</div>
        <div>Condición frente al IVA: {ivaConditionLabel(invoice.condicionIvaReceptor)}</div>
        {condition && <div data-testid="print-sale-condition">Condición de venta: {condition}</div>}
        <div>Venta: {sale.saleNumber}</div>
        {invoice.associated && (
          <div data-testid="print-associated">
            Comprobante asociado: {invoice.associated.typeLabel} {invoice.associated.invoiceNumber}
          </div>
        )}
      </section>
      <section>{format === 'a4' ? <LinesTable sale={sale} netNote={a} /> : <LinesTicket sale={sale} withRate={a} />}</section>
      <section>
        <table className="totals">
          <tbody>
            {discount > 0 && <Row label="Subtotal" value={formatMoney(sale.subtotal)} />}
            {discount > 0 && <Row label="Descuento" value={`− ${formatMoney(discount)}`} />}
            {a && <Row label="Importe neto gravado" value={formatMoney(invoice.net)} />}
            {a &&
              invoice.ivaBreakdown.map((line) => (
                <Row key={line.id} label={`IVA ${ratePercent(line.rate)} (s/ ${formatMoney(line.base)})`} value={formatMoney(line.amount)} />
              ))}
            <Row label="TOTAL" value={formatMoney(invoice.total)} className="total" />
          </tbody>
        </table>
      </section>
      {finalConsumer && (
        <section data-testid="ley-27743">
          <strong>Régimen de Transparencia Fiscal al Consumidor (Ley 27.743)</strong>
          <table>
            <tbody>
              <Row label="IVA Contenido" value={formatMoney(invoice.iva)} />
              <Row label="Otros Impuestos Nacionales Indirectos" value={formatMoney(0)} />
            </tbody>
          </table>
        </section>
      )}
      {a && [6, 13, 16].includes(invoice.condicionIvaReceptor) && <section>{LEY_27618}</section>}
      <section className="auth">
        <div className="qr">{ready && (
            <img
              src={qr.image}
              alt="Código QR del comprobante (ARCA)"
              style={{ width: format === 'a4' ? '35mm' : '40mm' }}
              onLoad={(event) => setShownQr(event.currentTarget.getAttribute('src'))}
              onError={(event) => setShownQr(event.currentTarget.getAttribute('src'))}
            />
          )}</div>
        <div>
          <div>
            <strong>
              {code} N°: {invoice.cae}
            </strong>
          </div>
          <div>
            Fecha de vto. de {code}: {formatIsoDate(invoice.cae_expiration)}
          </div>
          <div>{invoice.authorization === 'CAEA' ? 'Comprobante emitido en contingencia con CAEA' : 'Comprobante autorizado por ARCA'}</div>
          {invoice.simulator && <div>{MSG.arcaSimulatorLabel}</div>}
        </div>
      </section>
    </div>,
    document.body,
  );
}
