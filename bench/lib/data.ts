/**
 * Generated databases, cached under bench/.data/cache keyed by DATA_VERSION (bump it when a generator
 * changes), the size and the last migration in drizzle/ (a new migration rebuilds the data through the
 * new schema rather than migrating old files: triggers added later never saw the old rows). Each is
 * built in a temporary folder with the server's own
 * openDatabase (migrations, fold_text) and seedDatabase (the admin user), then renamed into place, so an
 * interrupted build never leaves a half file behind. Scenarios work on fresh copies (workDir).
 */
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database_ } from '../../server/db/client';
import { sqliteStore } from '../../server/db/sqlite-store';
import { seedDatabase } from '../../server/setup/seed';
import { BENCH_ADMIN_PASSWORD, DATA_DIR, REPO_ROOT } from './paths';

export const DATA_VERSION = 1;
const CACHE_DIR = path.join(DATA_DIR, 'cache');
const RUN_DIR = path.join(DATA_DIR, 'run');

/** Builds `name` once: `fill` gets an open, migrated, seeded database in a temporary folder. */
export async function cachedDatabase(name: string, fill: (database: Database_) => void | Promise<void>, base?: string): Promise<string> {
  const journal = JSON.parse(readFileSync(path.join(REPO_ROOT, 'drizzle/meta/_journal.json'), 'utf8')) as { entries: { idx: number }[] };
  const file = path.join(CACHE_DIR, `${name}-v${DATA_VERSION}-m${journal.entries.length}.sqlite`);
  if (existsSync(file)) return file;
  // Older versions of this database are never read again.
  for (const old of existsSync(CACHE_DIR) ? readdirSync(CACHE_DIR) : []) {
    if (old.startsWith(`${name}-v`)) rmSync(path.join(CACHE_DIR, old), { force: true });
  }
  const tmp = path.join(CACHE_DIR, `tmp-${name}-${process.pid}`);
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const config = loadConfig({ ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD, DEMO_DATA: 'false' }, { dataDir: tmp });
  if (base) copyFileSync(base, config.dbFile);
  const database = openDatabase(config.dbFile);
  const store = sqliteStore(config.dbFile, database.db);
  await seedDatabase(store, config, () => {});
  await store.close();
  // Bulk load: no journal, no fsync, a big cache. The server sets WAL again when it opens the file.
  database.sqlite.pragma('journal_mode = OFF');
  database.sqlite.pragma('synchronous = OFF');
  database.sqlite.pragma('cache_size = -512000');
  await fill(database);
  database.sqlite.pragma('journal_mode = WAL');
  database.sqlite.exec('ANALYZE');
  database.sqlite.close();
  renameSync(config.dbFile, file);
  rmSync(tmp, { recursive: true, force: true });
  return file;
}

/** A fresh data folder for one server run, holding a copy of `source` as mostrador.sqlite (empty without one: a server on PostgreSQL). */
export function workDir(label: string, source?: string): string {
  const dir = path.join(RUN_DIR, label);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  if (source) copyFileSync(source, path.join(dir, 'mostrador.sqlite'));
  return dir;
}

export function removeWorkDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export interface ProductRef {
  id: number;
  code: string;
  priceCents: number;
}

/** Sellable products (active, in stock) of a database file. */
export function sellableProducts(file: string): ProductRef[] {
  const sqlite = new Database(file, { readonly: true });
  try {
    return sqlite.prepare('SELECT id, code, price_cents AS priceCents FROM products WHERE active = 1 AND stock > 0 AND deleted_at IS NULL ORDER BY id').all() as ProductRef[];
  } finally {
    sqlite.close();
  }
}
