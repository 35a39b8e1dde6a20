/**
 * Catalogue API: GET /api/products/catalog?search=<word>&page=1 on the generated catalogue (50,000
 * products; the word matches about one product in ten), under autocannon with 50 connections for 10 s.
 * The real server runs in its own process with rate limits off.
 * Baseline: bare Fastify (bench/lib/bare-fastify.ts) started the same way, answering the very JSON the
 * catalogue route returned. Targets: ≥ 30 % of the baseline's req/s, and p99 ≤ 20 ms.
 * autocannon repeats one URL, so a server-side response cache answers nearly all of it; the cost of a
 * query the server has not seen is reported beside it (informative): pages 2–21 of the same search,
 * one request at a time, before the load.
 * `catalog-api` runs the server on SQLite, `catalog-api-pg` on PostgreSQL (a copy of the same catalogue,
 * bench/lib/postgres.ts, with pg_trgm search); the baseline of both is the same bare Fastify with the
 * JSON its own server returned (serving JSON does not depend on the database), with the same targets.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { startBareFastify, startServer, type Child } from '../lib/child';
import type { BenchContext, Scenario } from '../lib/context';
import type { Measurement } from '../lib/results';
import { removeWorkDir, workDir } from '../lib/data';
import { catalogFile } from '../lib/datasets';
import { load, type LoadFigures } from '../lib/load';
import { benchCluster, catalogPg, freshPgDatabase } from '../lib/postgres';
import { median, round } from '../lib/stats';
import { CATALOG_SEARCH_WORD } from '../lib/vocabulary';

const MIN_RATIO = 0.3;
const MAX_P99_MS = 20;
const MISSES = 20;

/** Median ms of sequential requests for pages 2..n+1: each is a new query (a server cache cannot answer it). */
async function distinctPages(baseUrl: string, route: string, n: number): Promise<number> {
  const times: number[] = [];
  for (let page = 2; page <= n + 1; page++) {
    const start = performance.now();
    await (await fetch(`${baseUrl}${route.replace('page=1', `page=${page}`)}`)).text();
    times.push(performance.now() - start);
  }
  return median(times);
}

async function measure(child: Child, url: string, connections: number, seconds: number): Promise<LoadFigures> {
  try {
    return await load(url, connections, seconds);
  } finally {
    await child.stop();
  }
}

/** The server's data folder and, on PostgreSQL, its database (a fresh copy of the catalogue). */
async function serverData(ctx: BenchContext, dialect: 'sqlite' | 'postgres', name: string): Promise<{ dir: string; databaseUrl?: string; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') return { dir: workDir(name, await catalogFile(ctx)), drop: async () => {} };
  const database = await freshPgDatabase(await benchCluster(ctx), (await catalogPg(ctx)).name);
  return { dir: workDir(name), databaseUrl: database.url, drop: database.drop };
}

function catalogApiOn(dialect: 'sqlite' | 'postgres'): Scenario {
  const name = dialect === 'sqlite' ? 'catalog-api' : 'catalog-api-pg';
  const on = dialect === 'sqlite' ? '' : ' en PostgreSQL';
  return {
    name,
    description: `autocannon sobre la búsqueda del catálogo público${on} vs. Fastify pelado`,
    run: async (ctx): Promise<Measurement[]> => {
      const { connections, loadSeconds, products } = ctx.sizes;
      const { dir, databaseUrl, drop } = await serverData(ctx, dialect, name);
      const route = `/api/products/catalog?search=${encodeURIComponent(CATALOG_SEARCH_WORD)}&page=1`;
      const payloadFile = path.join(dir, 'payload.json');
      try {
        const server = await startServer(dir, { profile: ctx.profile, label: name, databaseUrl });
        const text = await (await fetch(`${server.baseUrl}${route}`)).text();
        writeFileSync(payloadFile, text);
        const matches = (JSON.parse(text) as { pagination: { total: number } }).pagination.total;
        const missMs = await distinctPages(server.baseUrl, route, MISSES);
        const real = await measure(server, `${server.baseUrl}${route}`, connections, loadSeconds);
        const bare = await startBareFastify(payloadFile, { profile: ctx.profile });
        const base = await measure(bare, `${bare.baseUrl}/bare`, connections, loadSeconds);
        const ratio = real.requestsPerSecond / base.requestsPerSecond;
        const common = { baselineLabel: 'Fastify pelado, mismo JSON', details: { products, matches, bytes: text.length, connections, seconds: loadSeconds } };
        return [
          {
            key: name,
            label: `API de catálogo${on}, búsqueda "${CATALOG_SEARCH_WORD}" (${matches.toLocaleString('es-AR')} de ${products.toLocaleString('es-AR')} productos)`,
            value: round(real.requestsPerSecond, 0),
            unit: 'req/s',
            baseline: round(base.requestsPerSecond, 0),
            ratio: round(ratio, 3),
            target: `≥ ${MIN_RATIO * 100} % de la base`,
            met: ratio >= MIN_RATIO,
            ...common,
          },
          {
            key: `${name}-p99`,
            label: `API de catálogo${on}, latencia p99`,
            value: real.p99Ms,
            unit: 'ms',
            baseline: base.p99Ms,
            ratio: round(real.p99Ms / Math.max(1, base.p99Ms), 2),
            target: `≤ ${MAX_P99_MS} ms`,
            met: real.p99Ms <= MAX_P99_MS,
            ...common,
            details: { ...common.details, p50Ms: real.p50Ms, baselineP50Ms: base.p50Ms, timeouts: real.timeouts },
          },
          {
            key: `${name}-uncached`,
            label: `API de catálogo${on}, búsqueda nueva (páginas 2–${MISSES + 1}, una a la vez, mediana)`,
            value: round(missMs, 1),
            unit: 'ms',
            baseline: null,
            baselineLabel: null,
            ratio: null,
            target: null,
            met: null,
            details: { products, matches, requests: MISSES },
          },
        ];
      } finally {
        removeWorkDir(dir);
        await drop();
      }
    },
  };
}

export const catalogApi = catalogApiOn('sqlite');
export const catalogApiPg = catalogApiOn('postgres');
