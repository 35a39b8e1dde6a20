/**
 * Dashboard summary: median of N sequential calls of GET /api/sales/summary for one month (June) and for
 * the whole year, on the generated year of sales (500,000 sales, ~1.5 M items), real server in its own
 * process, after two warm-up calls. Baseline: the SQL statements the route runs for that range (the
 * rollup queries for whole local days, else the raw aggregates — chosen as salesSummary chooses),
 * prepared once and run by bare better-sqlite3 on the same file. Target: ≤ 100 ms for each range.
 * `dashboard-summary-pg` does the same on PostgreSQL (a copy of the same year of sales made by db:copy's
 * code, bench/lib/postgres.ts): the route's SQL built for PostgreSQL by the same builders and run by a
 * bare `pg` client as named (prepared) statements. Same target.
 */
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import path from 'node:path';
import { DEFAULT_TIME_ZONE } from '../../domain/constants';
import type { Q } from '../../server/db/store';
import { rollupRanges } from '../../server/modules/sales/rollup-ranges';
import { rollupSummaryQueries } from '../../server/modules/sales/rollup-repository';
import { rangeOf, wholeLocalDays } from '../../server/modules/sales/service';
import { summaryQueries } from '../../server/modules/sales/summary-repository';
import { getJson, signIn } from '../lib/api';
import { startServer } from '../lib/child';
import type { BenchContext, Scenario } from '../lib/context';
import { removeWorkDir, workDir } from '../lib/data';
import { SALES_YEAR } from '../lib/data-sales';
import { salesFile } from '../lib/datasets';
import { benchCluster, freshPgDatabase, salesPg } from '../lib/postgres';
import { median, round } from '../lib/stats';

const TARGET_MS = 100;
/** Argentina keeps UTC−3 all year (what the service computes for its time zone, for raw aggregates). */
const LOCAL_MODIFIER = '-180 minutes';
const RANGES = {
  month: { startDate: `${SALES_YEAR}-06-01 00:00:00`, endDate: `${SALES_YEAR}-06-30 23:59:59`, label: 'un mes' },
  year: { startDate: `${SALES_YEAR}-01-01 00:00:00`, endDate: `${SALES_YEAR}-12-31 23:59:59`, label: 'el año' },
};
type RangeKey = keyof typeof RANGES;

async function samples(n: number, fn: () => unknown): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n + 2; i++) {
    const start = performance.now();
    await fn();
    if (i >= 2) out.push(performance.now() - start);
  }
  return out;
}

/** The builders salesSummary uses for `query`: rollups for whole local days, raw aggregates otherwise. */
function routeQueries(db: Q, query: { startDate: string; endDate: string }) {
  const range = rangeOf(query, DEFAULT_TIME_ZONE);
  const days = wholeLocalDays(range, DEFAULT_TIME_ZONE);
  return days
    ? rollupSummaryQueries(db, days.startDay, days.endDay, rollupRanges(days.startDay, days.endDay))
    : summaryQueries(db, { ...range, localModifier: LOCAL_MODIFIER });
}

/** The route's SQL, run bare: median ms per range. */
async function bareSql(file: string, n: number): Promise<Record<RangeKey, number>> {
  const sqlite = new Database(file, { readonly: true });
  sqlite.pragma('cache_size = -32000');
  try {
    const db = drizzle(sqlite);
    const result = {} as Record<RangeKey, number>;
    for (const key of Object.keys(RANGES) as RangeKey[]) {
      const queries = Object.values(routeQueries(db as unknown as Q, RANGES[key]));
      const prepared = queries.map((q) => ({ statement: sqlite.prepare(q.toSQL().sql), params: q.toSQL().params }));
      result[key] = median(await samples(n, () => prepared.forEach(({ statement, params }) => statement.all(...params))));
    }
    return result;
  } finally {
    sqlite.close();
  }
}

/** The route's SQL, run by a bare pg client as named statements: median ms per range. */
async function barePg(url: string, n: number): Promise<Record<RangeKey, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const db = drizzlePg(client);
    const result = {} as Record<RangeKey, number>;
    for (const key of Object.keys(RANGES) as RangeKey[]) {
      const queries = Object.values(routeQueries(db as unknown as Q, RANGES[key])).map((q, i) => ({ name: `${key}-${i}`, text: q.toSQL().sql, values: q.toSQL().params }));
      result[key] = median(await samples(n, async () => {
        for (const query of queries) await client.query(query);
      }));
    }
    return result;
  } finally {
    await client.end();
  }
}

/** Where the server reads: its data folder (the SQLite file) or a fresh copy of the PostgreSQL sales database; the baseline on the same data. */
async function serverData(ctx: BenchContext, dialect: 'sqlite' | 'postgres', name: string) {
  if (dialect === 'sqlite') {
    const dir = workDir(name, await salesFile(ctx));
    return { dir, databaseUrl: undefined, bare: (n: number) => bareSql(path.join(dir, 'mostrador.sqlite'), n), drop: async () => {} };
  }
  const database = await freshPgDatabase(await benchCluster(ctx), (await salesPg(ctx)).name);
  return { dir: workDir(name), databaseUrl: database.url, bare: (n: number) => barePg(database.url, n), drop: database.drop };
}

function dashboardSummaryOn(dialect: 'sqlite' | 'postgres'): Scenario {
  const name = dialect === 'sqlite' ? 'dashboard-summary' : 'dashboard-summary-pg';
  const on = dialect === 'sqlite' ? '' : ' en PostgreSQL';
  const driver = dialect === 'sqlite' ? 'better-sqlite3' : 'pg';
  return {
    name,
    description: `GET /api/sales/summary${on} (un mes, un año) vs. el mismo SQL en ${driver} pelado`,
    run: async (ctx) => {
      const { summaryCalls: n, summarySales } = ctx.sizes;
      const data = await serverData(ctx, dialect, name);
      try {
        const api = {} as Record<RangeKey, number>;
        const server = await startServer(data.dir, { profile: ctx.profile, label: name, databaseUrl: data.databaseUrl });
        try {
          const { token } = await signIn(server.baseUrl);
          for (const key of Object.keys(RANGES) as RangeKey[]) {
            const { startDate, endDate } = RANGES[key];
            const url = `${server.baseUrl}/api/sales/summary?${new URLSearchParams({ startDate, endDate })}`;
            api[key] = median(await samples(n, () => getJson(url, token)));
          }
        } finally {
          await server.stop();
        }
        const bare = await data.bare(n);
        return (Object.keys(RANGES) as RangeKey[]).map((key) => ({
          key: `${name}-${key}`,
          label: `Resumen del panel${on}, ${RANGES[key].label} (${summarySales.toLocaleString('es-AR')} ventas)`,
          value: round(api[key], 1),
          unit: 'ms',
          baseline: round(bare[key], 1),
          baselineLabel: `mismo SQL, ${driver} pelado`,
          ratio: round(api[key] / bare[key], 2),
          target: `≤ ${TARGET_MS} ms (mediana de ${n})`,
          met: api[key] <= TARGET_MS,
          details: { calls: n, sales: summarySales, startDate: RANGES[key].startDate, endDate: RANGES[key].endDate },
        }));
      } finally {
        removeWorkDir(data.dir);
        await data.drop();
      }
    },
  };
}

export const dashboardSummary = dashboardSummaryOn('sqlite');
export const dashboardSummaryPg = dashboardSummaryOn('postgres');
