/**
 * Data model (Drizzle, SQLite). Invariants:
 * - Money is integer cents (`*_cents` columns); never floats.
 * - Timestamps are UTC ISO-8601 strings.
 * - products.stock is a cache of SUM(stock_movements.delta) for that product: every stock change
 *   inserts a movement in the same transaction (server/modules/stock/repository.ts).
 * - Catalogue-like rows (products, categories, brands, business_info, configuration) carry `revision`:
 *   SQL triggers (drizzle/0001_*.sql) stamp every insert/update with the next value of the server-wide
 *   counter sync_state.revision, so GET /sync/pull?since=<rev> finds every change. Deletes are soft
 *   (deleted_at) on those rows so the pull can send tombstones and old sales keep their references.
 * - Sales are exactly-once: UNIQUE(client_sale_id) and UNIQUE(device_id, device_seq).
 */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
const createdAt = () => text('created_at').notNull().default(now);
const updatedAt = () => text('updated_at').notNull().default(now);
const revision = () => integer('revision').notNull().default(0);

export const syncState = sqliteTable('sync_state', {
  id: integer('id').primaryKey(),
  revision: integer('revision').notNull().default(0),
});

export const users = sqliteTable('users', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  fullName: text('full_name').notNull(),
  email: text('email'),
  role: text('role', { enum: ['admin', 'vendedor'] }).notNull().default('vendedor'),
  active: integer('active', { mode: 'boolean' }).notNull().default(true),
  /** Bumped by a password change or reset: sessions signed with an older value are refused (http/auth.ts). */
  tokenVersion: integer('token_version').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const businessInfo = sqliteTable('business_info', {
  id: integer('id').primaryKey(),
  businessName: text('business_name').notNull().default(''),
  cuit: text('cuit'),
  address: text('address'),
  phone: text('phone'),
  email: text('email'),
  website: text('website'),
  description: text('description'),
  instagram: text('instagram'),
  facebook: text('facebook'),
  whatsapp: text('whatsapp'),
  openingHours: text('opening_hours'),
  taxCondition: text('tax_condition'),
  province: text('province'),
  city: text('city'),
  postalCode: text('postal_code'),
  logo: text('logo'),
  revision: revision(),
  updatedAt: updatedAt(),
});

export const configuration = sqliteTable(
  'configuration',
  {
    categoria: text('categoria').notNull(),
    clave: text('clave').notNull(),
    valor: text('valor').notNull(),
    tipo: text('tipo').notNull().default('string'),
    descripcion: text('descripcion'),
    esEditable: integer('es_editable', { mode: 'boolean' }).notNull().default(true),
    revision: revision(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.categoria, t.clave] }), index('configuration_revision_idx').on(t.revision)],
);

export const categories = sqliteTable(
  'categories',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    description: text('description'),
    order: integer('sort_order').notNull().default(0),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    deletedAt: text('deleted_at'),
    revision: revision(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('categories_revision_idx').on(t.revision)],
);

export const brands = sqliteTable(
  'brands',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    description: text('description'),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    deletedAt: text('deleted_at'),
    revision: revision(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('brands_revision_idx').on(t.revision)],
);

export const products = sqliteTable(
  'products',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    code: text('code'),
    name: text('name').notNull(),
    description: text('description'),
    priceCents: integer('price_cents').notNull(),
    costCents: integer('cost_cents').notNull().default(0),
    stock: integer('stock').notNull().default(0),
    minStock: integer('min_stock').notNull().default(5),
    categoryId: integer('category_id').references(() => categories.id),
    brandId: integer('brand_id').references(() => brands.id),
    showInCatalog: integer('show_in_catalog', { mode: 'boolean' }).notNull().default(true),
    image: text('image'),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    /** IVA rate in basis points (2100 = 21 %, 1050, 2700, 0); Factura A/B split amounts by it. */
    ivaRateBp: integer('iva_rate_bp').notNull().default(2100),
    /** foldText(name code description): lower case, no accents; indexed by products_fts (trigram). */
    searchText: text('search_text').notNull().default(''),
    deletedAt: text('deleted_at'),
    revision: revision(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_code_uq').on(t.code).where(sql`${t.code} IS NOT NULL AND ${t.deletedAt} IS NULL`),
    index('products_catalog_idx').on(t.active, t.showInCatalog, t.deletedAt, t.name),
    index('products_category_idx').on(t.categoryId),
    index('products_brand_idx').on(t.brandId),
    index('products_revision_idx').on(t.revision),
  ],
);

