/**
 * Mercado Pago in person (issue #34): the counter's QR / Point attempts and the admin's set-up of each
 * counter device's caja (POS) and terminal. The terminal is never taken from the browser: the server
 * reads the device's configured one.
 */
import { money, optionalText, z } from './common';
import { cartItems } from './payments';

export const ORDER_KINDS = ['qr', 'point'] as const;

export const orderAttemptBody = z.object({
  /** The counter's id for this try (a uuid): the same id again answers the same attempt (a retried request). */
  attemptId: z.uuid('no es un identificador válido'),
  kind: z.enum(ORDER_KINDS, { error: 'debe ser qr o point' }),
  items: cartItems,
  discount: money.optional().default(0),
  customerName: optionalText(200),
  customerDocument: optionalText(30),
  notes: optionalText(1000),
});
export type OrderAttemptBody = z.output<typeof orderAttemptBody>;

/** What the counter shows: the status, a Spanish line of what to do, the QR to scan. */
export const orderAttemptJson = z.object({
  id: z.number().int(),
  saleId: z.number().int(),
  saleNumber: z.string().nullable(),
  kind: z.enum(ORDER_KINDS),
  /** creating, created, at_terminal, action_required, processed, failed, canceled, expired, refunded, error */
  status: z.string(),
  statusDetail: z.string().nullable(),
  /** pagado | pendiente | cancelado */
  salePaymentStatus: z.string(),
  /** What the cashier should do now. */
  message: z.string(),
  /** The attempt is over (paid, or closed: the cart may be charged another way). */
  done: z.boolean(),
  qrData: z.string().nullable(),
  amount: z.number(),
  expiresAt: z.string(),
  needsReview: z.boolean(),
  reviewReason: z.string().nullable(),
});
export type OrderAttemptJson = z.output<typeof orderAttemptJson>;

/** Letters and digits, < 40 (Mercado Pago's POS external_id). */
export const POS_EXTERNAL_ID_RE = /^[A-Za-z0-9]{1,39}$/;

export const counterSetupBody = z.object({
  /** The store (sucursal): an existing id, or none to create one with storeName. */
  storeId: z.string().trim().max(40).optional(),
  storeName: z.string().trim().min(1).max(60).optional(),
  address: z
    .object({ street: z.string().trim().min(1).max(120), number: z.string().trim().min(1).max(20), city: z.string().trim().min(1).max(80), state: z.string().trim().min(1).max(80) })
    .optional(),
  posName: z.string().trim().min(1, 'es obligatorio').max(44, 'debe tener menos de 45 caracteres'),
  posExternalId: z.string().trim().regex(POS_EXTERNAL_ID_RE, 'solo letras y números, hasta 39'),
  /** A terminal of that caja (from GET …/terminals); none for QR only. */
  terminalId: z.string().trim().max(80).optional(),
});
export type CounterSetupBody = z.output<typeof counterSetupBody>;

export const counterJson = z.object({
  deviceId: z.string(),
  storeId: z.string(),
  posId: z.string(),
  externalPosId: z.string(),
  terminalId: z.string().nullable(),
});
export type CounterJson = z.output<typeof counterJson>;

export const terminalJson = z.object({ id: z.string(), operatingMode: z.string(), posId: z.string() });
export const deviceIdParam = z.object({ deviceId: z.string().trim().min(1).max(100) });
export const storeJson = z.object({ id: z.string(), name: z.string(), externalId: z.string().nullable() });
