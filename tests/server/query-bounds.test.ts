/**
 * Limits that protect the server (issue #30 item 6): `endDate=9999-12-31` (or `startDate=1900-01-01`)
 * alone on any GET route must give a bounded reply or a Spanish 400 naming the field, and any page size
 * beyond a list's maximum a Spanish 400. The routes come from the server's route table and their query
 * parameters from /api/docs (both built from domain/api), so a route added later is checked too.
 * And the reads that must grow with the rows they return, not with the table (issue #39 item 5), take
 * their range through an index on both dialects.
 */
import type { SQL } from 'drizzle-orm';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { LIBRO_IVA_FILES } from '../../domain/schemas/accounting';
import { EXPORT_DATASETS } from '../../domain/schemas/exports';
import type { Q } from '../../server/db/store';
import { reportQueries } from '../../server/modules/reports/repository';
import { salesRepository } from '../../server/modules/sales/repository';
import { buildApp, testDialect } from '../helpers/server';
import { pgPlan, sqlRun } from '../helpers/sql';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const { s, admin } = await buildApp();
const doc: Json = (await s.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
/** A reply of a test shop with a handful of rows: far above it only if it grows with the range. */
const BOUND_BYTES = 256 * 1024;

/** The query parameters /api/docs gives the GET route `url` (/api/products/:id → /api/products/{id}). */
function queryParams(url: string): string[] {
  const op = doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.get;
  return ((op?.parameters ?? []) as { in: string; name: string }[]).filter((p) => p.in === 'query').map((p) => p.name);
}

/** Concrete URLs of a route: path parameters filled (every export dataset; ids with 1). */
function concrete(url: string): string[] {
  if (url.includes(':dataset')) return EXPORT_DATASETS.map((d) => url.replace(':dataset', d));
  if (url.includes(':file')) return LIBRO_IVA_FILES.map((f) => url.replace(':file', f));
  return [url.replace(/:(\w+)/g, (_, name: string) => (name === 'categoria' || name === 'clave' ? 'x' : '1'))];
}

const getRoutes = () => s.app.routeTable.filter((r) => r.method === 'GET' && r.url.startsWith('/api/'));

/** A product, a sale with a return and an invoice-less history, so lists and reports have rows. */
async function seed() {
  const product = await s.call({ method: 'POST', url: '/api/products', token: admin, payload: { name: 'Yerba', price: 1000, cost: 500, stock: 50 } });
  const sale = await s.call({ method: 'POST', url: '/api/sales', token: admin, payload: { items: [{ productId: product.body.data.id, quantity: 3 }], paymentMethod: 'efectivo' } });
  expect(sale.status).toBe(201);
  await s.call({ method: 'POST', url: '/api/contact', payload: { name: 'Ana', email: 'ana@example.com', message: 'Hola, ¿tienen yerba?' } });
}
await seed();

describe('every GET route bounds dates and page sizes', () => {
  it('answers endDate=9999-12-31 (or startDate=1900-01-01) alone with a bounded reply or a Spanish 400', async () => {
    const dated = getRoutes().filter((r) => queryParams(r.url).some((p) => p === 'endDate' || p === 'startDate'));
    // The lists, the dashboard, the reports and the exports at least.
    expect(dated.map((r) => r.url)).toEqual(expect.arrayContaining(['/api/sales', '/api/sales/summary', '/api/reports/sales', '/api/exports/:dataset', '/api/invoices/list', '/api/contact/list']));
    const outcomes: string[] = [];
    for (const route of dated) {
      for (const url of concrete(route.url)) {
        for (const query of ['endDate=9999-12-31', 'startDate=1900-01-01', 'startDate=1900-01-01&endDate=9999-12-31']) {
          const res = await s.app.inject({ method: 'GET', url: `${url}?${query}`, headers: { authorization: `Bearer ${admin}` } });
          const where = `${url}?${query}`;
          if (res.statusCode === 400) {
            expect(res.json().message, where).toMatch(/^Fecha (desde|hasta): .*(días|fecha)/);
            outcomes.push(`${where} 400`);
          } else {
            expect(res.statusCode, `${where}: ${res.body.slice(0, 200)}`).toBe(200);
            expect(res.body.length, where).toBeLessThan(BOUND_BYTES);
            if (res.headers['content-type']?.toString().includes('json')) {
              const body = res.json();
              if (body.pagination) expect(body.data.length, where).toBeLessThanOrEqual(body.pagination.limit);
            }
            outcomes.push(`${where} 200`);
          }
        }
      }
    }
    // The report (one row per day) refuses an unbounded range, naming the field beyond.
    expect(outcomes).toContain('/api/reports/sales?endDate=9999-12-31 400');
    expect(outcomes).toContain('/api/reports/sales?startDate=1900-01-01 400');
    const report = await s.call({ method: 'GET', url: '/api/reports/sales?endDate=9999-12-31', token: admin });
    expect(report.body.message).toBe('Fecha hasta: el rango no puede superar 366 días');
    const fromAges = await s.call({ method: 'GET', url: '/api/reports/sales?startDate=1900-01-01', token: admin });
    expect(fromAges.body.message).toBe('Fecha desde: el rango no puede superar 366 días');
  });

  it('refuses a page size beyond each list’s maximum in Spanish', async () => {
    const paged = getRoutes().filter((r) => queryParams(r.url).includes('limit'));
    expect(paged.length).toBeGreaterThanOrEqual(6);
    for (const route of paged) {
      for (const url of concrete(route.url)) {
        const res = await s.app.inject({ method: 'GET', url: `${url}?limit=1000000`, headers: { authorization: `Bearer ${admin}` } });
        // A device route refuses before validation without its device headers; the rest name the field.
        if (res.statusCode === 401) continue;
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message, url).toMatch(/^Límite: /);
      }
    }
  });
});

