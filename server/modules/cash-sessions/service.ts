/**
 * Cash sessions for the back office (issue #16): the list by device and day, a session's detail (its
 * sales, movements, drawer openings and figures), and the setting "Exigir caja abierta para vender". Read-only: sessions
 * are written only by the device's events and an admin's forced close (ingest-service.ts).
 */
import { CASH_MSG } from '../../../domain/cash-messages';
import { PAYMENT_METHODS } from '../../../domain/constants';
import { fromCents } from '../../../domain/money';
import { CASH_CONFIG } from '../../../domain/cash-rules';
import { type CashListQuery, type CashSessionDetailJson, type CashSessionJson } from '../../../domain/schemas/cash';
import { localDateString } from '../../../domain/time';
import type { Store } from '../../db/store';
import { notFound } from '../../http/errors';
import { configurationRepository } from '../configuration/repository';
import type { SalesContext } from '../sales/context';
import { sessionFigures } from './figures';
import { cashRepository, type CashSessionListRow } from './repository';

const LIST_LIMIT = 200;
const money = (cents: number | null) => (cents === null ? null : fromCents(cents));

function sessionJson({ session: s, openerName, closerName, deviceName, lateSales }: CashSessionListRow): CashSessionJson {
  return {
    id: s.id,
    clientSessionId: s.clientSessionId,
    deviceId: s.deviceId,
    deviceName,
    zNumber: s.zNumber,
    status: s.closedAt ? 'cerrada' : 'abierta',
    openedAt: s.openedAt,
    openedBy: { id: s.openedBy, fullName: openerName },
    float: fromCents(s.floatCents),
    closedAt: s.closedAt,
    closedBy: s.closedBy === null ? null : { id: s.closedBy, fullName: closerName ?? '' },
    counted: money(s.countedCents),
    expected: money(s.expectedCents),
    difference: money(s.differenceCents),
    comment: s.comment,
    declared: s.declaredJson ? (JSON.parse(s.declaredJson) as CashSessionJson['declared']) : null,
    lateSales: Number(lateSales),
    reviewNote: s.reviewNote,
    forceClosed: s.forceClosedAt !== null,
  };
}

export async function listCashSessions(ctx: SalesContext, query: CashListQuery): Promise<CashSessionJson[]> {
  const localDate = query.date === 'hoy' ? localDateString(new Date(), ctx.timeZone) : query.date;
  const filters = { deviceId: query.deviceId || undefined, localDate, withDifference: query.withDifference };
  return (await ctx.store.read((q) => cashRepository.list(q, filters, LIST_LIMIT))).map(sessionJson);
}

/** One session as the list shows it. */
export async function cashSessionById(ctx: SalesContext, id: number): Promise<CashSessionJson> {
  const row = await ctx.store.read((q) => cashRepository.byId(q, id));
  if (!row) throw notFound(CASH_MSG.notFound);
  return sessionJson(row);
}

export async function getCashSession(ctx: SalesContext, id: number): Promise<CashSessionDetailJson> {
  const { row, figures, sales, movements, drawerOpens } = await ctx.store.read(async (q) => {
    const row = await cashRepository.byId(q, id);
    if (!row) throw notFound(CASH_MSG.notFound);
    return {
      row,
      figures: await sessionFigures(q, row.session),
      sales: await cashRepository.sales(q, row.session.clientSessionId),
      movements: await cashRepository.movements(q, row.session.id),
      drawerOpens: await cashRepository.drawerOpens(q, row.session.id),
    };
  });
  const { session } = row;
  const late = session.closeReceivedAt;
  return {
    ...sessionJson(row),
    report: {
      float: fromCents(figures.floatCents),
      cashSales: fromCents(figures.cashSalesCents),
      cashRefunds: fromCents(figures.cashRefundsCents),
      ins: fromCents(figures.insCents),
      outs: fromCents(figures.outsCents),
      accountPayments: fromCents(figures.accountPaymentsCents),
      expected: fromCents(figures.expectedCents),
      byMethod: PAYMENT_METHODS.map((m) => ({ paymentMethod: m, count: figures.byMethod[m].count, total: fromCents(figures.byMethod[m].totalCents) })),
    },
    sales: sales.map((s) => ({
      id: s.id,
      saleNumber: s.saleNumber,
      saleDate: s.saleDate,
      paymentMethod: s.paymentMethod,
      paymentStatus: s.paymentStatus,
      total: fromCents(s.totalCents),
      late: late !== null && s.createdAt > late,
    })),
    movements: movements.map(({ movement: m, userName }) => ({
      id: m.id,
      kind: m.kind,
      amount: fromCents(m.amountCents),
      reason: m.reason,
      note: m.note,
      at: m.at,
      userName,
      reviewNote: m.reviewNote,
    })),
    drawerOpens: drawerOpens.map(({ drawerOpen: d, userName }) => ({ id: d.id, at: d.at, userName, reviewNote: d.reviewNote })),
  };
}

/** Creates the setting with its default (off) when missing; safe on every start. */
export async function ensureCashSetting(store: Store): Promise<void> {
  await store.write((tx) => configurationRepository.insertNew(tx, { ...CASH_CONFIG, tipo: 'boolean', esEditable: true }));
}
