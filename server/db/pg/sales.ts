/** PostgreSQL mirror of server/db/schema/sales.ts (the reference: see it for what each column means). */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cents, createdAt } from './columns';
import { users, products } from './catalog';
import { devices } from './devices';
import { customers } from './customers';

export const sales = pgTable(
  'sales',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    saleNumber: text('sale_number').notNull().unique(),
    clientSaleId: text('client_sale_id').unique(),
    deviceId: text('device_id').references(() => devices.id),
    deviceSeq: integer('device_seq'),
    userId: integer('user_id').notNull().references(() => users.id),
    customerName: text('customer_name'),
    customerDocument: text('customer_document'),
    customerEmail: text('customer_email'),
    paymentMethod: text('payment_method', { enum: ['efectivo', 'tarjeta', 'transferencia', 'mercadopago', 'cuenta_corriente'] }).notNull(),
    paymentStatus: text('payment_status', { enum: ['pagado', 'pendiente', 'cancelado'] }).notNull().default('pagado'),
    subtotalCents: cents('subtotal_cents').notNull(),
    discountCents: cents('discount_cents').notNull().default(0),
    totalCents: cents('total_cents').notNull(),
    costCents: cents('cost_cents').notNull().default(0),
    returnedCents: cents('returned_cents').notNull().default(0),
    returnedCostCents: cents('returned_cost_cents').notNull().default(0),
    notes: text('notes'),
    flagOversold: boolean('flag_oversold').notNull().default(false),
    flagPriceChanged: boolean('flag_price_changed').notNull().default(false),
    flagPaymentReview: boolean('flag_payment_review').notNull().default(false),
    /**
     * When Mercado Pago reported the payment refunded or charged back (the money went back to the buyer), or
     * null. A refunded sale is not revenue (domain/revenue.ts) and cannot be invoiced; it stays flagged.
     */
    refundedAt: text('refunded_at'),
    saleDate: text('sale_date').notNull(),
    capturedAt: text('captured_at'),
    localDate: text('local_date'),
    createdAt: createdAt(),
    cancelledAt: text('cancelled_at'),
    cancelledBy: integer('cancelled_by').references(() => users.id),
    preferenceId: text('preference_id'),
    externalReference: text('external_reference'),
    reviewNote: text('review_note'),
    bodyHash: text('body_hash'),
    syncBatchId: integer('sync_batch_id'),
    cashSessionId: text('cash_session_id'),
    customerId: integer('customer_id').references(() => customers.id),
  },
  (t) => [
    uniqueIndex('sales_device_seq_uq').on(t.deviceId, t.deviceSeq),
    index('sales_cash_session_idx').on(t.cashSessionId),
    index('sales_customer_idx').on(t.customerId, t.saleDate),
    index('sales_date_idx').on(t.saleDate),
    index('sales_status_date_idx').on(t.paymentStatus, t.saleDate),
    // The reports' range (whole local days of revenue, reports/repository.ts): payment_status = 'pagado' fixed, local_date
    // ranged. Partial, so only a query bounding local_date can take it (never the sale_date ranges above).
    index('sales_status_local_date_idx').on(t.paymentStatus, t.localDate).where(sql`local_date IS NOT NULL`),
    // The sales that may need a look (sales/repository.ts needsReview), newest first: a few rows, never a scan of all sales.
    index('sales_review_date_idx').on(t.saleDate).where(sql`flag_oversold OR flag_price_changed OR review_note IS NOT NULL OR flag_payment_review`),
    index('sales_method_date_idx').on(t.paymentMethod, t.saleDate),
    index('sales_user_idx').on(t.userId),
    index('sales_preference_idx').on(t.preferenceId),
    index('sales_external_ref_idx').on(t.externalReference),
  ],
);

export const saleItems = pgTable(
  'sale_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    saleId: integer('sale_id').notNull().references(() => sales.id),
    productId: integer('product_id').notNull().references(() => products.id),
    productName: text('product_name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: cents('unit_price_cents').notNull(),
    unitCostCents: cents('unit_cost_cents').notNull().default(0),
    subtotalCents: cents('subtotal_cents').notNull(),
    catalogPriceCents: cents('catalog_price_cents'),
    ivaRateBp: integer('iva_rate_bp').notNull().default(2100),
    returnedQuantity: integer('returned_quantity').notNull().default(0),
    returnedCents: cents('returned_cents').notNull().default(0),
  },
  (t) => [index('sale_items_sale_idx').on(t.saleId), index('sale_items_product_idx').on(t.productId)],
);


export const salesDaily = pgTable(
  'sales_daily',
  {
    localDate: text('local_date').notNull(),
    paymentMethod: text('payment_method', { enum: ['efectivo', 'tarjeta', 'transferencia', 'mercadopago', 'cuenta_corriente'] }).notNull(),
    salesCount: integer('sales_count').notNull(),
    totalCents: cents('total_cents').notNull(),
    costCents: cents('cost_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.localDate, t.paymentMethod] })],
);

export const productSalesDaily = pgTable(
  'product_sales_daily',
  {
    localDate: text('local_date').notNull(),
    productId: integer('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    revenueCents: cents('revenue_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.localDate, t.productId] })],
);

export const productSalesMonthly = pgTable(
  'product_sales_monthly',
  {
    month: text('month').notNull(),
    productId: integer('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    revenueCents: cents('revenue_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.productId] })],
);

export const productSalesYearly = pgTable(
  'product_sales_yearly',
  {
    year: text('year').notNull(),
    productId: integer('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    revenueCents: cents('revenue_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.year, t.productId] })],
);

export const saleReturns = pgTable(
  'sale_returns',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    saleId: integer('sale_id').notNull().references(() => sales.id),
    requestId: text('request_id').unique(),
    userId: integer('user_id').notNull().references(() => users.id),
    reason: text('reason'),
    totalCents: cents('total_cents').notNull(),
    costCents: cents('cost_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sale_returns_sale_idx').on(t.saleId)],
);

export const saleReturnItems = pgTable(
  'sale_return_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    returnId: integer('return_id').notNull().references(() => saleReturns.id),
    saleItemId: integer('sale_item_id').notNull().references(() => saleItems.id),
    productId: integer('product_id').notNull().references(() => products.id),
    quantity: integer('quantity').notNull(),
    grossCents: cents('gross_cents').notNull(),
  },
  (t) => [index('sale_return_items_return_idx').on(t.returnId)],
);