describe('reports, counts and lists read their rows through an index (issue #39 item 5)', () => {
  const june = ['2025-06-01', '2025-06-30'] as const;
  /** The EXPLAIN QUERY PLAN details of a statement on the server's SQLite file, joined by " | ". */
  const sqlitePlan = (query: SQL): string => {
    const { sql: text, params } = new SQLiteSyncDialect().sqlToQuery(query);
    return (s.app.sqlite.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...(params as unknown[])) as { detail: string }[]).map((row) => row.detail).join(' | ');
  };

  it('takes the report’s sales by local day through sales_status_local_date_idx and their lines by sale, never the whole tables', async () => {
    for (const [name, build] of Object.entries(reportQueries)) {
      const query = (q: Q) => build(q, june[0], june[1], '-180 minutes');
      if (testDialect === 'sqlite') {
        const details = await s.app.store.read(async (q) => sqlitePlan(query(q)));
        expect(details, name).toMatch(/SEARCH s USING (COVERING )?INDEX sales_status_local_date_idx \(payment_status=\? AND local_date>\? AND local_date<\?\)/);
        expect(details, name).not.toMatch(/SCAN (s|i)( |$)/);
        if (details.includes(' i ')) expect(details, name).toMatch(/SEARCH i USING (COVERING )?INDEX sale_items_sale_idx \(sale_id=\?\)/);
      } else {
        // A test shop's few rows fit in a page the planner would rightly read whole: with sequential scans
        // off (this unit only) the plan shows which index bounds the range.
        const nodes = await pgPlan(s.app, query, { seqscanOff: true });
        expect(nodes.filter((n) => (n['Relation Name'] === 'sales' || n['Relation Name'] === 'sale_items') && n['Node Type'] === 'Seq Scan'), name).toEqual([]);
        const bounded = nodes.filter((n) => n['Index Name'] === 'sales_status_local_date_idx');
        // byProduct reads the range twice: every line, and the lines of the sales that may carry a discount.
        expect(bounded.length, name).toBeGreaterThan(0);
        for (const node of bounded) expect(String(node['Index Cond']), name).toMatch(/local_date >= '2025-06-01'.*local_date <= '2025-06-30'/);
      }
    }
  });

  it('searches sales through their trigram indexes, never a scan of every sale or line (3+ characters)', async () => {
    for (const build of [(q: Q) => salesRepository.countQuery(q, { search: 'Yerba' }), (q: Q) => salesRepository.listQuery(q, { search: 'Yerba' }, 0, 20)]) {
      if (testDialect === 'sqlite') {
        const details = await s.app.store.read(async (q) => sqlitePlan(build(q).getSQL()));
        expect(details).toMatch(/SCAN sales_fts VIRTUAL TABLE INDEX \d+:M/);
        expect(details).toMatch(/SCAN sale_items_fts VIRTUAL TABLE INDEX \d+:M/);
        expect(details).not.toMatch(/SCAN (sales|sale_items)( |$)/);
      } else {
        const nodes = await pgPlan(s.app, build, { seqscanOff: true });
        expect(nodes.filter((n) => (n['Relation Name'] === 'sales' || n['Relation Name'] === 'sale_items') && n['Node Type'] === 'Seq Scan')).toEqual([]);
        expect(nodes.map((n) => n['Index Name'])).toEqual(expect.arrayContaining(['sales_number_trgm_idx', 'sales_customer_trgm_idx', 'sale_items_product_trgm_idx']));
      }
    }
    // And it finds the sale of seed() by its product, folded.
    expect((await s.call({ method: 'GET', url: '/api/sales?search=YERBA', token: admin })).body.pagination.total).toBe(1);
  });

  it('counts the sales to review from sales_review_date_idx (the flagged few), never by a scan of every sale', async () => {
    const query = (q: Q) => salesRepository.countQuery(q, { flagged: true });
    if (testDialect === 'sqlite') {
      const details = await s.app.store.read(async (q) => sqlitePlan(query(q).getSQL()));
      expect(details).toMatch(/(SCAN|SEARCH) sales USING (COVERING )?INDEX sales_review_date_idx/);
      expect(details).not.toMatch(/SCAN sales( \||$)/);
    } else {
      const nodes = await pgPlan(s.app, query, { seqscanOff: true });
      expect(nodes.filter((n) => n['Relation Name'] === 'sales' && n['Node Type'] === 'Seq Scan')).toEqual([]);
      expect(nodes.map((n) => n['Index Name'])).toContain('sales_review_date_idx');
    }
    // And the count is right: the sale of seed() needs no review; a flagged one does, a cancelled oversold one does not.
    const flagged = async () => (await s.call({ method: 'GET', url: '/api/sales?flagged=true', token: admin })).body.pagination.total as number;
    expect(await flagged()).toBe(0);
    const yes = testDialect === 'postgres' ? 'true' : '1';
    await sqlRun(s.app, `UPDATE sales SET flag_oversold = ${yes} WHERE id = (SELECT MIN(id) FROM sales)`);
    expect(await flagged()).toBe(1);
    await sqlRun(s.app, `UPDATE sales SET payment_status = 'cancelado' WHERE id = (SELECT MIN(id) FROM sales)`);
    expect(await flagged()).toBe(0);
    await sqlRun(s.app, `UPDATE sales SET flag_payment_review = ${yes} WHERE id = (SELECT MIN(id) FROM sales)`);
    expect(await flagged()).toBe(1);
  });
});
