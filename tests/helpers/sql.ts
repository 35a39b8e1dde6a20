/**
 * Raw SQL for test assertions, on either dialect, through the store: `?` placeholders bound in order
 * (drizzle renders them as `?` on SQLite and `$n` on PostgreSQL). Reads see committed data; `sqlRun`
 * runs one statement in its own write unit. count(*) and sums come back as numbers on both dialects.
 * `storeAll` reads through a bare store (a test's own connection to a child process's database).
 * `pgPlan` reads a query's PostgreSQL plan, for the plan checks the SQLite tests make with EXPLAIN QUERY PLAN.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { exec, rows, type Q, type Store } from '../../server/db/store';

function bind(text: string, params: unknown[]): SQL {
  const parts = text.split('?');
  if (parts.length - 1 !== params.length) throw new Error(`sql helper: ${parts.length - 1} placeholders, ${params.length} params`);
  const chunks: SQL[] = [sql.raw(parts[0])];
  params.forEach((param, i) => chunks.push(sql`${param}`, sql.raw(parts[i + 1])));
  return sql.join(chunks);
}

/** All rows of a query on `store`. */
export function storeAll<T = Record<string, unknown>>(store: Store, text: string, ...params: unknown[]): Promise<T[]> {
  return store.read((q) => rows<T>(q, bind(text, params)));
}

/** All rows of a query. */
export function sqlAll<T = Record<string, unknown>>(app: FastifyInstance, text: string, ...params: unknown[]): Promise<T[]> {
  return storeAll<T>(app.store, text, ...params);
}

/** The first row of a query, or undefined. */
export async function sqlGet<T = Record<string, unknown>>(app: FastifyInstance, text: string, ...params: unknown[]): Promise<T | undefined> {
  return (await sqlAll<T>(app, text, ...params))[0];
}

/** The first column of the first row (like better-sqlite3's pluck().get()). */
export async function sqlValue<T = unknown>(app: FastifyInstance, text: string, ...params: unknown[]): Promise<T | undefined> {
  const row = await sqlGet(app, text, ...params);
  return row === undefined ? undefined : (Object.values(row)[0] as T);
}

/** Runs one statement in its own write unit; returns the rows it changed. */
export function sqlRun(app: FastifyInstance, text: string, ...params: unknown[]): Promise<number> {
  return app.store.write((tx) => exec(tx, bind(text, params)));
}

/** Runs a statement with RETURNING in its own write unit; its rows. */
export function sqlReturning<T = Record<string, unknown>>(app: FastifyInstance, text: string, ...params: unknown[]): Promise<T[]> {
  return app.store.write((tx) => rows<T>(tx, bind(text, params)));
}

/** A node of a PostgreSQL plan (EXPLAIN (FORMAT JSON)): the fields plan checks read, and its children. */
export interface PgPlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PgPlanNode[];
  [field: string]: unknown;
}

/**
 * PostgreSQL only: every node of the plan of the query `build` makes on the unit's handle (a repository's
 * query builder), depth first. `seqscanOff` sets enable_seqscan = off for this unit only (SET LOCAL): on a
 * test-sized table the planner rightly prefers a sequential scan, and the check is then whether the index
 * serves the query at all. EXPLAIN without ANALYZE runs nothing.
 */
export function pgPlan(app: FastifyInstance, build: (q: Q) => SQLWrapper, options: { seqscanOff?: boolean } = {}): Promise<PgPlanNode[]> {
  if (app.store.dialect !== 'postgres') throw new Error('pgPlan: the store is not PostgreSQL');
  return app.store.write(async (tx) => {
    if (options.seqscanOff) await exec(tx, sql`SET LOCAL enable_seqscan = off`);
    const [row] = await rows<{ 'QUERY PLAN': { Plan: PgPlanNode }[] }>(tx, sql`EXPLAIN (FORMAT JSON) ${build(tx).getSQL()}`);
    const nodes: PgPlanNode[] = [];
    const walk = (node: PgPlanNode) => {
      nodes.push(node);
      node.Plans?.forEach(walk);
    };
    walk(row['QUERY PLAN'][0].Plan);
    return nodes;
  });
}