export const stockMovements = sqliteTable(
  'stock_movements',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    productId: integer('product_id').notNull().references(() => products.id),
    delta: integer('delta').notNull(),
    /** initial/sale/cancel/return/set/add/subtract from the system; the rest are an owner's "Ajustar stock" reasons. */
    reason: text('reason', {
      enum: ['initial', 'sale', 'cancel', 'return', 'set', 'add', 'subtract', 'purchase', 'count', 'loss', 'supplier_return', 'other'],
    }).notNull(),
    saleId: integer('sale_id').references(() => sales.id),
    userId: integer('user_id').references(() => users.id),
    /** The owner's note on an adjustment (required for 'other'). */
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('stock_movements_product_idx').on(t.productId), index('stock_movements_sale_idx').on(t.saleId)],
);

export const devices = sqliteTable('devices', {
  id: text('id').primaryKey(),
  name: text('name'),
  userAgent: text('user_agent'),
  userId: integer('user_id').references(() => users.id),
  lastSeq: integer('last_seq').notNull().default(0),
  lastSeenAt: text('last_seen_at'),
  lastPushAt: text('last_push_at'),
  lastPullAt: text('last_pull_at'),
  /** Sales the device reported still waiting in its outbox after its last push. */
  pendingCount: integer('pending_count').notNull().default(0),
  /** scrypt hash of the device credential (shown once at registration); null: a device from before credentials. */
  keyHash: text('key_hash'),
  registeredAt: text('registered_at'),
  /** Its own CAEA point of sale (issue #11, Settings → Dispositivos): devices offline at once never share a sequence. */
  caeaPtoVta: integer('caea_pto_vta'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('devices_caea_pto_vta_uq').on(t.caeaPtoVta).where(sql`${t.caeaPtoVta} IS NOT NULL`)]);

/** Users who signed in online on a device (or registered it): the sellers its pushed sales may name. */
export const deviceUsers = sqliteTable(
  'device_users',
  {
    deviceId: text('device_id').notNull().references(() => devices.id),
    userId: integer('user_id').notNull().references(() => users.id),
    createdAt: createdAt(),
    lastSeenAt: text('last_seen_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.userId] })],
);

/** One row per POST /sync/push: which device sent it and who was signed in (null: the device credential alone). */
export const syncBatches = sqliteTable(
  'sync_batches',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    deviceId: text('device_id').notNull().references(() => devices.id),
    userId: integer('user_id').references(() => users.id),
    saleCount: integer('sale_count').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [index('sync_batches_device_idx').on(t.deviceId)],
);

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
    paymentMethod: text('payment_method', { enum: ['efectivo', 'tarjeta', 'transferencia', 'mercadopago'] }).notNull(),
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
    /** When the sale happened (device capture time for synced sales). */
    saleDate: text('sale_date').notNull(),
    /** The sale's calendar day 'YYYY-MM-DD' in the shop's time zone: the key of the sales rollups below. */
    localDate: text('local_date'),
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
  },
  (t) => [
    uniqueIndex('sales_device_seq_uq').on(t.deviceId, t.deviceSeq),
    index('sales_cash_session_idx').on(t.cashSessionId),
    index('sales_date_idx').on(t.saleDate),
    index('sales_status_date_idx').on(t.paymentStatus, t.saleDate),
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
 * Sales rollups: aggregates of the COUNTED sales (payment_status 'pagado' | 'pendiente') by local day,
 * maintained by SQL triggers (drizzle/0004_sales_rollup_triggers.sql) on every insert into sales and
 * sale_items and on every change of sales.payment_status, so every writer keeps them right. Never
 * written by application code. The dashboard summary reads them for ranges of whole local days.
 */
export const salesDaily = sqliteTable(
  'sales_daily',
  {
    localDate: text('local_date').notNull(),
    paymentMethod: text('payment_method', { enum: ['efectivo', 'tarjeta', 'transferencia', 'mercadopago'] }).notNull(),
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

export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject'),
    message: text('message').notNull(),
    productId: integer('product_id').references(() => products.id),
    status: text('status', { enum: ['nuevo', 'leido', 'respondido', 'archivado'] }).notNull().default('nuevo'),
    notes: text('notes'),
    ip: text('ip'),
    respondedAt: text('responded_at'),
    respondedBy: integer('responded_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('contact_status_idx').on(t.status), index('contact_created_idx').on(t.createdAt)],
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
export const invoices = sqliteTable(
  'invoices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    saleId: integer('sale_id').notNull().references(() => sales.id),
    status: text('status', { enum: ['pendiente', 'autorizada', 'fallida'] }).notNull().default('pendiente'),
    environment: text('environment', { enum: ['homologacion', 'produccion'] }).notNull(),
    simulator: integer('simulator', { mode: 'boolean' }).notNull().default(false),
    issuerCuit: text('issuer_cuit').notNull(),
    issuerTaxCondition: text('issuer_tax_condition', { enum: ['monotributo', 'responsable_inscripto'] }).notNull(),
    ptoVta: integer('pto_vta').notNull(),
    cbteTipo: integer('cbte_tipo').notNull(),
    cbteNro: integer('cbte_nro'),
    /** yyyymmdd, the Argentine calendar date sent as CbteFch. */
    cbteFch: text('cbte_fch').notNull(),
    docTipo: integer('doc_tipo').notNull(),
    docNro: text('doc_nro').notNull(),
    condicionIvaReceptor: integer('condicion_iva_receptor').notNull(),
    totalCents: integer('total_cents').notNull(),
    netCents: integer('net_cents').notNull(),
    ivaCents: integer('iva_cents').notNull(),
    /** JSON AlicuotaAmounts[] (empty for C). */
    ivaJson: text('iva_json').notNull().default('[]'),
    /** JSON of the exact FECAEDetRequest last sent (or about to be sent). */
    requestJson: text('request_json').notNull(),
    cae: text('cae'),
    /** yyyymmdd */
    caeVto: text('cae_vto'),
    observationsJson: text('observations_json').notNull().default('[]'),
    failureReason: text('failure_reason'),
    errorCode: integer('error_code'),
    attempts: integer('attempts').notNull().default(0),
    nextRetryAt: text('next_retry_at'),
    userId: integer('user_id').notNull().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    authorizedAt: text('authorized_at'),
    /**
     * CAE (online) or CAEA (contingency, issue #11). A CAEA invoice is issued when numbered (status
     * 'autorizada', `cae` holds the CAEA, `cae_vto` its validity end) and must still be reported to ARCA
     * (FECAEARegInformativo) by `report_deadline`; report_* track that report.
     */
    authorization: text('authorization', { enum: ['CAE', 'CAEA'] }).notNull().default('CAE'),
    /** The counter device that numbered a CAEA invoice offline; null when the server numbered it. */
    deviceId: text('device_id').references(() => devices.id),
    reportStatus: text('report_status', { enum: ['pendiente', 'informada', 'rechazada'] }),
    /** "YYYY-MM-DD" (FchTopeInf of the CAEA's fortnight). */
    reportDeadline: text('report_deadline'),
    reportError: text('report_error'),
    reportAttempts: integer('report_attempts').notNull().default(0),
    reportNextAt: text('report_next_at'),
    reportedAt: text('reported_at'),
    /**
     * Credit notes (issue #11, cbte_tipo 3/8/13): the invoice they credit (CbtesAsoc), and the partial return
     * they belong to (null: the note of the sale's cancellation). One invoice per sale; one note per
     * cancellation and one per return (unique indexes below).
     */
    associatedInvoiceId: integer('associated_invoice_id').references((): AnySQLiteColumn => invoices.id),
    saleReturnId: integer('sale_return_id').references(() => saleReturns.id),
  },
  (t) => [
    uniqueIndex('invoices_sale_uq').on(t.saleId).where(sql`${t.associatedInvoiceId} IS NULL`),
    uniqueIndex('invoices_cancel_note_uq').on(t.associatedInvoiceId).where(sql`${t.associatedInvoiceId} IS NOT NULL AND ${t.saleReturnId} IS NULL`),
    uniqueIndex('invoices_return_note_uq').on(t.saleReturnId).where(sql`${t.saleReturnId} IS NOT NULL`),
    index('invoices_report_idx').on(t.reportStatus, t.reportNextAt),
    uniqueIndex('invoices_number_uq')
      .on(t.issuerCuit, t.environment, t.simulator, t.ptoVta, t.cbteTipo, t.cbteNro)
      .where(sql`${t.cbteNro} IS NOT NULL`),
    index('invoices_status_retry_idx').on(t.status, t.nextRetryAt),
    index('invoices_created_idx').on(t.createdAt),
  ],
);

/** ARCA settings of the "Facturación electrónica" tab (one row, id 1). Env vars win over it. */
export const arcaSettings = sqliteTable('arca_settings', {
  id: integer('id').primaryKey(),
  cuit: text('cuit'),
  taxCondition: text('tax_condition', { enum: ['monotributo', 'responsable_inscripto'] }),
  startOfActivities: text('start_of_activities'),
  iibb: text('iibb'),
  ptoVta: integer('pto_vta'),
  environment: text('environment', { enum: ['homologacion', 'produccion'] }).notNull().default('homologacion'),
  identificationThresholdCents: integer('identification_threshold_cents').notNull().default(1_000_000_000),
  /** The server's own CAEA point of sale (issue #11): invoices it numbers itself while ARCA is unreachable. */
  caeaPtoVta: integer('caea_pto_vta'),
  updatedAt: updatedAt(),
});

/**
 * CAEAs granted by ARCA (FECAEASolicitar), one per (issuer, environment, simulator or not, fortnight).
 * One CAEA serves every CAEA point of sale of the CUIT for its fortnight (docs/reference/arca-wsfe.md §3).
 */
export const caeas = sqliteTable(
  'caeas',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    issuerCuit: text('issuer_cuit').notNull(),
    environment: text('environment', { enum: ['homologacion', 'produccion'] }).notNull(),
    simulator: integer('simulator', { mode: 'boolean' }).notNull().default(false),
    /** yyyymm */
    periodo: integer('periodo').notNull(),
    orden: integer('orden').notNull(),
    caea: text('caea').notNull(),
    /** "YYYY-MM-DD" */
    validFrom: text('valid_from').notNull(),
    validTo: text('valid_to').notNull(),
    reportDeadline: text('report_deadline').notNull(),
    obtainedAt: text('obtained_at').notNull().default(now),
  },
  (t) => [uniqueIndex('caeas_fortnight_uq').on(t.issuerCuit, t.environment, t.simulator, t.periodo, t.orden)],
);

/**
 * CAEA points of sale informed to ARCA as "sin movimiento" (FECAEASinMovimientoInformar) for a CAEA:
 * one row per (issuer, environment, simulator, CAEA, point of sale), so it is informed once.
 */
export const caeaNoActivity = sqliteTable(
  'caea_no_activity',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    issuerCuit: text('issuer_cuit').notNull(),
    environment: text('environment', { enum: ['homologacion', 'produccion'] }).notNull(),
    simulator: integer('simulator', { mode: 'boolean' }).notNull().default(false),
    caea: text('caea').notNull(),
    ptoVta: integer('pto_vta').notNull(),
    informedAt: text('informed_at').notNull().default(now),
  },
  (t) => [uniqueIndex('caea_no_activity_uq').on(t.issuerCuit, t.environment, t.simulator, t.caea, t.ptoVta)],
);

/**
 * WSAA access tickets, one per (CUIT, service, environment, certificate fingerprint). token and sign
 * are stored byte-exact (reformatting them breaks the signature check).
 */
export const arcaTickets = sqliteTable(
  'arca_tickets',
  {
    cuit: text('cuit').notNull(),
    service: text('service').notNull(),
    environment: text('environment').notNull(),
    certFingerprint: text('cert_fingerprint').notNull(),
    token: text('token').notNull(),
    sign: text('sign').notNull(),
    generationTime: text('generation_time').notNull(),
    expirationTime: text('expiration_time').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.cuit, t.service, t.environment, t.certFingerprint] })],
);

