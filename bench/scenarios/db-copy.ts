/**
 * Moving a shop to PostgreSQL (issue #20): `npm run db:copy`'s code (server/db/copy.ts) copies the
 * generated year of sales (500,000 sales, ~1.5 M items, ~3 M stock movements) from its SQLite file into
 * an empty PostgreSQL database; the figure is the copy's time, its own table-by-table verification
 * and ANALYZE included (bench/lib/postgres.ts salesPg: the copy the -pg scenarios also use). Then the
 * books are compared through the real servers, one on the SQLite file and one on a copy of the
 * PostgreSQL database: the dashboard summary (the year, June, no range), the sales list (first, middle
 * and last pages of 500), every product's stock, the stock history of the ten best sellers and ten
 * other products, and the ledger totals per product and per reason (SQL on both files, and stock = Σ
 * ledger on PostgreSQL). The target is equality; what differs is named in the figure's details.
 */
import Database from 'better-sqlite3';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { getJson, signIn } from '../lib/api';
import { startServer, type Child } from '../lib/child';
import type { Scenario } from '../lib/context';
import { removeWorkDir, workDir } from '../lib/data';
import { SALES_YEAR } from '../lib/data-sales';
import { salesFile } from '../lib/datasets';
import { benchCluster, freshPgDatabase, salesPg } from '../lib/postgres';
import { round } from '../lib/stats';

const PAGE = 500;
const range = (startDate: string, endDate: string) => `?${new URLSearchParams({ startDate: `${startDate} 00:00:00`, endDate: `${endDate} 23:59:59` })}`;
const SUMMARIES: Record<string, string> = {
  año: range(`${SALES_YEAR}-01-01`, `${SALES_YEAR}-12-31`),
  junio: range(`${SALES_YEAR}-06-01`, `${SALES_YEAR}-06-30`),
  'sin rango': '',
};

interface Paged<T> {
  data: T[];
  pagination: { total: number; totalPages: number };
}

