/**
 * Mercado Pago payments (docs/spec.md §3 "Preference request" / "Payment-provider sale payload", §7 /payments/*):
 * request schemas and the JSON the server answers with. Prices never come from the client: items carry
 * product ids and quantities only (extra fields such as a price are ignored).
 */
import { PAYMENT_STATUSES } from '../constants';
import { money, optionalText, z } from './common';
import { missingOr, positiveId, SALE_LIMITS, saleQuantity } from './sales';

/** external_reference as Mercado Pago accepts it: ≤ 64 letters, digits, "-" and "_". */
export const EXTERNAL_REFERENCE_RE = /^[A-Za-z0-9_-]{1,64}$/;
export const externalReference = z.string().trim().regex(EXTERNAL_REFERENCE_RE, 'debe tener hasta 64 letras, números, "-" o "_"');

export const cartItems = z
  .array(z.object({ productId: positiveId, quantity: saleQuantity }), { error: missingOr('debe ser una lista') })
  .min(1, 'El carrito está vacío')
  .max(SALE_LIMITS.maxItems, `no puede tener más de ${SALE_LIMITS.maxItems} líneas`);

const payerEmail = z.email('no es un email válido').max(200);

export const preferenceBody = z.object({
  items: cartItems,
  payer: z.object({
    name: z
      .string()
      .trim()
      .max(200)
      .nullish()
      .transform((v) => v || 'Cliente'),
    email: payerEmail,
  }),
  externalReference: externalReference.optional(),
  customerName: optionalText(200),
  customerDocument: optionalText(30),
  discount: money.optional().default(0),
  notes: optionalText(1000),
});
export type PreferenceBody = z.output<typeof preferenceBody>;

export const paymentSaleBody = z.object({
  preferenceId: z.string({ error: 'es obligatorio' }).trim().min(1, 'es obligatorio').max(200),
  customerName: optionalText(200),
  customerDocument: optionalText(30),
  customerEmail: z.preprocess((v) => (v === '' ? null : v), payerEmail.nullish()).transform((v) => v ?? null),
  items: cartItems,
  discount: money.optional().default(0),
  notes: optionalText(1000),
});
export type PaymentSaleBody = z.output<typeof paymentSaleBody>;

/** Public "check this reference" call of the return pages: it only triggers a server-side check. */
export const reconcileBody = z.object({ externalReference });

/** Webhook / IPN query: ?data.id=&type= (webhook) or ?id=&topic= (IPN). Unknown keys are ignored. */
export const webhookQuery = z
  .object({
    'data.id': z.string().max(64).optional(),
    type: z.string().max(64).optional(),
    id: z.string().max(64).optional(),
    topic: z.string().max(64).optional(),
  })
  .loose();

const optionalSecret = z
  .string()
  .trim()
  .max(500)
  .nullish()
  .transform((v) => v ?? undefined);

/** PUT /payments/settings (admin): a field left out keeps its value; "" clears it (back to the environment's). */
export const paymentSettingsBody = z.object({
  accessToken: optionalSecret,
  webhookSecret: optionalSecret,
  publicUrl: z
    .union([z.literal(''), z.url({ protocol: /^https?$/, error: 'debe ser una URL http(s)' }).max(300)])
    .nullish()
    .transform((v) => v ?? undefined),
});
export type PaymentSettingsBody = z.output<typeof paymentSettingsBody>;

export const preferenceJson = z.object({
  preferenceId: z.string(),
  initPoint: z.string(),
  sandboxInitPoint: z.string().nullable(),
  total: z.number(),
  externalReference: z.string(),
});
export type PreferenceJson = z.infer<typeof preferenceJson>;

/** What the POS needs to offer the method (no secret in it). */
export const paymentAvailabilityJson = z.object({ configured: z.boolean(), simulated: z.boolean(), label: z.string() });
export type PaymentAvailabilityJson = z.infer<typeof paymentAvailabilityJson>;

/** Admin view of the settings: where each value comes from, never the token or the secret themselves. */
export const paymentSettingsJson = paymentAvailabilityJson.extend({
  hasAccessToken: z.boolean(),
  hasWebhookSecret: z.boolean(),
  accessTokenSource: z.enum(['settings', 'env', 'simulator', 'none']),
  publicUrl: z.string().nullable(),
  apiUrl: z.string(),
  pollIntervalMs: z.number().int(),
  webhookUrl: z.string().nullable(),
});
export type PaymentSettingsJson = z.infer<typeof paymentSettingsJson>;

export const paymentEventJson = z.object({
  providerPaymentId: z.string(),
  status: z.string(),
  statusDetail: z.string().nullable(),
  amount: z.number().nullable(),
  source: z.string(),
  createdAt: z.string(),
});
export type PaymentEventJson = z.infer<typeof paymentEventJson>;

export const paymentStatusJson = z.object({
  saleId: z.number().int(),
  saleNumber: z.string(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  externalReference: z.string(),
  preferenceId: z.string().nullable(),
  providerStatus: z.string(),
  providerStatusDetail: z.string().nullable(),
  providerPaymentId: z.string().nullable(),
  /** A refund, chargeback or mediation after approval (or an approval after cancellation): the owner must look. */
  needsReview: z.boolean(),
  lastCheckedAt: z.string().nullable(),
  events: z.array(paymentEventJson),
});
export type PaymentStatusJson = z.infer<typeof paymentStatusJson>;

/** The public replies (webhook acknowledgement, "check requested"): a message and no data. */
export const noData = z.null().optional();