/**
 * One Mercado Pago checkout attempt (a preference). The row is written BEFORE the preference is
 * requested, with its X-Idempotency-Key, so a retry after a crash reuses the key. `requestJson` is the
 * attempt's cart (items, discount, customer) to refuse a reused reference with another cart.
 * `status` is the provider status that currently decides the sale (pending until one is seen).
 */
export const payments = sqliteTable(
  'payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    saleId: integer('sale_id').references(() => sales.id),
    idempotencyKey: text('idempotency_key').notNull(),
    externalReference: text('external_reference').notNull(),
    preferenceId: text('preference_id'),
    initPoint: text('init_point'),
    sandboxInitPoint: text('sandbox_init_point'),
    requestJson: text('request_json').notNull(),
    providerPaymentId: text('provider_payment_id'),
    status: text('status').notNull().default('pending'),
    statusDetail: text('status_detail'),
    amountCents: integer('amount_cents').notNull(),
    userId: integer('user_id').references(() => users.id),
    expiresAt: text('expires_at').notNull(),
    lastCheckedAt: text('last_checked_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_uq').on(t.idempotencyKey),
    uniqueIndex('payments_reference_uq').on(t.externalReference),
    uniqueIndex('payments_preference_uq').on(t.preferenceId),
    index('payments_sale_idx').on(t.saleId),
  ],
);

