/**
 * Opens the SQLite database (WAL, foreign keys on) and applies the migrations in drizzle/.
 * The database file and its -wal/-shm companions are readable by the server's user only (0600):
 * SQLite gives the companions the database file's mode, and older installs are tightened on open.
 */
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import { foldText } from '../../domain/text';
import { migrationsFolder } from './migrations-folder';
import * as schema from './schema';
import { knownSchemaState, schemaStateOf } from './snapshot';

/** The drizzle database; `$client` is its better-sqlite3 connection (bare statements on hot paths). */
export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
export interface Database_ {
  sqlite: Database.Database;
  db: Db;
}

export interface OpenOptions {
  /** Called with the open connection when an existing database is about to be migrated (a backup first). */
  beforeMigrate?: (sqlite: Database.Database) => void;
}

const PRIVATE_FILE = 0o600;

function restrictToOwner(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'a', PRIVATE_FILE));
  for (const candidate of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(candidate)) chmodSync(candidate, PRIVATE_FILE);
}

export function openDatabase(file: string, options: OpenOptions = {}): Database_ {
  restrictToOwner(file);
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -32000');
  // Statement and savepoint journals in memory, not in temp files: every pushed sale runs in a savepoint
  // whose journal holds the first copy of each page it touches (issue #17 item 6: ingest ×0.30 → ×0.43 of
  // bare SQLite). A journal lives only until its statement or savepoint ends.
  sqlite.pragma('temp_store = MEMORY');
  // fold_text(x): the same accent/case folding as domain/text.ts, for LIKE searches in SQL.
  sqlite.function('fold_text', { deterministic: true }, (value: unknown) => foldText(value === null ? null : String(value)));
  const db = drizzle(sqlite, { schema });
  const current = schemaStateOf(sqlite);
  if (options.beforeMigrate && current.migrations > 0 && current.migrations < knownSchemaState().migrations) options.beforeMigrate(sqlite);
  migrate(db, { migrationsFolder });
  return { sqlite, db };
}
