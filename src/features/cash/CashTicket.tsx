/**
 * The 80 mm "X" (the open session so far) or "Z" (the close) report of a cash session: fund, sales by
 * payment method, cash ins and outs, expected cash and, for the Z, the count, the difference and the
 * comment. The Z number is the server's; until the close is delivered it prints as pending.
 */
import './cash-ticket.css';
import { createPortal } from 'react-dom';
import { formatCents } from '../../../domain/money';
import { CASH_REASON_LABELS } from '../../../domain/cash-rules';
import type { LocalCashSession } from '../../offline/cash-types';
import { deviceExpectedCents } from '../../offline/cash';
import { PAYMENT_LABELS } from '../../offline-ui/format';
import { formatDateTime } from '../../ui/dates';

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
  const z = session.status === 'closed';
  const ins = session.movements.filter((m) => m.kind === 'in');
  const outs = session.movements.filter((m) => m.kind === 'out');
  const sum = (list: typeof ins) => list.reduce((total, m) => total + m.amountCents, 0);
  return createPortal(
    <div className="cash-ticket" data-testid="cash-ticket">
      <h1>{businessName || 'Sistema POS'}</h1>
      <h2>{z ? `Cierre Z N° ${session.zNumber ?? '(pendiente de sincronizar)'}` : 'Informe X (caja abierta)'}</h2>
      <div>Apertura: {formatDateTime(session.openedAt)} · {session.openedBy.name}</div>
      {z && session.closedAt && (
        <div>
          Cierre: {formatDateTime(session.closedAt)} · {session.closedBy?.name}
        </div>
      )}
      {!z && <div>Emitido: {formatDateTime(new Date().toISOString())}</div>}
      <hr />
      <table>
        <tbody>
          <Row label="Fondo inicial" cents={session.floatCents} />
          {(['efectivo', 'tarjeta', 'transferencia'] as const).map((method) => (
            <Row key={method} label={`Ventas ${PAYMENT_LABELS[method]} (${session.sales[method].count})`} cents={session.sales[method].totalCents} />
          ))}
          {session.sales.cuenta_corriente?.count ? (
            <Row label={`Ventas ${PAYMENT_LABELS.cuenta_corriente} (${session.sales.cuenta_corriente.count})`} cents={session.sales.cuenta_corriente.totalCents} />
          ) : null}
          {session.accountPayments?.count ? <Row label={`Cobros a cuenta en efectivo (${session.accountPayments.count})`} cents={session.accountPayments.totalCents} /> : null}
          <Row label={`Ingresos (${ins.length})`} cents={sum(ins)} />
          <Row label={`Retiros (${outs.length})`} cents={sum(outs)} />
        </tbody>
      </table>
      {session.movements.length > 0 && (
        <>
          <hr />
          <table>
            <tbody>
              {session.movements.map((m) => (
                <tr key={m.id}>
                  <td>
                    {m.kind === 'in' ? 'Ingreso' : 'Retiro'}: {CASH_REASON_LABELS[m.reason]}
                    {m.note ? ` (${m.note})` : ''}
                  </td>
                  <td className="amount">{formatCents(m.kind === 'in' ? m.amountCents : -m.amountCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <hr />
      <table>
        <tbody>
          <Row label="Efectivo esperado" cents={session.expectedCents ?? deviceExpectedCents(session)} bold />
          {z && session.countedCents !== null && <Row label="Efectivo contado" cents={session.countedCents} />}
          {z && session.differenceCents !== null && <Row label="Diferencia" cents={session.differenceCents} bold />}
        </tbody>
      </table>
      {z && session.comment && <div>Comentario: {session.comment}</div>}
      {z && session.declared && (
        <>
          <hr />
          <table>
            <tbody>
              {session.declared.tarjeta !== null && <Row label="Tarjeta confirmada" cents={session.declared.tarjeta} />}
              {session.declared.transferencia !== null && <Row label="Transferencias confirmadas" cents={session.declared.transferencia} />}
              {session.declared.mercadopago !== null && <Row label="Mercado Pago confirmado" cents={session.declared.mercadopago} />}
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
