/** Business constants of docs/spec.md §9 and shared enumerations. */
export const ROLES = ['admin', 'vendedor'] as const;
export type Role = (typeof ROLES)[number];

export const PAYMENT_METHODS = ['efectivo', 'tarjeta', 'transferencia', 'mercadopago', 'cuenta_corriente'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_STATUSES = ['pagado', 'pendiente', 'cancelado'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const CONTACT_STATUSES = ['nuevo', 'leido', 'respondido', 'archivado'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const STOCK_OPERATIONS = ['set', 'add', 'subtract'] as const;
export type StockOperation = (typeof STOCK_OPERATIONS)[number];

export const SALE_FLAGS = ['oversold', 'price_changed', 'payment_review', 'refunded', 'review'] as const;
export type SaleFlag = (typeof SALE_FLAGS)[number];

export const LIMITS = {
  contactMessageMin: 10,
  contactMessageMax: 5000,
  catalogPageSize: 20,
  catalogFallbackLimit: 1000,
  productManagementLimit: 10000,
  contactPageSize: 20,
  invoicePageSize: 20,
  defaultMinStock: 5,
  requestTimeoutMs: 30000,
  syncPushMaxSales: 200,
  /** Sale lines in one push: bounds the work of one request (issue #13 item 8). */
  syncPushMaxLines: 4000,
  syncPullPageSize: 2000,
  /** Sales in one «Exportar ventas pendientes» file (issue #29 item 4), and its size as JSON. */
  pendingExportMaxSales: 20_000,
  pendingExportMaxBytes: 40 * 1024 * 1024,
  uploadMaxBytes: 5 * 1024 * 1024,
  uploadMaxSidePx: 1200,
} as const;

export const TIMINGS = {
  landingSuccessHideMs: 5000,
  enquiryAutoCloseMs: 2000,
  searchDebounceMs: 500,
  pendingVerifyMs: 2000,
  paymentRedirectMs: 1000,
} as const;

export const DEFAULT_TIME_ZONE = 'America/Argentina/Buenos_Aires';

/** Fallback names of docs/spec.md §2 (the brand name is a configurable default). */
export const FALLBACKS = {
  shopName: 'Mi Tienda',
  systemName: 'Sistema POS',
  address: 'Tu tienda de confianza',
} as const;

export const STORAGE_KEYS = { token: 'token', user: 'user', themeMode: 'themeMode' } as const;

/** Numbering defaults of docs/spec.md §5/§9. */
export const NUMBERING_DEFAULTS = {
  prefijo: 'V',
  formato: '{prefijo}{año}{mes}{dia}-{numero:04d}',
  numero_actual: '1',
  sucursal: '001',
} as const;

/**
 * Version of the pushed sale's shape; travels with every push so old queued sales are migrated, not dropped.
 * Here, not with the sync schemas, so the device's outbox reads it without loading zod (issue #17).
 */
export const SYNC_SCHEMA_VERSION = 1;
