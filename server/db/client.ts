/**
 * Opens the SQLite database (WAL, foreign keys on) and applies the migrations in drizzle/.
 * The database file and its -wal/-shm companions are readable by the server's user only (0600):
 * SQLite gives the companions the database file's mode, and older installs are tightened on open.
 */
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { foldText } from '../../domain/text';
import * as schema from './schema';

export type Db = BetterSQLite3Database<typeof schema>;
export interface Database_ {
  sqlite: Database.Database;
  db: Db;
}

/** drizzle/ at the project root, found from this module whether it runs from server/db or from the bundle in build/server. */
function findMigrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('No se encontró la carpeta de migraciones drizzle/');
    dir = parent;
  }
}

const migrationsFolder = findMigrationsFolder();

const PRIVATE_FILE = 0o600;

function restrictToOwner(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'a', PRIVATE_FILE));
  for (const candidate of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(candidate)) chmodSync(candidate, PRIVATE_FILE);
}

export function openDatabase(file: string): Database_ {
  restrictToOwner(file);
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -32000');
  // fold_text(x): the same accent/case folding as domain/text.ts, for LIKE searches in SQL.
  sqlite.function('fold_text', { deterministic: true }, (value: unknown) => foldText(value === null ? null : String(value)));
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder });
  return { sqlite, db };
}
