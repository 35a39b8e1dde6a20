/**
 * PostgreSQL for the bench's `-pg` scenarios and db-copy (issue #20): one cluster per run
 * (scripts/lib/postgres-cluster.ts, the tests' cluster code), started on first use and stopped at the end
 * of the run. Unlike the tests' cluster it keeps PostgreSQL's durable defaults (fsync, synchronous
 * commit: every COMMIT waits for its WAL flush, as SQLite's fsync per push), with a 256 MB buffer cache.
 * The generated SQLite databases are brought over once per run by db:copy's own code
 * (server/db/copy.ts) into template databases; a scenario works on a fresh database copied from one.
 * Without PostgreSQL's binaries the scenarios are not measured (NotMeasured), the rest of the bench runs.
 */
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { copySqliteToPostgres, type CopyReport } from '../../server/db/copy';
import { migratePg } from '../../server/db/pg-store';
import { adminQuery, adminUrl, postgresBinaries, startCluster, stopCluster, type Cluster } from '../../scripts/lib/postgres-cluster';
import { NotMeasured, type BenchContext } from './context';
import { catalogFile, salesFile } from './datasets';

const EMPTY = 'bench_vacia';

export interface PgDatabase {
  url: string;
  drop: () => Promise<void>;
}

/** A copy of a generated SQLite database, made by db:copy's code: a template for fresh databases. */
export interface PgDataset {
  name: string;
  /** The copy's own figures: its time (copy, verification and ANALYZE) and rows per table. */
  report: CopyReport;
}

/** The run's cluster with the migrated empty template; NotMeasured when PostgreSQL is not installed. */
export function benchCluster(ctx: BenchContext): Promise<Cluster> {
  return ctx.once('pg-cluster', async () => {
    if (!postgresBinaries()) throw new NotMeasured('PostgreSQL no está instalado (falta /usr/lib/postgresql/*/bin/initdb: apt-get install postgresql)');
    const dir = mkdtempSync(path.join(tmpdir(), 'mostrador-bench-pg-'));
    const cluster = await startCluster(dir, { shared_buffers: '256MB', max_connections: 200 });
    ctx.onClose(async () => {
      stopCluster(cluster);
      rmSync(dir, { recursive: true, force: true });
    });
    await adminQuery(cluster, `CREATE DATABASE ${EMPTY}`);
    await migratePg(adminUrl(cluster, EMPTY));
    return cluster;
  });
}

/** A new database copied file by file (STRATEGY FILE_COPY, PostgreSQL ≥ 15) from `template` (the empty migrated one by default), dropped by `drop`. */
export async function freshPgDatabase(cluster: Cluster, template = EMPTY): Promise<PgDatabase> {
  const name = `bench_${randomBytes(5).toString('hex')}`;
  await adminQuery(cluster, `CREATE DATABASE ${name} TEMPLATE ${template} STRATEGY FILE_COPY`);
  return { url: adminUrl(cluster, name), drop: () => adminQuery(cluster, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Copies the SQLite file into a new database with db:copy's code (copySqliteToPostgres). */
export async function copyIntoPg(cluster: Cluster, file: string): Promise<{ database: PgDatabase; report: CopyReport }> {
  const database = await freshPgDatabase(cluster);
  const sqlite = new Database(file, { readonly: true });
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  try {
    return { database, report: await copySqliteToPostgres(sqlite, pool) };
  } finally {
    sqlite.close();
    await pool.end();
  }
}

async function dataset(ctx: BenchContext, key: string, file: () => Promise<string>): Promise<PgDataset> {
  const cluster = await benchCluster(ctx);
  return ctx.once(`pg-${key}`, async () => {
    const { database, report } = await copyIntoPg(cluster, await file());
    const name = new URL(database.url).pathname.slice(1);
    ctx.onClose(database.drop);
    return { name, report };
  });
}

/** The catalogue database of this run's size, on PostgreSQL. */
export const catalogPg = (ctx: BenchContext) => dataset(ctx, 'catalog', () => catalogFile(ctx));

/** The sales database (the year of sales) of this run's size, on PostgreSQL. */
export const salesPg = (ctx: BenchContext) => dataset(ctx, 'sales', () => salesFile(ctx));
