/**
 * The 80 mm ticket of a sale (print-only DOM + receipt.css): business data, number (official or
 * provisional), date, items, totals, payment method, and "No válido como factura" (non-fiscal).
 * printReceipt() opens the browser's print dialog; the last sale's "Imprimir ticket" reprints it any time,
 * and the sales history reprints any sale through SaleReceipt (same ticket, from the server's sale).
 */
import './receipt.css';
import { createPortal } from 'react-dom';
import { formatCuit, ISSUER_TAX_CONDITION_LABELS, type IssuerTaxCondition } from '../../../domain/invoicing';
import { formatCents, toCents } from '../../../domain/money';
import type { SaleJson } from '../../../domain/schemas/sales';
import type { OutboxEntry } from '../../offline/db';
import { PAYMENT_LABELS, saleReference } from '../../offline-ui/format';
import { formatDateTime } from '../../ui/dates';

let pageRule: HTMLStyleElement | null = null;
const MM_PER_CSS_PX = 25.4 / 96;

/** Prints the receipt on one 80 mm wide page exactly as tall as the ticket (a roll, not a sheet). */
export function printReceipt(): void {
  const receipt = document.querySelector<HTMLElement>('.pos-receipt');
  const heightMm = Math.ceil((receipt?.offsetHeight ?? 0) * MM_PER_CSS_PX) + 1;
  if (!pageRule) {
    pageRule = document.createElement('style');
    document.head.append(pageRule);
  }
  pageRule.textContent = `@page receipt { size: 80mm ${Math.max(heightMm, 50)}mm; margin: 0; }`;
  document.body.classList.add('pos-printing');
  window.addEventListener('afterprint', () => document.body.classList.remove('pos-printing'), { once: true });
  window.print();
}

type Business = Record<string, string | null | undefined>;

/** What a ticket prints, whether the sale comes from the device's outbox or from the server. */
interface Ticket {
  reference: string;
  provisional: boolean;
  capturedAt: string;
  sellerName: string;
  customerName?: string | null;
  customerDocument?: string | null;
  items: { productId: number; name: string; quantity: number; unitPriceCents: number }[];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  paymentMethod: string;
}

export function Receipt({ entry, business }: { entry: OutboxEntry; business: Business | null }) {
  const ticket: Ticket = { ...entry, reference: saleReference(entry), provisional: !entry.saleNumber };
  return <TicketView ticket={ticket} business={business} />;
}

/** The ticket of a sale recorded on the server (reprint from the sales history). */
export function SaleReceipt({ sale, business }: { sale: SaleJson; business: Business | null }) {
  const ticket: Ticket = {
    reference: sale.saleNumber,
    provisional: false,
    capturedAt: sale.saleDate,
    sellerName: sale.user.fullName,
    customerName: sale.customerName,
    customerDocument: sale.customerDocument,
    items: sale.items.map((i) => ({ productId: i.productId, name: i.productName, quantity: i.quantity, unitPriceCents: toCents(i.unitPrice) })),
    subtotalCents: toCents(sale.subtotal),
    discountCents: toCents(sale.discount),
    totalCents: toCents(sale.total),
    paymentMethod: sale.paymentMethod,
  };
  return <TicketView ticket={ticket} business={business} />;
}

/** The issuer's condition as printed (issue #33.1: stored as its code; a value typed before, as it was). */
const issuerConditionText = (value: string) => ISSUER_TAX_CONDITION_LABELS[value as IssuerTaxCondition] ?? value;

function TicketView({ ticket: entry, business }: { ticket: Ticket; business: Business | null }) {
  const line = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');
  return createPortal(
    <div className="pos-receipt" data-testid="receipt">
      <h1>{business?.businessName || 'Sistema POS'}</h1>
      <div className="center">
        {business?.cuit && <div>CUIT {formatCuit(business.cuit)}</div>}
        {business?.taxCondition && <div>{issuerConditionText(business.taxCondition)}</div>}
        {line(business?.address, business?.city) && <div>{line(business?.address, business?.city)}</div>}
        {business?.phone && <div>Tel. {business.phone}</div>}
      </div>
      <hr />
      <div>
        Ticket N° {entry.reference}
        {entry.provisional && ' (provisorio)'}
      </div>
      <div>Fecha: {formatDateTime(entry.capturedAt)}</div>
      <div>Vendedor: {entry.sellerName}</div>
      {entry.customerName && <div>Cliente: {entry.customerName}</div>}
      {entry.customerDocument && <div>Documento: {entry.customerDocument}</div>}
      <hr />
      <table>
        <tbody>
          {entry.items.map((item) => (
            <tr key={item.productId}>
              <td>
                {item.quantity} x {item.name}
                <br />
                {formatCents(item.unitPriceCents)} c/u
              </td>
              <td className="amount">{formatCents(item.unitPriceCents * item.quantity)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <hr />
      <table>
        <tbody>
          <tr>
            <td>Subtotal</td>
            <td className="amount">{formatCents(entry.subtotalCents)}</td>
          </tr>
          {entry.discountCents > 0 && (
            <tr>
              <td>Descuento</td>
              <td className="amount">− {formatCents(entry.discountCents)}</td>
            </tr>
          )}
          <tr className="total">
            <td>TOTAL</td>
            <td className="amount">{formatCents(entry.totalCents)}</td>
          </tr>
          <tr>
            <td>Pago</td>
            <td className="amount">{PAYMENT_LABELS[entry.paymentMethod]}</td>
          </tr>
        </tbody>
      </table>
      <hr />
      <div className="center">¡Gracias por su compra!</div>
      {/* This ticket is not an ARCA invoice (an invoice has its own printout with the CAE). */}
      <div className="center">No válido como factura</div>
    </div>,
    document.body,
  );
}
