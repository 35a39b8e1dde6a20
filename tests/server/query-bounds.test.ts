/**
 * Limits that protect the server (issue #30 item 6): `endDate=9999-12-31` (or `startDate=1900-01-01`)
 * alone on any GET route must give a bounded reply or a Spanish 400 naming the field, and any page size
 * beyond a list's maximum a Spanish 400. The routes come from the server's route table and their query
 * parameters from /api/docs (both built from domain/api), so a route added later is checked too.
 */
import { describe, expect, it } from 'vitest';
import { EXPORT_DATASETS } from '../../domain/schemas/exports';
import { buildApp } from '../helpers/server';

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
