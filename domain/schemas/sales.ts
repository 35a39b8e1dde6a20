/**
 * Sales: request schemas of docs/spec.md §7 "Sales and payments" and the Sale JSON the server answers with.
 * Money travels as decimals (2 decimals); the server turns it into integer cents.
 */
import { PAYMENT_METHODS, PAYMENT_STATUSES, type PaymentMethod, type PaymentStatus, type SaleFlag } from '../constants';
import type { IvaRate } from '../invoicing/codes';
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
export const paymentMethod = z.enum(PAYMENT_METHODS, { error: 'debe ser efectivo, tarjeta, transferencia o mercadopago' });

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

export interface SaleItemJson {
  id: number;
  productId: number;
  productName: string;
  quantity: number;
  unitPrice: number;
  subtotal: number;
  /** The catalogue price when the sale was applied, only when it differed from what was charged. */
  catalogPrice: number | null;
  /** The product's IVA rate (percent) when the sale was applied; invoices break amounts down by it. */
  ivaRate: IvaRate;
  /** Units given back by partial returns ("Devolución"); at most `quantity`. */
  returnedQuantity: number;
  /** The line gross those units carried (before the discount share). */
  returnedAmount: number;
}

export interface SaleJson {
  id: number;
  saleNumber: string;
  saleDate: string;
  customerName: string | null;
  /** Left out of replies to sellers when the admin hides customer data (privacidad/vendedores_ven_clientes). */
  customerDocument?: string | null;
  customerEmail?: string | null;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  subtotal: number;
  discount: number;
  total: number;
  /** Refunded by partial returns so far: what counts as sold is total − returned. */
  returned: number;
  notes: string | null;
  user: { id: number; fullName: string };
  items: SaleItemJson[];
  clientSaleId: string | null;
  deviceId: string | null;
  /** Name the counter device registered with (null for sales not captured on a device). */
  deviceName: string | null;
  deviceSeq: number | null;
  flags: SaleFlag[];
  /** Why the owner should look at this pushed sale (flag `review`), or null. */
  reviewNote: string | null;
  cancelledAt: string | null;
  /** Who cancelled the sale (null while it is not cancelled). */
  cancelledByName: string | null;
  createdAt: string;
}

/** A row of GET /sales: the sale without its items, with their count. */
export type SaleListItemJson = Omit<SaleJson, 'items'> & { itemCount: number };

export interface SalesSummaryJson {
  totalSales: number;
  totalRevenue: number;
  totalProfit: number;
  salesByPaymentMethod: { paymentMethod: PaymentMethod; count: number; total: number }[];
  topProducts: { productId: number; productName: string; totalQuantity: number; totalRevenue: number }[];
  salesByDay: { date: string; count: number; total: number }[];
}
