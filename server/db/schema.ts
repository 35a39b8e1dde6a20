/**
 * Data model (Drizzle, SQLite), one file per area under schema/; this file is the one entry point
 * (drizzle.config.ts, repositories). Invariants:
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
export * from './schema/catalog';
export * from './schema/devices';
export * from './schema/sales';
export * from './schema/invoicing';
export * from './schema/payments';
export * from './schema/cash';
export * from './schema/customers';
export * from './schema/accounting';
export * from './schema/mp-orders';
export * from './schema/receipts';
