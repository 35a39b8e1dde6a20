/**
 * The cuenta corriente (issue #33 item 4): a payment on account a device captured («Cobro a cuenta», pushed
 * like a sale, once by its client id), the balances and aging of the back office, a customer's statement.
 * Money travels as decimals with 2 places; the server keeps integer cents. Rules: domain/account.ts.
 */
import { ACCOUNT_PAYMENT_METHODS, ACCOUNT_PUSH_MAX_PAYMENTS } from '../account';
import { money, optionalText, z } from './common';

export const ACCOUNT_LIMITS = { pushMaxPayments: ACCOUNT_PUSH_MAX_PAYMENTS, statementMaxMovements: 5000 } as const;

export const pushedAccountPayment = z.object({
  /** The device's uuid of this payment: applied once across devices and replays. */
  clientPaymentId: z.uuid('debe ser un UUID'),
  /** The customer's uuid (the server's, or the one the device gave a customer it created). */
  customerUuid: z.uuid('debe ser un UUID'),
  /** The customer itself while the server has not confirmed it (like a sale's `customer`). */
  customer: z.unknown().optional(),
  amount: money.refine((n) => n > 0, 'debe ser mayor a cero'),
  method: z.enum(ACCOUNT_PAYMENT_METHODS, { error: 'debe ser efectivo, transferencia o tarjeta' }),
  capturedAt: z.iso.datetime({ offset: true, error: 'debe ser una fecha ISO (AAAA-MM-DDTHH:mm:ssZ)' }),
  sellerId: z.number().int().positive(),
  /** The device's open cash session (a cash payment goes into that drawer). */
  cashSessionId: z.uuid('debe ser un UUID').nullish(),
  note: optionalText(500),
});
export type PushedAccountPayment = z.output<typeof pushedAccountPayment>;
export type PushedAccountPaymentBody = z.input<typeof pushedAccountPayment>;

export const accountPaymentsPushBody = z.object({
  deviceId: z.uuid('debe ser un UUID'),
  payments: z
    .array(z.unknown(), { error: 'debe ser una lista' })
    .max(ACCOUNT_LIMITS.pushMaxPayments, `no puede tener más de ${ACCOUNT_LIMITS.pushMaxPayments} cobros por envío`),
});
export type AccountPaymentsPushBody = z.output<typeof accountPaymentsPushBody>;

/** applied: recorded now; duplicate: already recorded with this body (nothing changed); rejected: `reason` (Spanish), nothing written. */
export const accountPaymentResult = z.object({
  clientPaymentId: z.string().nullable(),
  status: z.enum(['applied', 'duplicate', 'rejected']),
  customerId: z.number().int().optional(),
  /** The customer's balance after the push (what it owes now). */
  balance: z.number().optional(),
  reason: z.string().optional(),
});
export type AccountPaymentResult = z.infer<typeof accountPaymentResult>;
export const accountPaymentsPushReply = z.object({ results: z.array(accountPaymentResult), serverTime: z.string() });
export type AccountPaymentsPushReply = z.infer<typeof accountPaymentsPushReply>;

export const accountMovementJson = z.object({
  id: z.number().int(),
  kind: z.enum(['sale', 'payment', 'sale_cancel', 'return', 'adjustment']),
  amount: z.number(),
  /** Balance after this movement. */
  balance: z.number(),
  occurredAt: z.string(),
  saleId: z.number().int().nullable(),
  saleNumber: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  overLimit: z.boolean(),
  note: z.string().nullable(),
});
export type AccountMovementJson = z.infer<typeof accountMovementJson>;

const agingJson = z.object({ d0_30: z.number(), d31_60: z.number(), d61_90: z.number(), d90: z.number(), total: z.number(), credit: z.number() });

export const accountStatementJson = z.object({
  customer: z.object({ id: z.number().int(), uuid: z.string(), name: z.string(), phone: z.string().nullable(), docNumber: z.string().nullable(), creditLimit: z.number().nullable(), accountEnabled: z.boolean() }),
  balance: z.number(),
  aging: agingJson,
  movements: z.array(accountMovementJson),
  /** https://wa.me/… with the balance, or null without a usable phone. */
  whatsappUrl: z.string().nullable(),
  generatedAt: z.string(),
});
export type AccountStatementJson = z.infer<typeof accountStatementJson>;

export const accountAgingJson = z.object({
  asOf: z.string(),
  totals: agingJson,
  customers: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      balance: z.number(),
      creditLimit: z.number().nullable(),
      overLimit: z.boolean(),
      aging: agingJson,
    }),
  ),
  /** Sales on account that went over the limit, newest first. */
  overLimitSales: z.array(z.object({ saleId: z.number().int().nullable(), customerId: z.number().int(), customerName: z.string(), amount: z.number(), occurredAt: z.string() })),
});
export type AccountAgingJson = z.infer<typeof accountAgingJson>;
