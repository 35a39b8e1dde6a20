/**
 * The persistence port (issue #20): repositories take the query handle `Q` they run on, and a unit of
 * work opens it. `store.read(fn)` runs on committed data; `store.write(fn)` runs `fn` in one transaction
 * that commits when `fn` resolves and rolls back when it throws. Services never touch a driver.
 *
 * Invariants every caller keeps, whatever the dialect:
 * - every query is awaited (`await q.select()…`, `first(…)`): never `.all()`, `.get()` or `.run()`, which
 *   exist on SQLite only (lint refuses them in server/modules);
 * - a write unit awaits only its own queries: no network call (ARCA, Mercado Pago), no hashing, no timer.
 *   Read, call, then write in a new unit (on SQLite the one writer connection is held until it ends);
 * - inside a unit, use its `tx`, never the store or another handle (those see only committed data);
 * - a unit does not open another unit (SQLite has one writer: it would wait for itself); use `savepoint`;
 * - a unit has no effect outside the database: PostgreSQL runs one again after a deadlock (pg-store.ts).
 *
 * `Q` is typed as Drizzle's SQLite query builder over the SQLite schema; on PostgreSQL the same calls run
 * on the PostgreSQL schema, whose tables, columns and types are the same (tests/server/schema-parity).
 */
import { is, sql, type SQL } from 'drizzle-orm';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import { PgDatabase } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

export type Dialect = 'sqlite' | 'postgres';

/** A query handle: the store's reader, or a write unit's transaction. */
export type Q = BaseSQLiteDatabase<'async', unknown, typeof schema>;

export interface Store {
  readonly dialect: Dialect;
  /** Runs `fn` on committed data (no transaction: each query sees the latest commit). */
  read<T>(fn: (q: Q) => Promise<T>): Promise<T>;
  /**
   * Runs `fn`'s reads on one snapshot of the committed data: a commit that lands between two of its queries
   * is not seen by either (a pull page, the dashboard summary). Read-only; never around a network call.
   */
  snapshot<T>(fn: (q: Q) => Promise<T>): Promise<T>;
  /** Runs `fn` in one write transaction (SQLite: BEGIN IMMEDIATE, one writer at a time). */
  write<T>(fn: (tx: Q) => Promise<T>): Promise<T>;
  /**
   * Whether this process runs the shop's background work (ARCA retries, CAEA, the Mercado Pago poller).
   * SQLite: always (one process per file). PostgreSQL: the one server holding a session lock on its own
   * connection; when that connection ends another server takes over (pg-store.ts).
   */
  leads(): Promise<boolean>;
  close(): Promise<void>;
}

/** Whether `q` runs on PostgreSQL (repositories only, where a dialect needs its own statement). */
export const isPg = (q: Q): boolean => is(q, PgDatabase as never);

/** The first row of a query, or undefined (add `.limit(1)` where more could match). */
export async function first<T>(query: PromiseLike<T[]>): Promise<T | undefined> {
  return (await query)[0];
}

/** How many rows an awaited insert, update or delete without `.returning()` changed. */
export function affected(result: unknown): number {
  const r = result as { changes?: number; rowCount?: number | null };
  return Number(r.changes ?? r.rowCount ?? 0);
}

/** Rows of a raw SQL query, on either dialect. */
export async function rows<T>(q: Q, query: SQL): Promise<T[]> {
  if (isPg(q)) return ((await (q as unknown as PgDatabase<never>).execute(query)) as unknown as { rows: T[] }).rows;
  return (await q.all(query)) as T[];
}

/** Runs a raw SQL statement, on either dialect; returns the rows it changed. */
export async function exec(q: Q, query: SQL): Promise<number> {
  if (isPg(q)) return affected(await (q as unknown as PgDatabase<never>).execute(query));
  return affected(await q.run(query));
}

/** The SQL for this handle's dialect, where the two differ (date functions, text search). */
export const bySql = (q: Q, choices: Record<Dialect, SQL>): SQL => choices[isPg(q) ? 'postgres' : 'sqlite'];

const sqlRaw = (text: string): SQL => sql.raw(text);

let savepoints = 0;
/**
 * Runs `fn` inside a savepoint of the unit `tx`: if it throws, only its own writes are undone.
 * SQLite runs the savepoint statements on the unit's connection itself: every pushed sale opens one, and
 * drizzle would compile each uniquely named statement anew (issue #17 item 6: ≈ 10 % of an ingest's CPU).
 */
export async function savepoint<T>(tx: Q, fn: () => Promise<T>): Promise<T> {
  const name = `sp_${(savepoints += 1)}`;
  const run = isPg(tx) ? (text: string) => exec(tx, sqlRaw(text)) : (text: string) => legacySqlite(tx).$client.exec(text);
  await run(`SAVEPOINT ${name}`);
  try {
    const result = await fn();
    await run(`RELEASE SAVEPOINT ${name}`);
    return result;
  } catch (error) {
    await run(`ROLLBACK TO SAVEPOINT ${name}`);
    await run(`RELEASE SAVEPOINT ${name}`);
    throw error;
  }
}

/**
 * The SQLite connection behind `q`, for a repository's SQLite-only fast path (prepared statements on the
 * sale hot path, the file's fsync), taken after checking the dialect: on SQLite it is the unit's own
 * connection, so the call joins the unit. Throws on PostgreSQL.
 */
export function legacySqlite(q: Q): import('./client').Db {
  if (isPg(q)) throw new Error('legacySqlite: una ruta solo de SQLite se llamó sobre PostgreSQL');
  return q as unknown as import('./client').Db;
}
