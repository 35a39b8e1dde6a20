/**
 * The database of a server run as a child process (tests that kill it and start it again,
 * tests/helpers/child-server.ts), on the test run's dialect: the SQLite file in the child's DATA_DIR, or
 * with TEST_DIALECT=postgres a fresh PostgreSQL database handed to the child as DATABASE_URL. The test
 * keeps its own connection to the same database (`store`) to seed it and to check what the child stored,
 * so a check on PostgreSQL reads PostgreSQL's rows, never a file the child might have made instead.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/client';
import { pgStore } from '../../server/db/pg-store';
import { sqliteStore } from '../../server/db/sqlite-store';
import type { Store } from '../../server/db/store';
import { freshDatabase } from './postgres';
import { testDialect } from './server';

export interface ChildDatabase {
  /** The child's DATA_DIR. */
  dataDir: string;
  /** DATA_DIR's SQLite file: the child's database on SQLite; on PostgreSQL it must never appear. */
  sqliteFile: string;
  /** For startChildServer: DATABASE_URL on PostgreSQL, and blank on SQLite (the parent's cannot leak in). */
  env: Record<string, string>;
  /** The test's own connection to the child's database (migrated). */
  store: Store;
  /** Closes the test's connection, drops the PostgreSQL database and removes DATA_DIR (after the child ended). */
  close: () => Promise<void>;
}

export async function childDatabase(prefix = 'mostrador-child-'): Promise<ChildDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const sqliteFile = path.join(dataDir, 'mostrador.sqlite');
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (testDialect === 'postgres') {
    const database = await freshDatabase();
    const store = await pgStore(database.url, { max: 2 });
    return {
      dataDir,
      sqliteFile,
      env: { DATABASE_URL: database.url },
      store,
      close: async () => {
        await store.close();
        await database.drop();
        removeDir();
      },
    };
  }
  const { sqlite, db } = openDatabase(sqliteFile);
  const store = sqliteStore(sqliteFile, db);
  return {
    dataDir,
    sqliteFile,
    env: { DATABASE_URL: '' },
    store,
    close: async () => {
      await store.close();
      if (sqlite.open) sqlite.close();
      removeDir();
    },
  };
}
