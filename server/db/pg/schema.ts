/**
 * The PostgreSQL schema (issue #20): the same tables, columns, keys and indexes as the SQLite schema
 * (server/db/schema.ts, the reference), for drizzle-kit (drizzle.pg.config.ts → drizzle-pg/) and the
 * PostgreSQL store. tests/server/schema-parity.test.ts fails when the two differ. What SQLite does in
 * triggers and FTS5 (revisions, rollups, search) is in drizzle-pg/'s custom migration.
 */
export * from './catalog';
export * from './devices';
export * from './sales';
export * from './invoicing';
export * from './payments';
export * from './cash';
export * from './customers';
export * from './accounting';
export * from './mp-orders';
export * from './receipts';
