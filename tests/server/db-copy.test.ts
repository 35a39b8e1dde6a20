/**
 * Moving a shop from SQLite to PostgreSQL (`npm run db:copy`, server/db/copy.ts), end to end on real
 * databases: a demo shop with sales pushed by a device, an online sale, a cancellation and a return is
 * copied; the PostgreSQL server then answers the same sales, stock, stock ledger and summary as the
 * SQLite one, numbers the next sale after the copied ones, and a second copy into it is refused.
 */
import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '../../domain/constants';
import { copySqliteToPostgres } from '../../server/db/copy';
import { migratePg } from '../../server/db/pg-store';
import { pushedSale } from '../helpers/fixtures';
import { freshDatabase } from '../helpers/postgres';
import { createTestServer, type TestServer } from '../helpers/server';

const run = promisify(execFile);

/** What a shop owner reads back: every sale (all pages), the products' stock, each product's ledger, the summary. */
async function books(s: TestServer) {
  const token = await s.login();
  const get = async (url: string) => {
    const res = await s.call({ method: 'GET', url, token });
    expect(res.status, url).toBe(200);
    return res.body;
  };
  const sales = (await get('/api/sales?limit=100&page=1')).data;
  const products = (await get('/api/products?limit=100&page=1')).data as { id: number; stock: number }[];
  const ledgers: Record<number, unknown> = {};
  for (const p of products.slice(0, 6)) ledgers[p.id] = (await get(`/api/products/${p.id}/stock/history?limit=100&page=1`)).data;
  const summary = (await get('/api/sales/summary')).data;
  return { sales, stock: products.map((p) => [p.id, p.stock]), ledgers, summary };
}

// The source is always SQLite (databaseUrl: null), whichever dialect the suite runs on.
const source = await createTestServer({ databaseUrl: null }, { DEMO_DATA: 'true' });
const target = await freshDatabase();
afterAll(async () => {
  await source.close();
  await target.drop();
});

describe('db:copy (SQLite → PostgreSQL)', () => {
  it('copies a shop whose PostgreSQL server then answers exactly the same books', async () => {
    const admin = await source.login();
    const device = await source.registerDevice(admin);
    const products = (await source.call({ method: 'GET', url: '/api/products?limit=5&page=1', token: admin })).body.data as { id: number; price: number }[];
    const line = (i: number, quantity: number) => ({ productId: products[i].id, quantity, unitPrice: products[i].price });
    const sales = [pushedSale(1, [line(0, 2), line(1, 1)]), pushedSale(2, [line(2, 3)], { paymentMethod: 'tarjeta', discount: 10 }), pushedSale(3, [line(0, 1)])];
    const pushed = await source.call({ method: 'POST', url: '/api/sync/push', headers: device.headers, payload: { deviceId: device.id, schemaVersion: SYNC_SCHEMA_VERSION, sales } });
    expect(pushed.body.data.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied']);
    const online = await source.call({ method: 'POST', url: '/api/sales', token: admin, payload: { items: [{ productId: products[3].id, quantity: 1 }], paymentMethod: 'efectivo' } });
    expect(online.status).toBe(201);
    const [first, second] = pushed.body.data.results as { saleId: number }[];
    expect((await source.call({ method: 'POST', url: `/api/sales/${first.saleId}/cancel`, token: admin })).status).toBe(200);
    const detail = (await source.call({ method: 'GET', url: `/api/sales/${second.saleId}`, token: admin })).body.data;
    const ret = await source.call({ method: 'POST', url: `/api/sales/${second.saleId}/returns`, token: admin, payload: { items: [{ saleItemId: detail.items[0].id, quantity: 1 }] } });
    expect(ret.status).toBe(201);
    const before = await books(source);

    await migratePg(target.url);
    const sqlite = new Database(source.config.dbFile, { readonly: true });
    const pool = new pg.Pool({ connectionString: target.url, max: 1 });
    try {
      const report = await copySqliteToPostgres(sqlite, pool);
      expect(report.tables.find((t) => t.table === 'sales')?.rows).toBe(4);
      // A second copy into the now non-empty target is refused, and changes nothing.
      await expect(copySqliteToPostgres(sqlite, pool)).rejects.toThrow(/La base de destino no está vacía/);
    } finally {
      sqlite.close();
      await pool.end();
    }

    const copy = await createTestServer({ databaseUrl: target.url });
    try {
      expect(await books(copy)).toEqual(before);
      // The next sale continues the numbering and the ids after the copied ones.
      const token = await copy.login();
      const next = await copy.call({ method: 'POST', url: '/api/sales', token, payload: { items: [{ productId: products[4].id, quantity: 1 }], paymentMethod: 'efectivo' } });
      expect(next.status).toBe(201);
      const numbers = before.sales.map((s: { saleNumber: string }) => s.saleNumber).sort();
      expect(next.body.data.saleNumber > numbers[numbers.length - 1]).toBe(true);
      expect(next.body.data.id).toBeGreaterThan(Math.max(...before.sales.map((s: { id: number }) => s.id)));
    } finally {
      await copy.close();
    }
  });

  it('the command refuses a URL that is not PostgreSQL and a target that is not empty, in Spanish', async () => {
    const script = path.resolve('scripts/db-copy.ts');
    const env = { ...process.env, DATA_DIR: source.config.dataDir };
    const wrong = await run('npx', ['tsx', script, '--to', 'mysql://x@y/z'], { env }).catch((e: { code: number; stderr: string }) => e);
    expect(wrong).toMatchObject({ code: 2, stderr: expect.stringContaining('Uso: npm run db:copy -- --to postgres://') });
    // A target of its own that already holds a shop's row (the other test's target may not be filled yet).
    const occupied = await freshDatabase();
    try {
      await migratePg(occupied.url);
      const client = new pg.Client({ connectionString: occupied.url });
      await client.connect();
      await client.query("INSERT INTO brands (name) VALUES ('Ocupada')").finally(() => client.end());
      const full = await run('npx', ['tsx', script, '--to', occupied.url], { env }).catch((e: { code: number; stderr: string }) => e);
      expect(full).toMatchObject({ code: 1, stderr: expect.stringContaining('La base de destino no está vacía') });
    } finally {
      await occupied.drop();
    }
  });
});
