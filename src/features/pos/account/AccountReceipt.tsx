/**
 * The 80 mm receipt of a payment on account («Cobro a cuenta», issue #33.4): customer, amount, method, the
 * balance before and after as this counter knew it, and the receipt's number (this device's). Printed by
 * the browser's print dialog, like the cash ticket: off-screen and invisible until body.account-printing.
 */
import './account-receipt.css';
import { createPortal } from 'react-dom';
import { formatCents } from '../../../../domain/money';
import type { AccountPaymentEntry } from '../../../offline/account-types';
import { PAYMENT_LABELS } from '../../../offline-ui/format';
import { formatDateTime } from '../../../ui/dates';

let pageRule: HTMLStyleElement | null = null;
const MM_PER_CSS_PX = 25.4 / 96;

/** Prints the receipt on one 80 mm page as tall as it is. */
export function printAccountReceipt(): void {
  const receipt = document.querySelector<HTMLElement>('.account-receipt');
  const heightMm = Math.ceil((receipt?.offsetHeight ?? 0) * MM_PER_CSS_PX) + 1;
  pageRule ??= document.head.appendChild(document.createElement('style'));
  pageRule.textContent = `@page accountreceipt { size: 80mm ${Math.max(heightMm, 50)}mm; margin: 0; }`;
  document.body.classList.add('account-printing');
  window.addEventListener('afterprint', () => document.body.classList.remove('account-printing'), { once: true });
  window.print();
}

export function AccountReceipt({ entry, businessName }: { entry: AccountPaymentEntry; businessName: string }) {
  const after = entry.balanceBeforeCents - entry.amountCents;
  return createPortal(
    <div className="account-receipt" data-testid="account-receipt">
      <h1>{businessName || 'Sistema POS'}</h1>
      <h2>Recibo de cobro a cuenta</h2>
      <div>N° {entry.receiptNumber}</div>
      <div>Fecha: {formatDateTime(entry.payment.capturedAt)}</div>
      <div>Cliente: {entry.customerName}</div>
      <div>Atendió: {entry.sellerName}</div>
      <hr />
      <table>
        <tbody>
          <tr>
            <td>Saldo anterior</td>
            <td className="amount">{formatCents(entry.balanceBeforeCents)}</td>
          </tr>
          <tr className="total">
            <td>Cobrado ({PAYMENT_LABELS[entry.payment.method]})</td>
            <td className="amount">{formatCents(entry.amountCents)}</td>
          </tr>
          <tr>
            <td>Saldo luego del cobro</td>
            <td className="amount">{formatCents(after)}</td>
          </tr>
        </tbody>
      </table>
      {entry.payment.note && <div>Nota: {entry.payment.note}</div>}
      <hr />
      <div className="center">Documento no válido como factura</div>
    </div>,
    document.body,
  );
}
