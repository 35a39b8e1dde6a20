/** Sales, their lines, the rollups the dashboard reads and returns. */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';
import { users, products } from './catalog';
import { devices } from './devices';
import { customers } from './customers';

export const sales = sqliteTable(
  'sales',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    /** Sum of unit cost × quantity at sale time, so profit aggregates need no join. */
    costCents: integer('cost_cents').notNull().default(0),
    /**
     * Partial returns ("Devolución", sale_returns): money refunded and cost taken back so far. What counts as
     * sold is total_cents − returned_cents (and cost_cents − returned_cost_cents); the rollup triggers follow.
     */
    returnedCents: integer('returned_cents').notNull().default(0),
    returnedCostCents: integer('returned_cost_cents').notNull().default(0),
    notes: text('notes'),
    /** Offline anomalies: an oversold item (stock went negative) / a device price ≠ current price. */
    flagOversold: integer('flag_oversold', { mode: 'boolean' }).notNull().default(false),
    flagPriceChanged: integer('flag_price_changed', { mode: 'boolean' }).notNull().default(false),
    /** Mercado Pago: a paid sale later refunded / charged back / in mediation, or approved after it was cancelled. */
    flagPaymentReview: integer('flag_payment_review', { mode: 'boolean' }).notNull().default(false),
    /**
     * When Mercado Pago reported the payment refunded or charged back (the money went back to the buyer), or
     * null. A refunded sale is not revenue (domain/revenue.ts) and cannot be invoiced; it stays flagged.
     */
    refundedAt: text('refunded_at'),
    /**
     * The date the sale is booked on (numbering, reports, cash): when it happened. A pushed sale keeps its
     * device's time unless that time is impossible; then it is the server's receipt time (docs/sync.md).
     */
    saleDate: text('sale_date').notNull(),
    /** A pushed sale: the time its device said it was captured (its clock may be wrong); null for other sales. */
    capturedAt: text('captured_at'),
    /** The sale's calendar day 'YYYY-MM-DD' in the shop's time zone: the key of the sales rollups below. */
    localDate: text('local_date'),
    /** When the server wrote it: for a pushed sale, the server's receipt time. */
    createdAt: createdAt(),
    cancelledAt: text('cancelled_at'),
    cancelledBy: integer('cancelled_by').references(() => users.id),
    preferenceId: text('preference_id'),
    externalReference: text('external_reference'),
    /** Why the owner should look at this pushed sale (Spanish), or null: e.g. an unverified seller, a 100 % discount. */
    reviewNote: text('review_note'),
    /** SHA-256 of the pushed sale's body: a replayed clientSaleId with another body is refused (sync/push-service.ts). */
    bodyHash: text('body_hash'),
    syncBatchId: integer('sync_batch_id'),
    /** The device's cash session the sale was rung up in (its client uuid, cash_sessions.client_session_id; issue #16). */
    cashSessionId: text('cash_session_id'),
    /** The customer from the customer file (issue #33), or null; the customer_* texts above are what was printed. */
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

export const saleItems = sqliteTable(
  'sale_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    saleId: integer('sale_id').notNull().references(() => sales.id),
    productId: integer('product_id').notNull().references(() => products.id),
    productName: text('product_name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    unitCostCents: integer('unit_cost_cents').notNull().default(0),
    subtotalCents: integer('subtotal_cents').notNull(),
    /** Catalogue price when the sale was applied, if it differed from what the device charged. */
    catalogPriceCents: integer('catalog_price_cents'),
    /** The product's IVA rate (basis points) when the sale was applied: what its invoice breaks down. */
    ivaRateBp: integer('iva_rate_bp').notNull().default(2100),
    /** Returned so far (sale_return_items): quantity ≤ quantity sold, and the line gross (pre-discount) it carried. */
    returnedQuantity: integer('returned_quantity').notNull().default(0),
    returnedCents: integer('returned_cents').notNull().default(0),
  },
  (t) => [index('sale_items_sale_idx').on(t.saleId), index('sale_items_product_idx').on(t.productId)],
);

/*
 * Sales rollups: aggregates of the sales that are revenue (domain/revenue.ts: payment_status 'pagado' and
 * refunded_at NULL, net of returns) by local day, maintained by SQL triggers (drizzle/0014_revenue_paid_not_refunded.sql)
 * on every insert into sales and sale_items and on every change of sales.payment_status, refunded_at or the
 * returned columns, so every writer keeps them right. Never
 * written by application code. The dashboard summary reads them for ranges of whole local days.
 */

export const salesDaily = sqliteTable(
  'sales_daily',
  {
    localDate: text('local_date').notNull(),
    paymentMethod: text('payment_method', { enum: ['efectivo', 'tarjeta', 'transferencia', 'mercadopago', 'cuenta_corriente'] }).notNull(),
    salesCount: integer('sales_count').notNull(),
    totalCents: integer('total_cents').notNull(),
    costCents: integer('cost_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.localDate, t.paymentMethod] })],
);

export const productSalesDaily = sqliteTable(
  'product_sales_daily',
  {
    localDate: text('local_date').notNull(),
    productId: integer('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    revenueCents: integer('revenue_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.localDate, t.productId] })],
);

/** month: 'YYYY-MM' (local). */
export const productSalesMonthly = sqliteTable(
  'product_sales_monthly',
  {
    month: text('month').notNull(),
    productId: integer('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    revenueCents: integer('revenue_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.productId] })],
);

/** year: 'YYYY' (local). */
export const productSalesYearly = sqliteTable(
  'product_sales_yearly',
  {
    year: text('year').notNull(),
    productId: integer('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    revenueCents: integer('revenue_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.year, t.productId] })],
);

/**
 * Partial returns of a sale ("Devolución", issue #11): the lines and quantities given back, restocked with
 * 'return' movements and credited (total_cents, after the sale's discount share) in the same transaction;
 * request_id makes a repeated submission return the same return.
 */
export const saleReturns = sqliteTable(
  'sale_returns',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    saleId: integer('sale_id').notNull().references(() => sales.id),
    requestId: text('request_id').unique(),
    userId: integer('user_id').notNull().references(() => users.id),
    reason: text('reason'),
    /** Refunded: the returned lines' gross minus their share of the sale's discount. */
    totalCents: integer('total_cents').notNull(),
    costCents: integer('cost_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sale_returns_sale_idx').on(t.saleId)],
);

export const saleReturnItems = sqliteTable(
  'sale_return_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    returnId: integer('return_id').notNull().references(() => saleReturns.id),
    saleItemId: integer('sale_item_id').notNull().references(() => saleItems.id),
    productId: integer('product_id').notNull().references(() => products.id),
    quantity: integer('quantity').notNull(),
    /** The line gross returned (before the discount share). */
    grossCents: integer('gross_cents').notNull(),
  },
  (t) => [index('sale_return_items_return_idx').on(t.returnId)],
);

/*
 * ARCA invoices (issue #10). Exactly one CAE per sale: UNIQUE(sale_id); a row is written 'pendiente'
 * with its number, date and exact request (request_json) BEFORE the request is sent, and settled after;
 * a number is held by at most one row per book (issuer, environment, simulator or not, point of sale,
 * type). A 'fallida' row
 * releases its number (cbte_nro NULL): ARCA rejected it, so the number was not used.
 */
