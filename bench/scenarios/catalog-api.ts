/**
 * Catalogue API: GET /api/products/catalog?search=<word>&page=1 on the generated catalogue (50,000
 * products; the word matches about one product in ten), under autocannon with 50 connections for 10 s.
 * The real server runs in its own process with rate limits off.
 * Baseline: bare Fastify (bench/lib/bare-fastify.ts) started the same way, answering the very JSON the
 * catalogue route returned. Targets: ≥ 30 % of the baseline's req/s, and p99 ≤ 20 ms.
 * autocannon repeats one URL, so a server-side response cache answers nearly all of it; the cost of a
 * query the server has not seen is reported beside it (informative): pages 2–21 of the same search,
 * one request at a time, before the load.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { startBareFastify, startServer, type Child } from '../lib/child';
import type { Scenario } from '../lib/context';
import type { Measurement } from '../lib/results';
import { removeWorkDir, workDir } from '../lib/data';
import { catalogFile } from '../lib/datasets';
import { load, type LoadFigures } from '../lib/load';
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

export const catalogApi: Scenario = {
  name: 'catalog-api',
  description: 'autocannon sobre la búsqueda del catálogo público vs. Fastify pelado',
  run: async (ctx): Promise<Measurement[]> => {
    const { connections, loadSeconds, products } = ctx.sizes;
    const dir = workDir('catalog-api', await catalogFile(ctx));
    const route = `/api/products/catalog?search=${encodeURIComponent(CATALOG_SEARCH_WORD)}&page=1`;
    const payloadFile = path.join(dir, 'payload.json');
    try {
      const server = await startServer(dir, { profile: ctx.profile, label: 'catalog-api' });
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
          key: 'catalog-api',
          label: `API de catálogo, búsqueda "${CATALOG_SEARCH_WORD}" (${matches.toLocaleString('es-AR')} de ${products.toLocaleString('es-AR')} productos)`,
          value: round(real.requestsPerSecond, 0),
          unit: 'req/s',
          baseline: round(base.requestsPerSecond, 0),
          ratio: round(ratio, 3),
          target: `≥ ${MIN_RATIO * 100} % de la base`,
          met: ratio >= MIN_RATIO,
          ...common,
        },
        {
          key: 'catalog-api-p99',
          label: 'API de catálogo, latencia p99',
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
          key: 'catalog-api-uncached',
          label: `API de catálogo, búsqueda nueva (páginas 2–${MISSES + 1}, una a la vez, mediana)`,
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
    }
  },
};
