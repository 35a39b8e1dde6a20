/**
 * Sales: request schemas of docs/spec.md §7 "Sales and payments" and the Sale JSON the server answers with.
 * Money travels as decimals (2 decimals); the server turns it into integer cents.
 */
import { PAYMENT_METHODS, PAYMENT_STATUSES, SALE_FLAGS } from '../constants';
import { IVA_RATES } from '../invoicing/codes';
import { dateQuery, money, optionalText, queryBool, text, z } from './common';

export const SALE_LIMITS = { maxItems: 500, maxQuantity: 1_000_000, listMaxLimit: 500 } as const;

/** Optional email: "" and null mean none. */
const optionalEmail = z.preprocess((v) => (v === '' ? null : v), z.email('no es un email válido').max(200).nullish()).transform((v) => v ?? null);

export const positiveId = z.coerce.number({ error: 'debe ser un identificador válido' }).int('debe ser un identificador válido').positive('debe ser un identificador válido');
export const saleQuantity = z
  .number({ error: 'debe ser un número' })
  .int('debe ser un número entero')
  .positive('debe ser mayor que 0')
  .max(SALE_LIMITS.maxQuantity, 'es demasiado grande');
/** "es obligatorio" when missing, otherwise `otherwise` (a wrong type). */
export const missingOr = (otherwise: string) => (issue: { input: unknown }) => (issue.input === undefined || issue.input === null ? 'es obligatorio' : otherwise);
export const paymentMethod = z.enum(PAYMENT_METHODS, { error: 'debe ser efectivo, tarjeta, transferencia, mercadopago o cuenta_corriente' });

export const createSaleBody = z.object({
  customerName: optionalText(200),
  customerDocument: optionalText(30),
  customerEmail: optionalEmail,
  items: z
    .array(z.object({ productId: positiveId, quantity: saleQuantity }), { error: missingOr('debe ser una lista') })
    .min(1, 'El carrito está vacío')
    .max(SALE_LIMITS.maxItems, `no puede tener más de ${SALE_LIMITS.maxItems} líneas`),
  discount: money.optional().default(0),
  paymentMethod,
  notes: optionalText(1000),
  clientSaleId: z.uuid('debe ser un UUID').optional(),
});
export type CreateSaleBody = z.output<typeof createSaleBody>;

/** A real calendar date (the shared regex alone lets "2026-13-45" through). */
const realDate = dateQuery.refine((v) => {
  const [y, m, d] = v.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}, { message: 'no es una fecha válida (AAAA-MM-DD)', when: (payload) => payload.issues.length === 0 });

export const dateRangeQuery = z.object({ startDate: realDate.optional(), endDate: realDate.optional() });

export const salesListQuery = dateRangeQuery.extend({
  paymentMethod: z.preprocess((v) => (v === '' ? undefined : v), paymentMethod.optional()),
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(PAYMENT_STATUSES, { error: 'debe ser pagado, pendiente o cancelado' }).optional()),
  flagged: queryBool.optional(),
  /** Sale number, customer name or a product name in its items. */
  search: text().trim().max(100, 'no puede superar 100 caracteres').optional(),
  /** The seller who made the sale. */
  userId: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number({ error: 'debe ser un número' }).int('debe ser un número entero').positive('no es válido').optional()),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(SALE_LIMITS.listMaxLimit).default(20),
});
export type SalesListQuery = z.output<typeof salesListQuery>;

const saleFlag = z.enum(SALE_FLAGS);
const userRef = z.object({ id: z.number().int(), fullName: z.string() });

export const saleItemJson = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  subtotal: z.number(),
  /** The catalogue price when the sale was applied, only when it differed from what was charged. */
  catalogPrice: z.number().nullable(),
  /** The product's IVA rate (percent) when the sale was applied; invoices break amounts down by it. */
  ivaRate: z.literal(IVA_RATES),
  /** Units given back by partial returns ("Devolución"); at most `quantity`. */
  returnedQuantity: z.number().int(),
  /** The line gross those units carried (before the discount share). */
  returnedAmount: z.number(),
});
export type SaleItemJson = z.infer<typeof saleItemJson>;

const saleHeaderJson = z.object({
  id: z.number().int(),
  saleNumber: z.string(),
  saleDate: z.string(),
  customerName: z.string().nullable(),
  /** Left out of replies to sellers when the admin hides customer data (privacidad/vendedores_ven_clientes). */
  customerDocument: z.string().nullable().optional(),
  customerEmail: z.string().nullable().optional(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  subtotal: z.number(),
  discount: z.number(),
  total: z.number(),
  /** Refunded by partial returns so far: what counts as sold is total − returned. */
  returned: z.number(),
  notes: z.string().nullable(),
  user: userRef,
  clientSaleId: z.string().nullable(),
  deviceId: z.string().nullable(),
  /** Name the counter device registered with (null for sales not captured on a device). */
  deviceName: z.string().nullable(),
  deviceSeq: z.number().int().nullable(),
  flags: z.array(saleFlag),
  /** Why the owner should look at this pushed sale (flag `review`), or null. */
  reviewNote: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** Who cancelled the sale (null while it is not cancelled). */
  cancelledByName: z.string().nullable(),
  createdAt: z.string(),
});

export const saleJson = saleHeaderJson.extend({ items: z.array(saleItemJson) });
export type SaleJson = z.infer<typeof saleJson>;

/** A row of GET /sales: the sale without its items, with their count. */
export const saleListItemJson = saleHeaderJson.extend({ itemCount: z.number().int() });
export type SaleListItemJson = z.infer<typeof saleListItemJson>;

export const salesSummaryJson = z.object({
  totalSales: z.number().int(),
  totalRevenue: z.number(),
  /** Absent for a seller while costs are hidden (configuration vendedores_ven_costos): revenue − profit is the cost. */
  totalProfit: z.number().optional(),
  salesByPaymentMethod: z.array(z.object({ paymentMethod: z.enum(PAYMENT_METHODS), count: z.number().int(), total: z.number() })),
  topProducts: z.array(z.object({ productId: z.number().int(), productName: z.string(), totalQuantity: z.number(), totalRevenue: z.number() })),
  salesByDay: z.array(z.object({ date: z.string(), count: z.number().int(), total: z.number() })),
});
export type SalesSummaryJson = z.infer<typeof salesSummaryJson>;
