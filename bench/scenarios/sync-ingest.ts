/**
 * Sync ingest: 10,000 three-item sales of one device through POST /api/sync/push in batches of 200,
 * one request after another, against the real server (own process) on a copy of the catalogue database.
 * Baseline: the same sales written by the bare driver of the same database in the same batches with the
 * same durability (one transaction and one flush to disk per batch), on another copy, in its own process:
 * the floor for this work. `sync-ingest` runs on SQLite (baseline bench/lib/bare-ingest.ts, better-sqlite3),
 * `sync-ingest-pg` on PostgreSQL (bench/lib/postgres.ts; baseline bench/lib/bare-ingest-pg.ts, bare `pg`).
 * Targets (issue #39 items 1 and 8): ≥ 50 % of the baseline on SQLite, ≥ 60 % of the batched baseline on
 * PostgreSQL (the absolute 3,000 sales/s of issue #17 is above what bare SQLite does on this machine).
 * On SQLite also the server process's CPU per sale (every thread, /proc) against the bare loop's
 * (process.cpuUsage): target ≤ 0.6 ms.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeSales, pushAll, signIn } from '../lib/api';
import { runScript, startServer } from '../lib/child';
import type { BenchContext, Scenario } from '../lib/context';
import { removeWorkDir, sellableProducts, workDir } from '../lib/data';
import { catalogFile } from '../lib/datasets';
import { loadAverage } from '../lib/machine';
import { benchCluster, catalogPg, freshPgDatabase } from '../lib/postgres';
import type { Measurement } from '../lib/results';
import { round, timed } from '../lib/stats';

/** Of the baseline's rate: 50 % on SQLite; 60 % on PostgreSQL, whose baseline is batched (issue #39 item 8). */
const MIN_RATIO = { sqlite: 0.5, postgres: 0.6 };
const BATCH = 200;
/** Server CPU per ingested sale (issue #39 item 7). */
const MAX_CPU_MS_PER_SALE = 0.6;

/** Where the server and the baseline write: their data folders and, on PostgreSQL, their databases. */
interface Targets {
  serverDir: string;
  databaseUrl?: string;
  /** The baseline script's arguments before the sales file and the batch size. */
  baseline: { script: string; target: string; label: string };
  cleanup: () => Promise<void>;
}

async function sqliteTargets(source: string): Promise<Targets> {
  const serverDir = workDir('sync-ingest', source);
  const baseDir = workDir('sync-ingest-base', source);
  return {
    serverDir,
    baseline: { script: 'bench/lib/bare-ingest.ts', target: path.join(baseDir, 'mostrador.sqlite'), label: `better-sqlite3 pelado, mismas filas, 1 transacción y 1 fsync por lote de ${BATCH}, checkpoints como el servidor` },
    cleanup: async () => [serverDir, baseDir].forEach(removeWorkDir),
  };
}

async function pgTargets(ctx: BenchContext): Promise<Targets> {
  const cluster = await benchCluster(ctx);
  const { name } = await catalogPg(ctx);
  const [server, base] = [await freshPgDatabase(cluster, name), await freshPgDatabase(cluster, name)];
  const serverDir = workDir('sync-ingest-pg');
  return {
    serverDir,
    databaseUrl: server.url,
    baseline: { script: 'bench/lib/bare-ingest-pg.ts', target: base.url, label: `pg pelado por lotes (una sentencia por tabla), mismas filas, 1 transacción (COMMIT con flush) por lote de ${BATCH}` },
    cleanup: async () => {
      removeWorkDir(serverDir);
      await server.drop();
      await base.drop();
    },
  };
}

function syncIngestOn(dialect: 'sqlite' | 'postgres'): Scenario {
  const name = dialect === 'sqlite' ? 'sync-ingest' : 'sync-ingest-pg';
  return {
    name,
    description: dialect === 'sqlite' ? 'ventas por POST /api/sync/push vs. better-sqlite3 pelado' : 'ventas por POST /api/sync/push sobre PostgreSQL vs. pg pelado',
    run: async (ctx): Promise<Measurement[]> => {
      const count = ctx.sizes.ingestSales;
      const source = await catalogFile(ctx);
      const sales = makeSales(sellableProducts(source), count);
      const targets = dialect === 'sqlite' ? await sqliteTargets(source) : await pgTargets(ctx);
      try {
        const server = await startServer(targets.serverDir, { profile: ctx.profile, label: name, databaseUrl: targets.databaseUrl });
        let pushMs: number;
        let loadAtMeasure = 0;
        let serverCpuMs = 0;
        try {
          const { token } = await signIn(server.baseUrl);
          loadAtMeasure = loadAverage();
          const cpuBefore = server.cpuMs();
          pushMs = (await timed(() => pushAll(server.baseUrl, token, sales, BATCH))).ms;
          serverCpuMs = server.cpuMs() - cpuBefore;
        } finally {
          await server.stop();
        }
        const salesFile = path.join(targets.serverDir, 'sales.json');
        writeFileSync(salesFile, JSON.stringify(sales));
        const loadAtBaseline = loadAverage();
        const { ms: bareMs, cpuMs: bareCpuMs } = JSON.parse(await runScript(targets.baseline.script, [targets.baseline.target, salesFile, String(BATCH)])) as { ms: number; cpuMs?: number };
        const rate = (count / pushMs) * 1000;
        const baseRate = (count / bareMs) * 1000;
        const ratio = rate / baseRate;
        const minRatio = MIN_RATIO[dialect];
        return [
          {
            key: name,
            label: `Ingesta de ventas${dialect === 'postgres' ? ' en PostgreSQL' : ''} (${count.toLocaleString('es-AR')} de 3 ítems, lotes de ${BATCH})`,
            value: round(rate, 0),
            unit: 'ventas/s',
            baseline: round(baseRate, 0),
            baselineLabel: targets.baseline.label,
            ratio: round(ratio, 3),
            target: `≥ ${minRatio * 100} % de la base`,
            met: ratio >= minRatio,
            details: { sales: count, batch: BATCH, serverMs: round(pushMs, 0), baselineMs: round(bareMs, 0), loadAtMeasure, loadAtBaseline },
          },
          // CPU per sale (issue #39 item 7), SQLite only: there the server's process does all the work (on
          // PostgreSQL most of it is in the database's own processes).
          ...(bareCpuMs === undefined
            ? []
            : [
                {
                  key: `${name}-cpu`,
                  label: 'CPU del servidor por venta ingerida (todos sus hilos)',
                  value: round(serverCpuMs / count, 3),
                  unit: 'ms',
                  baseline: round(bareCpuMs / count, 3),
                  baselineLabel: 'CPU por venta de better-sqlite3 pelado (mismas filas y lotes, con su checkpointer)',
                  ratio: round(serverCpuMs / bareCpuMs, 2),
                  target: `≤ ${MAX_CPU_MS_PER_SALE} ms`,
                  met: serverCpuMs / count <= MAX_CPU_MS_PER_SALE,
                  details: { sales: count, serverCpuMs: round(serverCpuMs, 0), baselineCpuMs: round(bareCpuMs, 0), loadAtMeasure },
                },
              ]),
        ];
      } finally {
        await targets.cleanup();
      }
    },
  };
}

export const syncIngest = syncIngestOn('sqlite');
export const syncIngestPg = syncIngestOn('postgres');
