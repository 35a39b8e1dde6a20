/**
 * Cash sessions ("cajas", issue #16): the events a counter device captures (open, cash in/out, close,
 * and each «Abrir cajón» press: drawer_open, issue #35; it never moves money) and delivers through POST /sync/cash, and the back office's JSON. Each event is validated on its own
 * (cashEvent) so one malformed event is `rejected` without blocking the rest of the batch. Money travels
 * as decimals with 2 places; the server keeps integer cents.
 */
import { LIMITS, PAYMENT_METHODS, PAYMENT_STATUSES } from '../constants';
import { ARS_DENOMINATIONS, CASH_REASONS } from '../cash-rules';
import { money, optionalText, z } from './common';
import { missingOr, positiveId } from './sales';

const uuid = z.uuid('debe ser un UUID');
const at = z.iso.datetime({ offset: true, error: 'debe ser una fecha ISO (AAAA-MM-DDTHH:mm:ssZ)' });
const positiveMoney = money.refine((v) => v > 0, 'debe ser mayor que 0');
/** Pieces per face value (cents as the key), as counted on the device. */
const denominations = z
  .record(
    z.string().refine((k) => ARS_DENOMINATIONS.includes(Number(k)), 'no es una denominación de billete o moneda'),
    z.number().int('debe ser un número entero').min(0, 'no puede ser negativo').max(100_000, 'es demasiado grande'),
  )
  .nullish()
  .transform((v) => v ?? null);

export const cashOpenEvent = z.object({
  type: z.literal('open'),
  eventId: uuid,
  clientSessionId: uuid,
  at,
  userId: positiveId,
  float: money,
  denominations,
});

export const cashMovementEvent = z.object({
  type: z.literal('movement'),
  eventId: uuid,
  clientSessionId: uuid,
  at,
  userId: positiveId,
  kind: z.enum(['in', 'out'], { error: 'debe ser in u out' }),
  amount: positiveMoney,
  reason: z.enum(CASH_REASONS, { error: 'no es un motivo válido' }),
  note: optionalText(500),
});

export const cashCloseEvent = z.object({
  type: z.literal('close'),
  eventId: uuid,
  clientSessionId: uuid,
  at,
  userId: positiveId,
  counted: money,
  denominations,
  comment: optionalText(1000),
  /** Totals the cashier confirmed for the other methods (from the card terminal, the bank...), optional. */
  declared: z
    .object({ tarjeta: money.nullish(), transferencia: money.nullish(), mercadopago: money.nullish() })
    .nullish()
    .transform((v) => v ?? null),
});

/** The cashier opened the drawer with «Abrir cajón» (no sale): who and when; the device is the session's. */
export const cashDrawerOpenEvent = z.object({
  type: z.literal('drawer_open'),
  eventId: uuid,
  clientSessionId: uuid,
  at,
  userId: positiveId,
});

export const cashEvent = z.discriminatedUnion('type', [cashOpenEvent, cashMovementEvent, cashCloseEvent, cashDrawerOpenEvent], {
  error: 'debe ser open, movement, close o drawer_open',
});
export type CashEvent = z.output<typeof cashEvent>;
export type CashOpenEvent = z.output<typeof cashOpenEvent>;
export type CashMovementEvent = z.output<typeof cashMovementEvent>;
export type CashCloseEvent = z.output<typeof cashCloseEvent>;
export type CashDrawerOpenEvent = z.output<typeof cashDrawerOpenEvent>;

export const cashPushBody = z.object({
  deviceId: uuid,
  events: z
    .array(z.unknown(), { error: missingOr('debe ser una lista') })
    .max(LIMITS.syncPushMaxSales, `no puede tener más de ${LIMITS.syncPushMaxSales} eventos por envío`),
});
export type CashPushBody = z.output<typeof cashPushBody>;