/** Every distinct (provider payment, status) seen from Mercado Pago: the audit trail, and what makes repeats no-ops. */
export const paymentEvents = sqliteTable(
  'payment_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    paymentRowId: integer('payment_row_id').notNull().references(() => payments.id),
    providerPaymentId: text('provider_payment_id').notNull(),
    status: text('status').notNull(),
    statusDetail: text('status_detail'),
    amountCents: integer('amount_cents'),
    /** Where we learnt it: webhook, ipn, poll, return, staff. */
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_events_uq').on(t.providerPaymentId, t.status), index('payment_events_row_idx').on(t.paymentRowId)],
);

/** Mercado Pago settings an admin saved (one row, id 1); each empty column falls back to the environment. Never synced. */
export const paymentSettings = sqliteTable('payment_settings', {
  id: integer('id').primaryKey(),
  accessToken: text('access_token'),
  webhookSecret: text('webhook_secret'),
  publicUrl: text('public_url'),
  updatedAt: updatedAt(),
});

/*
 * Cash sessions ("cajas", issue #16; server/modules/cash-sessions). Exactly once per entity: UNIQUE
 * client_session_id (the open event) and UNIQUE client_movement_id; a close is stored once on its session
 * (close_hash). A closed session never changes again (its Z: z_number, expected, counted, difference);
 * sales pushed for it later still count in the ledger and are shown as late on the session.
 */
