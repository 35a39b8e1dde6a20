/**
 * The store on PostgreSQL (issue #20): a pg Pool and drizzle-orm/node-postgres. `read` runs each query on
 * any pooled connection (autocommit: it sees the last commit); `write` runs the unit in BEGIN … COMMIT on
 * one connection it holds until the end (ROLLBACK when the unit throws). Units run concurrently, each in
 * its own transaction (READ COMMITTED): a unit that must not lose a concurrent update uses an atomic
 * statement (`UPDATE … SET n = n + 1 RETURNING n`) or a row lock, never read-then-write. A unit that
 * PostgreSQL aborts for a deadlock or a serialization failure (two units locking rows in opposite orders,
 * e.g. the rollup rows of two sales) is rolled back and run again, up to 5 times: safe because a unit has
 * no effect outside its transaction (the port's rule: only its own queries, no network, no timers).
 *
 * Repositories pass the SQLite schema's tables (server/db/schema.ts); their names, columns and JS types are
 * those of the PostgreSQL schema (server/db/pg/schema.ts, tests/server/schema-parity.test.ts), so the same
 * calls build the same SQL here. int8 and numeric results are parsed as JS numbers, like SQLite's
 * integers and reals (count(*) and sums are int8/numeric here; cents stay far below 2^53).
 * The migrations in drizzle-pg/ are applied at open, under an advisory lock (servers starting together).
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import * as pgSchema from './pg/schema';
import { pgMigrationsFolder } from './migrations-folder';
import { exec, type Q, type Store } from './store';

const INT8 = 20;
const NUMERIC = 1700;
/** Key of the advisory lock held while migrating (any constant: only this server takes it). */
const MIGRATION_LOCK = 20_2611;
/** Key of the session lock the server running the background work holds (store.leads). */
const BACKGROUND_LOCK = 20_2612;
/** How often a server that does not lead tries to take the lock again. */
const LEAD_RETRY_MS = 2_000;

// drizzle's node-postgres queries read pg's global type parsers (a per-pool `types` is overridden), so
// the parsers are set there: this process reaches PostgreSQL only through this store.
pg.types.setTypeParser(INT8, Number);
pg.types.setTypeParser(NUMERIC, Number);

type Database = NodePgDatabase<typeof pgSchema>;

/** deadlock_detected and serialization_failure: the unit did nothing, running it again may succeed. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 5;

/** The SQLSTATE of a PostgreSQL error, also when drizzle wrapped it (DrizzleQueryError's cause). */
export function sqlState(error: unknown): string | undefined {
  for (let e = error; e instanceof Error; e = e.cause) {
    const { code } = e as Error & { code?: unknown };
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/**
 * A deadlock or serialization failure: the whole unit must run again (a savepoint cannot save it, and a
 * caller that handles its own failures inside a unit must let this one through to the unit's retry).
 */
export const isRetryableConflict = (error: unknown): boolean => RETRYABLE.has(sqlState(error) ?? '');

export interface PgStoreOptions {
  /** Pool size (default 10). */
  max?: number;
  /** Apply drizzle-pg/ at open (default true). */
  migrate?: boolean;
}

/** Applies drizzle-pg/ to the database at `url` (one connection, under an advisory lock). */
export async function migratePg(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client, { schema: pgSchema }), { migrationsFolder: pgMigrationsFolder });
  } finally {
    await client.end();
  }
}

export async function pgStore(url: string, options: PgStoreOptions = {}): Promise<Store> {
  if (options.migrate ?? true) await migratePg(url);
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, application_name: 'mostrador' });
  // An idle connection that fails (the server restarted) leaves the pool; the next query opens another.
  pool.on('error', () => undefined);
  const reader = drizzle(pool, { schema: pgSchema }) as Database;
  /** One drizzle handle per pooled connection, made once (connections are reused). */
  const handles = new WeakMap<pg.PoolClient, Database>();
  const handleOf = (client: pg.PoolClient): Database => {
    let handle = handles.get(client);
    if (!handle) handles.set(client, (handle = drizzle(client, { schema: pgSchema }) as unknown as Database));
    return handle;
  };

  /** One run of a unit: BEGIN … COMMIT on one pooled connection, ROLLBACK when it throws. */
  async function unit<T>(fn: (tx: Q) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    const tx = handleOf(client);
    let discard: Error | undefined;
    try {
      await tx.execute(sql`BEGIN`);
      const result = await fn(tx as unknown as Q);
      await tx.execute(sql`COMMIT`);
      return result;
    } catch (error) {
      // After a failed COMMIT the transaction is already over and ROLLBACK only warns; a ROLLBACK that
      // fails means the connection is gone: it is discarded, not handed to the next unit.
      await tx.execute(sql`ROLLBACK`).catch((rollbackError: Error) => (discard = rollbackError));
      throw error;
    } finally {
      client.release(discard);
    }
  }

  const leader = backgroundLeader(url);

  async function retried<T>(fn: (tx: Q) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await unit(fn);
      } catch (error) {
        if (attempt >= ATTEMPTS || !isRetryableConflict(error)) throw error;
      }
    }
  }

  return {
    dialect: 'postgres',
    read: (fn) => fn(reader as unknown as Q),
    write: retried,
    // REPEATABLE READ fixes the snapshot at the transaction's first statement, for all the others.
    snapshot: (fn) =>
      retried(async (tx) => {
        await exec(tx, sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`);
        return fn(tx);
      }),
    leads: leader.leads,
    async close() {
      await leader.close();
      await pool.end();
    },
  };
}

/**
 * The background-work lock: a session advisory lock on a connection of its own, so it lasts exactly as
 * long as that connection. The holder checks its connection at each call (a lost one gives the lead up);
 * the others try again at most every LEAD_RETRY_MS. PostgreSQL frees the lock when the holder's session
 * ends (a crash, a closed server, a cut network once TCP keepalive notices), and the next try takes it.
 */
function backgroundLeader(url: string): { leads: () => Promise<boolean>; close: () => Promise<void> } {
  let holder: pg.Client | null = null;
  let pending: Promise<boolean> | null = null;
  let triedAt = -Infinity;
  let closed = false;

  const release = async (client: pg.Client) => {
    if (holder === client) holder = null;
    await client.end().catch(() => undefined);
  };
  const attempt = async (): Promise<boolean> => {
    if (holder) {
      const client = holder;
      try {
        await client.query('SELECT 1');
        return true;
      } catch {
        await release(client);
      }
    }
    if (closed || performance.now() - triedAt < LEAD_RETRY_MS) return false;
    triedAt = performance.now();
    const client = new pg.Client({ connectionString: url, application_name: 'mostrador-background', keepAlive: true });
    client.on('error', () => void release(client));
    try {
      await client.connect();
      const { rows } = await client.query<{ held: boolean }>('SELECT pg_try_advisory_lock($1) AS held', [BACKGROUND_LOCK]);
      if (rows[0]?.held && !closed) {
        holder = client;
        return true;
      }
    } catch {
      // Unreachable database: not the leader now; the next try is LEAD_RETRY_MS away.
    }
    await release(client);
    return false;
  };
  return {
    leads: () => (pending ??= attempt().finally(() => (pending = null))),
    async close() {
      closed = true;
      await pending;
      if (holder) await release(holder);
    },
  };
}
