/**
 * Catalogue API (issue #39 item 1): GET /api/products/catalog under autocannon, 50 connections for 10 s,
 * walking a pool of ~1,100 distinct pages of the generated catalogue (50,000 products; searches for its
 * words, one and two at a time, and category browsing: bench/lib/catalog-queries.ts) while a counter
 * device pushes a sale every 500 ms — a selling shop: each sale moves stock, which empties the server's
 * page cache, so the figure is the cost of the query work, not of the cache. The real server runs in its
 * own process with rate limits off.
 * Baseline: bare Fastify running the very SQL the route runs for the same pages (built by the server's
 * repository, run by a bare driver: bench/lib/bare-catalog.ts) on a copy of the same catalogue, without
 * the writer (which only slows the real server down). Targets: ≥ 30 % of the baseline's req/s, p99 ≤ 20 ms.
 * Informative: the old figure, one URL repeated (the page cache answers nearly all of it).
 * `catalog-api` runs on SQLite, `catalog-api-pg` on PostgreSQL (a copy of the same catalogue,
 * bench/lib/postgres.ts, with pg_trgm search; its baseline runs the PostgreSQL statements on another copy).
 */
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Q } from '../../server/db/store';
import { makeSales, pushBatch, registerDevice, signIn } from '../lib/api';
import { catalogPath, catalogPool, catalogStatements } from '../lib/catalog-queries';
import { startBareCatalog, startServer, type Child } from '../lib/child';
import type { BenchContext, Scenario } from '../lib/context';
import type { Measurement } from '../lib/results';
import { removeWorkDir, sellableProducts, workDir } from '../lib/data';
import { catalogFile } from '../lib/datasets';
import { load, type LoadFigures } from '../lib/load';
import { loadAverage } from '../lib/machine';
import { benchCluster, catalogPg, freshPgDatabase } from '../lib/postgres';
import { round } from '../lib/stats';

const MIN_RATIO = 0.3;
const MAX_P99_MS = 20;
const SALE_EVERY_MS = 500;

async function measure(child: Child, url: string, connections: number, seconds: number, paths?: string[]): Promise<LoadFigures> {
  try {
    return await load(url, connections, seconds, paths);
  } finally {
    await child.stop();
  }
}

/** A data folder holding a copy of the catalogue and, on PostgreSQL, a fresh copy of its database. */
async function catalogCopy(ctx: BenchContext, dialect: 'sqlite' | 'postgres', name: string): Promise<{ dir: string; databaseUrl?: string; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') return { dir: workDir(name, await catalogFile(ctx)), drop: async () => {} };
  const database = await freshPgDatabase(await benchCluster(ctx), (await catalogPg(ctx)).name);
  return { dir: workDir(name), databaseUrl: database.url, drop: database.drop };
}

