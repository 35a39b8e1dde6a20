/**
 * Which server test files the `server-pg` vitest project (the server suite on PostgreSQL, issue #20)
 * leaves out, each with its reason. SQLITE_ONLY: what they test is SQLite by nature. DIALECT_FREE: what they test
 * does not depend on the dialect. PG_PENDING: files
 * that still fail on PostgreSQL because of server code, or whose test side is not yet dialect-neutral
 * (marked "test:"); the list empties as the fixes land, and a file leaves it as soon as it passes there.
 */
export const SQLITE_ONLY: Record<string, string> = {
  'tests/server/background-leader.test.ts': 'opens its own PostgreSQL stores and servers on one database itself (and checks SQLite)',
  'tests/server/backups.test.ts': 'the SQLite file backups (online backup API, integrity_check, WAL); PostgreSQL backups are the provider’s',
  'tests/server/operator-cli.test.ts': 'the operator command on a SQLite service folder (its checks are of files and users, not of the dialect)',
  'tests/server/report-off-thread.test.ts': 'the reports’ reader thread is SQLite’s (better-sqlite3 is synchronous); PostgreSQL reads asynchronously',
  'tests/server/restore-numbering.test.ts': 'restores SQLite file backups (`npm run restore`); a PostgreSQL shop restores with its provider',
  'tests/server/schema-parity.test.ts': 'compares a SQLite file with a PostgreSQL database itself',
  'tests/server/store-postgres.test.ts': 'opens its own PostgreSQL stores itself',
  'tests/server/store-search.test.ts': 'compares the SQLite FTS5 search with PostgreSQL itself',
  'tests/server/store-triggers.test.ts': 'compares the SQLite triggers with PostgreSQL itself',
  'tests/server/store.test.ts': 'runs the port on both stores itself',
};

/**
 * Files whose subject never reaches the SQL dialect, left out of `server-pg` because a second run proved nothing more
 * and cost CPU time the whole CI waits for (issue #32). Either they open no test database at all (the run on
 * PostgreSQL was the same run again), or their subject is the HTTP layer, a protocol or a simulator and the SQL
 * their requests touch is run on PostgreSQL by the files named. A file that starts asserting what a query answers
 * leaves this list.
 */
export const DIALECT_FREE: Record<string, string> = {
  'tests/server/arca/caea-sim.test.ts': 'no test database: the ARCA simulator through the real SOAP client',
  'tests/server/arca/credit-notes-sim.test.ts': 'no test database: the ARCA simulator through the real SOAP client',
  'tests/server/arca/padron-client.test.ts': 'no test database: the registry client against the simulator',
  'tests/server/arca/wsaa.test.ts': 'no test database: WSAA and the in-memory ticket manager',
  'tests/server/checkpointer.test.ts': 'no test database: SQLite’s WAL checkpointer on its own file',
  'tests/server/mp-orders-simulator.test.ts': 'no test database: the Mercado Pago simulator through the real Orders client',
  'tests/server/api-docs-replies.test.ts': 'the route table’s OpenAPI descriptions (no query)',
  'tests/server/openapi.test.ts': 'the OpenAPI document (no query)',
  'tests/server/route-map.test.ts': 'the route table against server/README.md (no query)',
  'tests/server/precompressed-assets.test.ts': 'static files and their encodings (no query)',
  'tests/server/prerendered-pages.test.ts': 'the prerendered HTML of the client build (no query)',
  'tests/server/https.test.ts': 'TLS at start-up',
  'tests/server/http-limits.test.ts': 'socket timeouts and size limits, refused before any query',
  'tests/server/validation-wording.test.ts': 'the wording of 400 replies, refused by the schema before any query',
  'tests/server/hardening.test.ts': 'headers and the data folder’s file modes (its database case is SQLite’s)',
  'tests/server/compression.test.ts': 'gzip of a large reply; the pull it compresses runs on PostgreSQL in sync-pull and sync-pull-property',
  'tests/server/jobs-registry.test.ts': 'the jobs registry’s scheduling; leadership on PostgreSQL is background-leader’s',
  'tests/server/arca/demo-and-tls.test.ts': 'demo mode’s simulator and ARCA’s TLS agent; demo data on PostgreSQL is postgres-demo’s, invoices arca/invoices’',
};

// Of the 51 files first listed here, none is left (2026-11-23).
export const PG_PENDING: Record<string, string> = {};
