/**
 * The 80 mm "X" (the open session so far) or "Z" (the close) report of a cash session in the browser's
 * print dialog: fund, sales by payment method, cash ins and outs, drawer openings, expected cash and, for
 * the Z, the count, the difference and the comment. The same lines as the thermal roll (cash-report.ts).
 */
import './cash-ticket.css';
import { createPortal } from 'react-dom';
import { formatCents } from '../../../domain/money';
import type { LocalCashSession } from '../../offline/cash-types';
import { cashReportInput } from './cash-report';

let pageRule: HTMLStyleElement | null = null;
const MM_PER_CSS_PX = 25.4 / 96;

/** Prints the cash ticket on one 80 mm page as tall as the ticket. */
export function printCashTicket(): void {
  const ticket = document.querySelector<HTMLElement>('.cash-ticket');
  const heightMm = Math.ceil((ticket?.offsetHeight ?? 0) * MM_PER_CSS_PX) + 1;
  pageRule ??= document.head.appendChild(document.createElement('style'));
  pageRule.textContent = `@page cashticket { size: 80mm ${Math.max(heightMm, 50)}mm; margin: 0; }`;
  document.body.classList.add('cash-printing');
  window.addEventListener('afterprint', () => document.body.classList.remove('cash-printing'), { once: true });
  window.print();
}

const Row = ({ label, cents, bold }: { label: string; cents: number; bold?: boolean }) => (
  <tr className={bold ? 'total' : undefined}>
    <td>{label}</td>
    <td className="amount">{formatCents(cents)}</td>
  </tr>
);

export function CashTicket({ session, businessName }: { session: LocalCashSession; businessName: string }) {
  const r = cashReportInput(session, businessName, new Date().toISOString());
  return createPortal(
    <div className="cash-ticket" data-testid="cash-ticket">
      <h1>{r.businessName || 'Sistema POS'}</h1>
      <h2>{r.closed ? `Cierre Z N° ${r.zNumber ?? '(pendiente de sincronizar)'}` : 'Informe X (caja abierta)'}</h2>
      <div>Apertura: {r.openedLabel}</div>
      {r.closedLabel && <div>Cierre: {r.closedLabel}</div>}
      {r.issuedLabel && <div>Emitido: {r.issuedLabel}</div>}
      <hr />
      <table>
        <tbody>
          <Row label="Fondo inicial" cents={r.floatCents} />
          {r.sales.map((s) => (
            <Row key={s.label} label={`Ventas ${s.label} (${s.count})`} cents={s.totalCents} />
          ))}
          {r.totals?.map((t) => <Row key={t.label} label={t.label} cents={t.cents} />)}
        </tbody>
      </table>
      {r.movements.length > 0 && (
        <>
          <hr />
          <table>
            <tbody>
              {r.movements.map((m, i) => (
                <Row key={i} label={m.label} cents={m.signedCents} />
              ))}
            </tbody>
          </table>
        </>
      )}
      <hr />
      <div data-testid="cash-ticket-drawer-opens">Aperturas de cajón: {r.drawerOpens}</div>
      <hr />
      <table>
        <tbody>
          <Row label="Efectivo esperado" cents={r.expectedCents} bold />
          {r.countedCents !== null && <Row label="Efectivo contado" cents={r.countedCents} />}
          {r.differenceCents !== null && <Row label="Diferencia" cents={r.differenceCents} bold />}
        </tbody>
      </table>
      {r.comment && <div>Comentario: {r.comment}</div>}
      {r.declared.length > 0 && (
        <>
          <hr />
          <table>
            <tbody>
              {r.declared.map((d) => (
                <Row key={d.label} label={d.label} cents={d.cents} />
              ))}
            </tbody>
          </table>
        </>
      )}
      <hr />
      <div style={{ textAlign: 'center' }}>No válido como factura</div>
    </div>,
    document.body,
  );
}