/** The route's statements for every page of the pool, built on the dialect's drizzle over the copy. */
async function statementsFor(dir: string, databaseUrl: string | undefined, file: string): Promise<void> {
  const pool = catalogPool();
  if (!databaseUrl) {
    const sqlite = new Database(path.join(dir, 'mostrador.sqlite'), { readonly: true });
    writeFileSync(file, JSON.stringify(catalogStatements(drizzle(sqlite) as unknown as Q, pool)));
    sqlite.close();
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  writeFileSync(file, JSON.stringify(catalogStatements(drizzlePg(client) as unknown as Q, pool)));
}

/** A counter device pushing one sale every SALE_EVERY_MS until stopped; resolves to how many it pushed. */
function sellWhileLoading(baseUrl: string, file: string): { stop: () => Promise<number> } {
  let stopped = false;
  const selling = (async () => {
    const device = await registerDevice(baseUrl, (await signIn(baseUrl)).token);
    const sales = makeSales(sellableProducts(file), 1000, 1, 11);
    let pushed = 0;
    while (!stopped && pushed < sales.length) {
      await pushBatch(baseUrl, device, [sales[pushed]]);
      pushed++;
      await new Promise((r) => setTimeout(r, SALE_EVERY_MS));
    }
    return pushed;
  })();
  return {
    stop: async () => {
      stopped = true;
      return selling;
    },
  };
}

function catalogApiOn(dialect: 'sqlite' | 'postgres'): Scenario {
  const name = dialect === 'sqlite' ? 'catalog-api' : 'catalog-api-pg';
  const on = dialect === 'sqlite' ? '' : ' en PostgreSQL';
  return {
    name,
    description: `autocannon sobre páginas distintas del catálogo público${on}, con ventas entrando, vs. Fastify pelado con las mismas consultas`,
    run: async (ctx): Promise<Measurement[]> => {
      const { connections, loadSeconds, products } = ctx.sizes;
      const real = await catalogCopy(ctx, dialect, name);
      const bare = await catalogCopy(ctx, dialect, `${name}-base`);
      const paths = catalogPool().map(catalogPath);
      const statementsFile = path.join(bare.dir, 'statements.json');
      try {
        const server = await startServer(real.dir, { profile: ctx.profile, label: name, databaseUrl: real.databaseUrl });
        const seller = sellWhileLoading(server.baseUrl, await catalogFile(ctx));
        const loadAtReal = loadAverage();
        const figures = await load(server.baseUrl, connections, loadSeconds, paths).catch(async (error: unknown) => {
          await seller.stop().catch(() => 0);
          await server.stop();
          throw error;
        });
        const salesPushed = await seller.stop();
        // Then, without sales, one URL repeated: the page cache's best case.
        const cached = await measure(server, `${server.baseUrl}${paths[0]}`, connections, Math.max(1, Math.round(loadSeconds / 2)));

        await statementsFor(bare.dir, bare.databaseUrl, statementsFile);
        const baseline = await startBareCatalog(bare.databaseUrl ?? path.join(bare.dir, 'mostrador.sqlite'), statementsFile, { profile: ctx.profile });
        const loadAtBase = loadAverage();
        const base = await measure(baseline, baseline.baseUrl, connections, loadSeconds, paths.map((_, i) => `/bare/${i}`));
        const ratio = figures.requestsPerSecond / base.requestsPerSecond;
        const details = { products, distinctPages: paths.length, salesPushed, saleEveryMs: SALE_EVERY_MS, connections, seconds: loadSeconds, loadAtMeasure: loadAtReal, loadAtBaseline: loadAtBase };
        const common = { baselineLabel: 'Fastify pelado con el mismo SQL de la ruta (driver directo, sin caché, sin ventas)', details };
        return [
          {
            key: name,
            label: `API de catálogo${on}: ${paths.length.toLocaleString('es-AR')} páginas distintas (búsquedas y categorías) con una venta cada ${SALE_EVERY_MS} ms, ${products.toLocaleString('es-AR')} productos`,
            value: round(figures.requestsPerSecond, 0),
            unit: 'req/s',
            baseline: round(base.requestsPerSecond, 0),
            ratio: round(ratio, 3),
            target: `≥ ${MIN_RATIO * 100} % de la base`,
            met: ratio >= MIN_RATIO,
            ...common,
          },
          {
            key: `${name}-p99`,
            label: `API de catálogo${on}, páginas distintas con ventas entrando: latencia p99`,
            value: figures.p99Ms,
            unit: 'ms',
            baseline: base.p99Ms,
            ratio: round(figures.p99Ms / Math.max(1, base.p99Ms), 2),
            target: `≤ ${MAX_P99_MS} ms`,
            met: figures.p99Ms <= MAX_P99_MS,
            ...common,
            details: { ...details, p50Ms: figures.p50Ms, baselineP50Ms: base.p50Ms, timeouts: figures.timeouts },
          },
          {
            key: `${name}-cached`,
            label: `API de catálogo${on}, una misma página repetida (la caché responde casi todo; informativo)`,
            value: round(cached.requestsPerSecond, 0),
            unit: 'req/s',
            baseline: null,
            baselineLabel: null,
            ratio: null,
            target: null,
            met: null,
            details: { p99Ms: cached.p99Ms, connections, loadAtMeasure: loadAverage() },
          },
        ];
      } finally {
        removeWorkDir(real.dir);
        removeWorkDir(bare.dir);
        await real.drop();
        await bare.drop();
      }
    },
  };
}

export const catalogApi = catalogApiOn('sqlite');
export const catalogApiPg = catalogApiOn('postgres');
