/** Statements prepared once per connection, for hot write paths where building SQL each call would dominate. */
import type { Db } from './client';

export function preparedPerConnection<T>(prepare: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let statements = byDb.get(db);
    if (!statements) byDb.set(db, (statements = prepare(db)));
    return statements;
  };
}
