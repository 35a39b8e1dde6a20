import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '../../domain/constants';
import { brands, businessInfo, categories } from '../../server/db/schema';
import { createProduct, createProducts, pushedSale, setProductPrice, softDeleteProduct } from '../helpers/fixtures';
import { buildApp, type Envelope, type TestDevice } from '../helpers/server';
import { sqlValue } from '../helpers/sql';

let token: string;
let device: TestDevice;

const { s } = await buildApp();
beforeAll(async () => {
  token = await s.sellerToken('caja');
  device = await s.registerDevice(token);
});

const pull = (query: string) => s.call({ method: 'GET', url: `/api/sync/pull?${query}`, token });

async function pullAll(since: number): Promise<{ pages: Envelope['data'][]; cursor: number }> {
  const pages = [];
  let cursor = since;
  for (;;) {
    const res = await pull(`since=${cursor}`);
    expect(res.status).toBe(200);
    pages.push(res.body.data);
    cursor = res.body.data.cursor;
    if (!res.body.data.hasMore) return { pages, cursor };
  }
}

/** Each test starts from a device that is up to date: the cursor after everything there is now (any test order). */
let known = 0;
async function caughtUp(): Promise<number> {
  known = (await pullAll(known)).cursor;
  return known;
}

describe('GET /sync/pull', () => {

  it('a first pull from cursor 0 returns the whole catalogue across pages', async () => {
    const productIds = await createProducts(s.app.store, 4500, { price: 99.9, cost: 50, stock: 7 });
    const { pages, cursor: last } = await pullAll(0);
    // 4,500 products (and the few the file's other tests made, in any order) in pages of at most 2,000 rows.
    expect(pages).toHaveLength(3);
    expect(pages.map((p) => p.hasMore)).toEqual([true, true, false]);
    const pulled = pages.flatMap((p) => p.products);
    expect(pulled).toHaveLength(Number(await sqlValue(s.app, 'select count(*) n from products where deleted_at is null')));
    const pulledIds = new Set(pulled.map((p: { id: number }) => p.id));
    expect(pulledIds.size).toBe(pulled.length);
    for (const id of productIds) expect(pulledIds.has(id)).toBe(true);
    for (const page of pages) expect(page.products.length + page.categories.length + page.brands.length).toBeLessThanOrEqual(2000);
    expect(pulled.find((p: { id: number }) => p.id === productIds[0])).toEqual({
      id: productIds[0],
      code: expect.any(String),
      name: expect.any(String),
      description: null,
      price: 99.9,
      stock: 7,
      minStock: 5,
      categoryId: null,
      brandId: null,
      image: null,
      active: true,
      showInCatalog: true,
      ivaRate: 21,
    });
    expect(pulled[0].cost).toBeUndefined();
    expect(pages[0].numbering).toBeUndefined(); // the device never reads it (issue #17)
    expect(pages[0].businessInfo).toMatchObject({ businessName: '' });
    const nothing = await pull(`since=${last}`);
    expect(nothing.body.data).toMatchObject({ products: [], categories: [], brands: [], businessInfo: null, cursor: last, hasMore: false });
  });

  it('after one product edit, returns just that product', async () => {
    const id = await createProduct(s.app.store, { price: 10 });
    const cursor = await caughtUp();
    await setProductPrice(s.app, id, 123.45);
    const before = Date.now();
    const res = await pull(`since=${cursor}`);
    expect(res.body.data.products).toEqual([expect.objectContaining({ id, price: 123.45 })]);
    expect(res.body.data.hasMore).toBe(false);
    // The server's clock, for the counter's clock warning (issue #29).
    expect(Date.parse(res.body.data.serverTime)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(res.body.data.serverTime)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(res.body.data.cursor).toBeGreaterThan(cursor);
  });

  it('a deleted product, category or brand comes back as a tombstone', async () => {
    const productId = await createProduct(s.app.store, { price: 10 });
    let cursor = await caughtUp();
    const [category] = await s.app.store.write((tx) => tx.insert(categories).values({ name: 'Cables' }).returning());
    const [brand] = await s.app.store.write((tx) => tx.insert(brands).values({ name: 'Genérica' }).returning());
    const added = await pull(`since=${cursor}`);
    expect(added.body.data.categories).toEqual([{ id: category.id, name: 'Cables', description: null, order: 0, isActive: true }]);
    expect(added.body.data.brands).toEqual([{ id: brand.id, name: 'Genérica', description: null, isActive: true }]);
    cursor = added.body.data.cursor;
    await softDeleteProduct(s.app, productId);
    await s.app.store.write((tx) => tx.update(categories).set({ deletedAt: new Date().toISOString() }).where(eq(categories.id, category.id)));
    await s.app.store.write((tx) => tx.update(brands).set({ deletedAt: new Date().toISOString() }).where(eq(brands.id, brand.id)));
    const res = await pull(`since=${cursor}`);
    expect(res.body.data.products).toEqual([]);
    expect(res.body.data.categories).toEqual([]);
    expect(res.body.data.deleted).toEqual({ products: [productId], categories: [category.id], brands: [brand.id] });
  });

  it('a sale pushed without a cursor: the pull sends the new stock of what it sold, and no numbering', async () => {
    const id = await createProduct(s.app.store, { stock: 10 });
    const cursor = await caughtUp();
    const me = (await s.call({ method: 'GET', url: '/api/auth/me', token })).body.data.id;
    const sale = pushedSale(1, [{ productId: id, quantity: 3, unitPrice: 100 }], { sellerId: me });
    const pushed = await s.call({ method: 'POST', url: '/api/sync/push', headers: device.headers, payload: { deviceId: device.id, schemaVersion: SYNC_SCHEMA_VERSION, sales: [sale] } });
    expect(pushed.body.data.catalog).toBeNull();
    const res = await pull(`since=${cursor}`);
    expect(res.body.data.products).toEqual([expect.objectContaining({ id, stock: 7 })]);
    expect(res.body.data.numbering).toBeUndefined();
  });

  it("a push whose only catalogue changes are its own sales carries them back; a change elsewhere means «pull»", async () => {
    const [a, b, elsewhere] = [await createProduct(s.app.store, { stock: 10 }), await createProduct(s.app.store, { stock: 5 }), await createProduct(s.app.store, { price: 10 })];
    const cursor = await caughtUp();
    const me = (await s.call({ method: 'GET', url: '/api/auth/me', token })).body.data.id;
    const push = (seq: number, since: number) =>
      s.call({
        method: 'POST',
        url: '/api/sync/push',
        headers: device.headers,
        payload: { deviceId: device.id, schemaVersion: SYNC_SCHEMA_VERSION, since, sales: [pushedSale(seq, [{ productId: a, quantity: 2, unitPrice: 100 }, { productId: b, quantity: 1, unitPrice: 50 }], { sellerId: me })] },
      });
    const first = await push(100, cursor);
    expect(first.status).toBe(200);
    expect(first.body.data.results[0].status).toBe('applied');
    const echo = first.body.data.catalog;
    expect(echo.cursor).toBeGreaterThan(cursor);
    expect(echo.stock).toEqual(expect.arrayContaining([{ id: a, stock: 8 }, { id: b, stock: 4 }]));
    // Nothing else changed: pulling from the echoed cursor brings nothing.
    expect((await pull(`since=${echo.cursor}`)).body.data).toMatchObject({ products: [], cursor: echo.cursor, hasMore: false });

    await setProductPrice(s.app, elsewhere, 77); // an edit elsewhere
    const second = await push(101, echo.cursor);
    expect(second.body.data.results[0].status).toBe('applied');
    expect(second.body.data.catalog).toBeNull();
    const changed = await pull(`since=${echo.cursor}`);
    expect(changed.body.data.products).toEqual(expect.arrayContaining([expect.objectContaining({ id: elsewhere, price: 77 }), expect.objectContaining({ id: a, stock: 6 })]));
  });

  it('sends the business info when it changes', async () => {
    const cursor = await caughtUp();
    await s.app.store.write((tx) => tx.update(businessInfo).set({ businessName: 'Kiosco Don Pepe' }).where(eq(businessInfo.id, 1)));
    const res = await pull(`since=${cursor}`);
    expect(res.body.data.businessInfo).toMatchObject({ businessName: 'Kiosco Don Pepe', cuit: null });
    expect(res.body.data.businessInfo.revision).toBeUndefined();
  });

  it('pages by a smaller limit and records the device that pulls', async () => {
    await createProducts(s.app.store, 150, { price: 5 });
    const res = await s.call({ method: 'GET', url: '/api/sync/pull?since=0&limit=100', headers: device.headers });
    expect(res.body.data.products.length).toBeLessThanOrEqual(100);
    expect(res.body.data.hasMore).toBe(true);
    const admin = await s.login();
    const devices = await s.call({ method: 'GET', url: '/api/sync/devices', token: admin });
    const mine = devices.body.data.find((d: { id: string }) => d.id === device.id);
    expect(mine).toMatchObject({ name: 'Caja de prueba', user: { fullName: 'Vendedor caja' } });
    expect(mine.lastPullAt).toBeTruthy();
  });

  it('refuses a bad cursor or limit in Spanish, and a missing session', async () => {
    for (const query of ['since=-1', 'since=abc', 'limit=0', 'limit=2001']) {
      const res = await pull(query);
      expect(res.status, query).toBe(400);
      expect(res.body.success).toBe(false);
    }
    expect((await pull('since=abc')).body.message).toContain('Cursor');
    const anonymous = await s.call({ method: 'GET', url: '/api/sync/pull?since=0' });
    expect(anonymous.status).toBe(401);
  });
});
