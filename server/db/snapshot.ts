/**
 * Consistent copies of the database, never a file copy of a live WAL database (a copy taken mid-write
 * is torn). Live copies use SQLite's online backup API on the server's own connection, so writes made
 * while it runs are carried into the copy; another process (the CLI) uses `VACUUM INTO` inside a read
 * transaction, a snapshot of one instant. Also the checks a restore needs: integrity and schema version.
 */
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder } from './migrations-folder';

export interface SchemaState {
  /** Migrations applied (rows of drizzle's own table). */
  migrations: number;
  /** `when` of the newest migration applied, as recorded by drizzle; null for an empty database. */
  lastMigrationAt: number | null;
}

/** Online backup on a live connection (pages copied in steps; the event loop keeps answering). */
export async function snapshotLive(sqlite: Database.Database, dest: string): Promise<void> {
  await sqlite.backup(dest);
}

/** `VACUUM INTO` a new file: a consistent snapshot from any connection, even a read-only one. */
export function vacuumInto(sqlite: Database.Database, dest: string): void {
  sqlite.prepare('VACUUM INTO ?').run(dest);
}

export function snapshotFile(file: string, dest: string): void {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    vacuumInto(sqlite, dest);
  } finally {
    sqlite.close();
  }
}

export function schemaStateOf(sqlite: Database.Database): SchemaState {
  const table = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get();
  if (!table) return { migrations: 0, lastMigrationAt: null };
  const row = sqlite.prepare('SELECT count(*) AS n, max(created_at) AS last FROM __drizzle_migrations').get() as { n: number; last: number | null };
  return { migrations: row.n, lastMigrationAt: row.last === null ? null : Number(row.last) };
}

/** The schema this build of the program knows: the migrations in drizzle/. */
export function knownSchemaState(): SchemaState {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return { migrations: journal.entries.length, lastMigrationAt: Math.max(...journal.entries.map((entry) => entry.when)) };
}

/** `PRAGMA integrity_check` on a file, opened read-only: [] when healthy, else SQLite's findings. */
export function integrityProblems(file: string): string[] {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = sqlite.pragma('integrity_check') as { integrity_check: string }[];
    const problems = rows.map((row) => row.integrity_check).filter((text) => text !== 'ok');
    return problems;
  } finally {
    sqlite.close();
  }
}

export function schemaStateOfFile(file: string): SchemaState {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return schemaStateOf(sqlite);
  } finally {
    sqlite.close();
  }
}
