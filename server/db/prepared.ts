/**
 * Hot write paths (a sale's ledger write, its stock movements, the numbering counter) run on SQLite as bare
 * statements prepared once per connection, where building SQL each call would dominate; on PostgreSQL the
 * same statements go through drizzle on the unit's `tx` (onPostgres picks the path, in the repositories).
 */
import { is } from 'drizzle-orm';
import { PgDatabase } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import type { Q } from './store';

export function preparedPerConnection<T>(prepare: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let statements = byDb.get(db);
    if (!statements) byDb.set(db, (statements = prepare(db)));
    return statements;
  };
}

/** True when `q` is a PostgreSQL handle (pgStore's reader or one of its units). */
export const onPostgres = (q: Q): boolean => is(q, PgDatabase as never);