export const cashEventResult = z.object({
  eventId: z.string().nullable(),
  status: z.enum(['applied', 'duplicate', 'rejected']),
  reason: z.string().optional(),
  /** A close: the Z number and the server's figures. */
  zNumber: z.number().int().optional(),
  expected: z.number().optional(),
  difference: z.number().optional(),
});
export type CashEventResult = z.infer<typeof cashEventResult>;

export const cashPushReply = z.object({ results: z.array(cashEventResult) });
export type CashPushReply = z.infer<typeof cashPushReply>;

export const cashListQuery = z.object({
  deviceId: z.string().trim().max(100).optional(),
  /** Local day (shop time zone) the session was opened, or "hoy" (the server's today in the shop's zone). */
  date: z.string().trim().regex(/^(\d{4}-\d{2}-\d{2}|hoy)$/, 'no es una fecha válida (AAAA-MM-DD)').optional(),
  /** Only closed sessions whose count differs from what was expected. */
  withDifference: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
});
export type CashListQuery = z.output<typeof cashListQuery>;

export const cashPersonJson = z.object({ id: z.number().int(), fullName: z.string() });
export type CashPersonJson = z.infer<typeof cashPersonJson>;

export const cashSessionJson = z.object({
  id: z.number().int(),
  clientSessionId: z.string(),
  deviceId: z.string(),
  deviceName: z.string().nullable(),
  /** The Z number (per shop), once closed. */
  zNumber: z.number().int().nullable(),
  status: z.enum(['abierta', 'cerrada']),
  openedAt: z.string(),
  openedBy: cashPersonJson,
  float: z.number(),
  closedAt: z.string().nullable(),
  closedBy: cashPersonJson.nullable(),
  counted: z.number().nullable(),
  expected: z.number().nullable(),
  difference: z.number().nullable(),
  comment: z.string().nullable(),
  declared: z.object({ tarjeta: z.number().nullish(), transferencia: z.number().nullish(), mercadopago: z.number().nullish() }).nullable(),
  /** Sales of the session that reached the server after it was closed (not in its Z). */
  lateSales: z.number().int(),
  /** Why the owner should look: a responsible who never signed in on the device, a forced close (issue #31). */
  reviewNote: z.string().nullable(),
  /** An admin closed it from the back office, without a count (until the device's own close arrives). */
  forceClosed: z.boolean(),
});
export type CashSessionJson = z.infer<typeof cashSessionJson>;

export const cashReportJson = z.object({
  float: z.number(),
  cashSales: z.number(),
  cashRefunds: z.number(),
  ins: z.number(),
  outs: z.number(),
  /** Payments on account («Cobro a cuenta») taken in cash in the session (issue #33.4). */
  accountPayments: z.number(),
  expected: z.number(),
  byMethod: z.array(z.object({ paymentMethod: z.enum(PAYMENT_METHODS), count: z.number().int(), total: z.number() })),
});
export type CashReportJson = z.infer<typeof cashReportJson>;

export const cashSessionDetailJson = cashSessionJson.extend({
  /** The session's figures with every sale the server holds now (the Z is what was computed at close). */
  report: cashReportJson,
  sales: z.array(
    z.object({
      id: z.number().int(),
      saleNumber: z.string(),
      saleDate: z.string(),
      paymentMethod: z.enum(PAYMENT_METHODS),
      paymentStatus: z.enum(PAYMENT_STATUSES),
      total: z.number(),
      late: z.boolean(),
    }),
  ),
  movements: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(['in', 'out']),
      amount: z.number(),
      reason: z.enum(CASH_REASONS),
      note: z.string().nullable(),
      at: z.string(),
      userName: z.string(),
      reviewNote: z.string().nullable(),
    }),
  ),
  /** Each «Abrir cajón» press of the session (no money moved). */
  drawerOpens: z.array(z.object({ id: z.number().int(), at: z.string(), userName: z.string(), reviewNote: z.string().nullable() })),
});
export type CashSessionDetailJson = z.infer<typeof cashSessionDetailJson>;
