/**
 * The X (open session so far) or Z (close) report of a device's cash session as the printer-neutral input
 * of domain/printing/layout.ts (issue #35): one reading of the session for both ways it prints, the
 * browser dialog's 80 mm page (CashTicket) and the thermal roll's ESC/POS bytes (escpos-jobs.ts), so the
 * two never disagree. The Z number is the server's; until the close is delivered it prints as pending.
 */
import { CASH_REASON_LABELS } from '../../../domain/cash-rules';
import type { CashReportInput } from '../../../domain/printing/layout';
import { deviceExpectedCents } from '../../offline/cash';
import type { LocalCashSession } from '../../offline/cash-types';
import { PAYMENT_LABELS } from '../../offline-ui/format';
import { formatDateTime } from '../../ui/dates';

/** `issuedAt`: when an X is printed (ISO). */
export function cashReportInput(session: LocalCashSession, businessName: string, issuedAt: string): CashReportInput {
  const closed = session.status === 'closed';
  const ins = session.movements.filter((m) => m.kind === 'in');
  const outs = session.movements.filter((m) => m.kind === 'out');
  const sum = (list: typeof ins) => list.reduce((total, m) => total + m.amountCents, 0);
  const methods = ['efectivo', 'tarjeta', 'transferencia'] as const;
  const sales = methods.map((m) => ({ label: PAYMENT_LABELS[m], count: session.sales[m].count, totalCents: session.sales[m].totalCents }));
  const account = session.sales.cuenta_corriente;
  if (account?.count) sales.push({ label: PAYMENT_LABELS.cuenta_corriente, count: account.count, totalCents: account.totalCents });
  const totals = [
    ...(session.accountPayments?.count ? [{ label: `Cobros a cuenta en efectivo (${session.accountPayments.count})`, cents: session.accountPayments.totalCents }] : []),
    { label: `Ingresos (${ins.length})`, cents: sum(ins) },
    { label: `Retiros (${outs.length})`, cents: sum(outs) },
  ];
  const declared = closed && session.declared ? session.declared : null;
  return {
    businessName,
    zNumber: closed ? session.zNumber : undefined,
    closed,
    openedLabel: `${formatDateTime(session.openedAt)} · ${session.openedBy.name}`,
    closedLabel: closed && session.closedAt ? `${formatDateTime(session.closedAt)} · ${session.closedBy?.name ?? ''}` : null,
    issuedLabel: closed ? null : formatDateTime(issuedAt),
    floatCents: session.floatCents,
    sales,
    totals,
    movements: session.movements.map((m) => ({
      label: `${m.kind === 'in' ? 'Ingreso' : 'Retiro'}: ${CASH_REASON_LABELS[m.reason]}${m.note ? ` (${m.note})` : ''}`,
      signedCents: m.kind === 'in' ? m.amountCents : -m.amountCents,
    })),
    drawerOpens: session.drawerOpens ?? 0,
    expectedCents: session.expectedCents ?? deviceExpectedCents(session),
    countedCents: closed ? session.countedCents : null,
    differenceCents: closed ? session.differenceCents : null,
    comment: closed ? session.comment : null,
    declared: declared
      ? [
          { label: 'Tarjeta confirmada', cents: declared.tarjeta },
          { label: 'Transferencias confirmadas', cents: declared.transferencia },
          { label: 'Mercado Pago confirmado', cents: declared.mercadopago },
        ].filter((d): d is { label: string; cents: number } => d.cents !== null)
      : [],
  };
}