export const cashSessions = sqliteTable(
  'cash_sessions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientSessionId: text('client_session_id').notNull().unique(),
    deviceId: text('device_id').notNull().references(() => devices.id),
    openedBy: integer('opened_by').notNull().references(() => users.id),
    openedAt: text('opened_at').notNull(),
    /** The opened_at calendar day in the shop's time zone (the back office lists by day). */
    localDate: text('local_date').notNull(),
    floatCents: integer('float_cents').notNull(),
    /** JSON of pieces per face value counted at opening, or null (a total). */
    openDenominations: text('open_denominations'),
    openHash: text('open_hash').notNull(),
    closedBy: integer('closed_by').references(() => users.id),
    closedAt: text('closed_at'),
    /** Server time the close was stored: sales arriving later are late. */
    closeReceivedAt: text('close_received_at'),
    countedCents: integer('counted_cents'),
    expectedCents: integer('expected_cents'),
    differenceCents: integer('difference_cents'),
    comment: text('comment'),
    closeDenominations: text('close_denominations'),
    /** JSON {tarjeta, transferencia, mercadopago} the cashier confirmed, in pesos. */
    declaredJson: text('declared_json'),
    closeHash: text('close_hash'),
    zNumber: integer('z_number').unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index('cash_sessions_device_idx').on(t.deviceId, t.openedAt),
    index('cash_sessions_date_idx').on(t.localDate),
    uniqueIndex('cash_sessions_one_open_uq').on(t.deviceId).where(sql`${t.closedAt} IS NULL`),
  ],
);

export const cashMovements = sqliteTable(
  'cash_movements',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientMovementId: text('client_movement_id').notNull().unique(),
    sessionId: integer('session_id').notNull().references(() => cashSessions.id),
    kind: text('kind', { enum: ['in', 'out'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason', { enum: ['retiro_caja_fuerte', 'pago_proveedor', 'cambio', 'otro'] }).notNull(),
    note: text('note'),
    userId: integer('user_id').notNull().references(() => users.id),
    at: text('at').notNull(),
    bodyHash: text('body_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('cash_movements_session_idx').on(t.sessionId)],
);
