/**
 * The demo shop on PostgreSQL (issue #20: `DATABASE_URL=postgres://… npm start` runs the demo shop): a
 * server on a fresh PostgreSQL database with DEMO_DATA on seeds the business, the demo catalogue and its
 * pictures; an accented, upper-case search finds the same products as the same server on SQLite; and a
 * sale is invoiced by the in-process ARCA simulator (demo mode: no credentials).
 */
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../helpers/postgres';
import { buildApp, closeWithScope, type TestServer } from '../helpers/server';
import { generate, paidSale } from './arca/harness';

const database = await freshDatabase();
closeWithScope(database.drop);
const { s: pg, admin } = await buildApp({ config: { databaseUrl: database.url }, env: { DEMO_DATA: 'true' } });
// The same demo shop on SQLite, to compare searches with (databaseUrl null is the SQLite file, whatever TEST_DIALECT says).
const { s: sqlite } = await buildApp({ config: { databaseUrl: null }, env: { DEMO_DATA: 'true' } });

/** The demo catalogue's products matching `search`: the sale test's own articles ("Art xxxxxx", arca/harness.ts) are left out. */
const catalogue = async (s: TestServer, search = '') => {
  const res = await s.call({ method: 'GET', url: `/api/products/catalog?limit=100&search=${encodeURIComponent(search)}` });
  expect(res.status).toBe(200);
  return (res.body.data as { id: number; name: string; image: string | null; price: number }[]).filter((p) => !/^Art [a-z0-9]+$/.test(p.name));
};

describe('the demo shop on PostgreSQL', () => {
  it('runs on PostgreSQL, with the demo business and catalogue, each product with its picture', async () => {
    expect(pg.app.store.dialect).toBe('postgres');
    expect(sqlite.app.store.dialect).toBe('sqlite');
    const info = await pg.call({ method: 'GET', url: '/api/business-info' });
    expect(info.body.data.businessName).toBe('TecnoPunto Accesorios');
    const products = await catalogue(pg);
    expect(products.length).toBeGreaterThanOrEqual(40);
    expect(products.map((p) => p.name)).toEqual((await catalogue(sqlite)).map((p) => p.name));
    expect(products.find((p) => p.name === 'Cámara web Full HD 1080p')).toMatchObject({ price: 84999 });
    for (const p of products) {
      expect(p.image).toMatch(/^\/uploads\//);
      const picture = await pg.app.inject({ method: 'GET', url: p.image! });
      expect(picture.statusCode).toBe(200);
    }
  });

  it.each(['CÁMARA web', 'camara WEB', 'Batería 20.000', 'teclado ESPAÑOL', 'Lápiz TÁCTIL', 'usb c', 'wi fi', 'hdmi 2 m', 'ñ', '60 %', 'inexistente'])(
    'a search for %j finds the same products as on SQLite',
    async (query) => {
      const found = (await catalogue(pg, query)).map((p) => p.name);
      expect(found).toEqual((await catalogue(sqlite, query)).map((p) => p.name));
      if (query === 'CÁMARA web') expect(found).toEqual(['Cámara web Full HD 1080p', 'Cámara web HD 720p']);
      if (query === 'inexistente') expect(found).toEqual([]);
    },
  );

  it('the admin product list searches the same way', async () => {
    const res = await pg.call({ method: 'GET', url: `/api/products?search=${encodeURIComponent('AURICULARES bluetooth')}`, token: admin });
    expect(res.body.data.map((p: { name: string }) => p.name)).toEqual(['Auriculares inalámbricos Bluetooth']);
  });

  it('a sale is invoiced by the ARCA simulator, with a CAE', async () => {
    const status = await pg.call({ method: 'GET', url: '/api/invoices/status', token: admin });
    expect(status.body.data).toMatchObject({ configured: true, simulator: true });
    const saleId = await paidSale(pg, admin, [{ price: 1500, quantity: 2 }]);
    const res = await generate(pg, admin, saleId);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'autorizada', simulator: true, cae: expect.stringMatching(/^\d{14}$/) });
    const again = await generate(pg, admin, saleId);
    expect(again.body.data.cae).toBe(res.body.data.cae);
  });
});