/** GET of the whole envelope (data and pagination), as a signed-in admin. */
async function page<T>(server: Child, token: string, url: string): Promise<Paged<T>> {
  const res = await fetch(`${server.baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return (await res.json()) as Paged<T>;
}

/** What the shop owner reads back from one server, keyed by what it is (the same keys on both). */
async function books(server: Child): Promise<Map<string, unknown>> {
  const { token } = await signIn(server.baseUrl);
  const out = new Map<string, unknown>();
  for (const [name, query] of Object.entries(SUMMARIES)) out.set(`resumen (${name})`, await getJson(`${server.baseUrl}/api/sales/summary${query}`, token));
  const first = await page(server, token, `/api/sales?limit=${PAGE}&page=1`);
  const last = first.pagination.totalPages;
  for (const n of new Set([1, Math.ceil(last / 2), last])) out.set(`ventas, página ${n} de ${PAGE}`, n === 1 ? first : await page(server, token, `/api/sales?limit=${PAGE}&page=${n}`));
  const stock: [number, number][] = [];
  for (let n = 1, pages = 1; n <= pages; n++) {
    const products = await page<{ id: number; stock: number }>(server, token, `/api/products?limit=10000&page=${n}`);
    pages = products.pagination.totalPages;
    stock.push(...products.data.map((p): [number, number] => [p.id, p.stock]));
  }
  out.set('stock por producto', stock.sort((a, b) => a[0] - b[0]));
  const best = ((out.get('resumen (año)') as { topProducts: { productId: number }[] }).topProducts ?? []).map((p) => p.productId);
  const others = stock.filter((_, i) => i % Math.max(1, Math.floor(stock.length / 10)) === 0).slice(0, 10).map(([id]) => id);
  for (const id of new Set([...best, ...others])) out.set(`historial de stock del producto ${id}`, await page(server, token, `/api/products/${id}/stock/history?limit=${PAGE}&page=1`));
  return out;
}

const LEDGER_BY_PRODUCT = 'SELECT product_id AS p, count(*) AS n, sum(delta) AS d FROM stock_movements GROUP BY product_id ORDER BY product_id';
const LEDGER_BY_REASON = 'SELECT reason AS r, count(*) AS n, sum(delta) AS d FROM stock_movements GROUP BY reason ORDER BY reason';
const STOCK_OFF_LEDGER = `SELECT count(*) AS n FROM products p
  WHERE p.stock <> COALESCE((SELECT sum(delta) FROM stock_movements m WHERE m.product_id = p.id), 0)`;

/** Ledger totals read by SQL on both databases (numbers as numbers), and the products whose stock is not Σ ledger on PostgreSQL. */
async function ledgers(file: string, url: string): Promise<{ sqlite: Map<string, unknown>; pg: Map<string, unknown>; offLedger: number }> {
  const sqlite = new Database(file, { readonly: true });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rowsOf = async (text: string) => (await client.query({ text, rowMode: 'array' })).rows.map((row: unknown[]) => row.map((v) => (typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v)));
    const here = (text: string) => sqlite.prepare(text).raw().all();
    return {
      sqlite: new Map([['libro por producto', here(LEDGER_BY_PRODUCT)], ['libro por motivo', here(LEDGER_BY_REASON)]]),
      pg: new Map([['libro por producto', await rowsOf(LEDGER_BY_PRODUCT)], ['libro por motivo', await rowsOf(LEDGER_BY_REASON)]]),
      offLedger: Number((await client.query(STOCK_OFF_LEDGER)).rows[0].n),
    };
  } finally {
    sqlite.close();
    await client.end();
  }
}

/** The names of the entries that differ between the two readings. */
const differences = (a: Map<string, unknown>, b: Map<string, unknown>) => [...a.keys()].filter((key) => !isDeepStrictEqual(a.get(key), b.get(key)));

export const dbCopy: Scenario = {
  name: 'db-copy',
  description: 'npm run db:copy del año de ventas a PostgreSQL, y los mismos libros en los dos servidores',
  run: async (ctx) => {
    const { summarySales } = ctx.sizes;
    const cluster = await benchCluster(ctx);
    const file = await salesFile(ctx);
    const { name, report } = await salesPg(ctx);
    const dir = workDir('db-copy', file);
    const pgDir = workDir('db-copy-pg');
    const copy = await freshPgDatabase(cluster, name);
    try {
      const read = async (databaseUrl?: string) => {
        const server = await startServer(databaseUrl ? pgDir : dir, { label: databaseUrl ? 'db-copy-pg' : 'db-copy', databaseUrl });
        try {
          return await books(server);
        } finally {
          await server.stop();
        }
      };
      const [onSqlite, onPg] = [await read(), await read(copy.url)];
      const sums = await ledgers(file, copy.url);
      const differ = [...differences(onSqlite, onPg), ...differences(sums.sqlite, sums.pg)];
      if (sums.offLedger) differ.push(`${sums.offLedger} productos con stock ≠ Σ libro en PostgreSQL`);
      const rows = report.tables.reduce((sum, t) => sum + t.rows, 0);
      const checks = onSqlite.size + sums.sqlite.size + 1;
      return [
        {
          key: 'db-copy',
          label: `db:copy de ${summarySales.toLocaleString('es-AR')} ventas a PostgreSQL (${rows.toLocaleString('es-AR')} filas, verificada), mismos libros en los dos servidores`,
          value: round(report.ms / 1000, 1),
          unit: 's',
          baseline: null,
          baselineLabel: null,
          ratio: null,
          target: `ventas, libro de stock y resumen idénticos (${checks} comparaciones)`,
          met: differ.length === 0,
          details: {
            sales: summarySales,
            rows,
            rowsPerSecond: round((rows / report.ms) * 1000, 0),
            checks,
            differences: differ.length ? differ.join('; ') : 'ninguna',
          },
        },
      ];
    } finally {
      removeWorkDir(dir);
      removeWorkDir(pgDir);
      await copy.drop();
    }
  },
};
