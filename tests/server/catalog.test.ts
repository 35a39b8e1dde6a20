import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp as buildServer } from '../../server/app';
import { productsRepository } from '../../server/modules/products/repository';
import { productSearchText, searchTerms } from '../../server/modules/products/search';
import { ledgerStock } from '../../server/modules/stock/repository';
import { buildApp, testDialect } from '../helpers/server';
import { pgPlan, sqlGet, sqlRun, sqlValue, type PgPlanNode } from '../helpers/sql';

type Item = { id: number; name: string; [k: string]: unknown };
const names = (data: Item[]) => data.map((p) => p.name);

describe('GET /products/catalog', async () => {
  let audio: number;
  let cables: number;
  const catalog = (query = '', token?: string) => s.call({ method: 'GET', url: `/api/products/catalog${query}`, token });
  const create = async (payload: object) =>
    (await s.call({ method: 'POST', url: '/api/products', token: admin, payload: { price: 100, cost: 60, stock: 3, ...payload } })).body.data;

  const { s, admin } = await buildApp();
  beforeAll(async () => {
    audio = (await s.call({ method: 'POST', url: '/api/categories', token: admin, payload: { name: 'Audio' } })).body.data.id;
    cables = (await s.call({ method: 'POST', url: '/api/categories', token: admin, payload: { name: 'Cables' } })).body.data.id;
    await create({ name: 'Cámara web Full HD 1080p', code: '7791234000011', description: 'Micrófono incorporado', categoryId: audio });
    await create({ name: 'Auriculares inalámbricos Bluetooth', description: 'Cancelación de ruido', categoryId: audio, price: '89999.9' });
    await create({ name: 'Cable HDMI 2 m', description: 'Soporta 4K al 100%', categoryId: cables });
    await create({ name: 'CÁMARA de seguridad "Domo"', categoryId: cables });
    await create({ name: 'Cámara oculta', showInCatalog: false });
    await create({ name: 'Cámara inactiva', active: false });
    const gone = await create({ name: 'Cámara eliminada' });
    await s.call({ method: 'DELETE', url: `/api/products/${gone.id}`, token: admin });
  });

  it('is public, works with or without a token (even a stale one), and never returns the cost', async () => {
    const anon = await catalog();
    expect(anon.status).toBe(200);
    expect(anon.body.success).toBe(true);
    // Ordered by name (binary, as products_catalog_idx stores it).
    expect(names(anon.body.data)).toEqual(['Auriculares inalámbricos Bluetooth', 'CÁMARA de seguridad "Domo"', 'Cable HDMI 2 m', 'Cámara web Full HD 1080p'].sort());
    expect(anon.body.pagination).toEqual({ page: 1, limit: 20, total: 4, totalItems: 4, totalPages: 1 });
    for (const item of anon.body.data) {
      expect(item).not.toHaveProperty('cost');
      expect(item).not.toHaveProperty('costCents');
    }
    expect(anon.body.data[0]).toMatchObject({ price: 89999.9, stock: 3, category: { id: audio, name: 'Audio' }, brand: null, image: null });
    const signed = await catalog('', admin);
    expect(signed.body.data).toEqual(anon.body.data);
    const stale = await catalog('', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjF9.x');
    expect(stale.status).toBe(200);
    expect(stale.body.data).toHaveLength(4);
  });

  it('searches case- and accent-insensitively over name, code and description', async () => {
    for (const term of ['camara', 'CÁMARA', 'Cámara', '  cámara  ', 'cAmArA']) {
      const res = await catalog(`?search=${encodeURIComponent(term)}`);
      expect(names(res.body.data)).toEqual(['CÁMARA de seguridad "Domo"', 'Cámara web Full HD 1080p']);
      expect(res.body.pagination.totalItems).toBe(2);
    }
    expect(names((await catalog('?search=7791234000011')).body.data)).toEqual(['Cámara web Full HD 1080p']);
    expect(names((await catalog('?search=1234000')).body.data)).toEqual(['Cámara web Full HD 1080p']);
    expect(names((await catalog('?search=microfono')).body.data)).toEqual(['Cámara web Full HD 1080p']);
    expect(names((await catalog('?search=RUIDO%20inalambricos')).body.data)).toEqual(['Auriculares inalámbricos Bluetooth']);
    expect(names((await catalog('?search=camara%20hd')).body.data)).toEqual(['Cámara web Full HD 1080p']);
    expect(names((await catalog('?search=hd')).body.data)).toEqual(['Cable HDMI 2 m', 'Cámara web Full HD 1080p']);
    expect((await catalog('?search=camara%20teclado')).body.data).toEqual([]);
    expect((await catalog('?search=oculta')).body.data).toEqual([]);
    expect((await catalog('?search=eliminada')).body.data).toEqual([]);
    expect((await catalog('?search=inactiva')).body.data).toEqual([]);
  });

  it('treats quotes, % and FTS operators as plain text, never a 500', async () => {
    for (const term of ['"domo"', '"', 'domo"', '100%', '%', '_', 'AND', 'camara OR cable', 'NEAR(a b)', '*', '\\']) {
      const res = await catalog(`?search=${encodeURIComponent(term)}`);
      expect(res.status, term).toBe(200);
    }
    expect(names((await catalog('?search=%22domo%22')).body.data)).toEqual(['CÁMARA de seguridad "Domo"']);
    expect(names((await catalog(`?search=${encodeURIComponent('100%')}`)).body.data)).toEqual(['Cable HDMI 2 m']);
    expect(names((await catalog(`?search=${encodeURIComponent('%')}`)).body.data)).toEqual(['Cable HDMI 2 m']);
    expect((await catalog('?search=_')).body.data).toEqual([]);
    expect((await catalog('?search=camara%20OR%20cable')).body.data).toEqual([]);
    const blank = await catalog('?search=%20%20');
    expect(blank.body.pagination.total).toBe(4);
  });

  it('filters by category (an empty categoryId means all) and validates the query', async () => {
    expect(names((await catalog(`?categoryId=${cables}`)).body.data)).toEqual(['Cable HDMI 2 m', 'CÁMARA de seguridad "Domo"']);
    expect(names((await catalog(`?categoryId=${audio}&search=camara`)).body.data)).toEqual(['Cámara web Full HD 1080p']);
    expect((await catalog('?categoryId=')).body.data).toHaveLength(4);
    expect((await catalog('?categoryId=9999')).body.data).toEqual([]);
    const tooMany = await catalog('?limit=101');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('Límite');
    expect((await catalog('?page=0')).status).toBe(400);
    expect((await catalog('?categoryId=abc')).status).toBe(400);
  });
});

describe('catalogue at scale', async () => {
  const TOTAL = 3000;

  const { s } = await buildApp();
  beforeAll(async () => {
    await s.app.store.write(async (tx) => {
      for (let i = 0; i < TOTAL; i++) {
        const name = `${i % 3 === 0 ? 'Cámara' : 'Cable'} modelo ${String(i).padStart(4, '0')}`;
        const code = String(7790000000000 + i);
        await productsRepository.insert(tx, { name, code, priceCents: 1000 + i, stock: 0, showInCatalog: i % 10 !== 9, searchText: productSearchText({ name, code }) });
      }
    });
  });

  it('counts and pages every visible product exactly once, in name order', async () => {
    const visible = TOTAL - TOTAL / 10;
    const first = await s.call({ method: 'GET', url: '/api/products/catalog' });
    expect(first.body.pagination).toEqual({ page: 1, limit: 20, total: visible, totalItems: visible, totalPages: visible / 20 });
    const seen = new Set<number>();
    let previous = '';
    for (let page = 1; page <= visible / 100; page++) {
      const res = await s.call({ method: 'GET', url: `/api/products/catalog?limit=100&page=${page}` });
      expect(res.body.data).toHaveLength(100);
      for (const item of res.body.data as Item[]) {
        expect(item.name >= previous).toBe(true);
        previous = item.name;
        seen.add(item.id);
      }
    }
    expect(seen.size).toBe(visible);
    const past = await s.call({ method: 'GET', url: `/api/products/catalog?limit=100&page=${visible / 100 + 1}` });
    expect(past.body.data).toEqual([]);
    expect(past.body.pagination.total).toBe(visible);
  });

  it('counts search matches across pages', async () => {
    const res = await s.call({ method: 'GET', url: '/api/products/catalog?search=camara&limit=100&page=9' });
    const cameras = Array.from({ length: TOTAL }, (_, i) => i).filter((i) => i % 3 === 0 && i % 10 !== 9).length;
    expect(res.body.pagination).toMatchObject({ total: cameras, totalPages: Math.ceil(cameras / 100) });
    expect(res.body.data).toHaveLength(cameras - 800);
    expect(res.body.data.every((p: Item) => p.name.startsWith('Cámara'))).toBe(true);
    const one = await s.call({ method: 'GET', url: '/api/products/catalog?search=7790000001233' });
    expect(names(one.body.data)).toEqual(['Cámara modelo 1233']);
  });

  it.skipIf(testDialect === 'postgres')('searches through the FTS index without scanning the products table', async () => {
    const plan = async (search: string | undefined, categoryId?: number) => {
      const { sql, params } = await s.app.store.read(async (q) =>
        productsRepository.catalogQuery(q, { search: searchTerms(search), categoryId }, { limit: 20, offset: 0 }).toSQL(),
      );
      return (s.app.sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...(params as never[])) as { detail: string }[]).map((r) => r.detail);
    };
    for (const [search, categoryId] of [['camara', undefined], ['camara modelo', 2], ['modelo 12', undefined]] as const) {
      const steps = await plan(search, categoryId);
      expect(steps.some((d) => d.includes('products_fts'))).toBe(true);
      expect(steps.filter((d) => /^SCAN products\b(?!_fts)/.test(d))).toEqual([]);
    }
    const browse = await plan(undefined);
    expect(browse.some((d) => d.includes('products_catalog_idx'))).toBe(true);
    expect(browse.filter((d) => /^SCAN products\b/.test(d) || d.includes('TEMP B-TREE'))).toEqual([]);
  });

  it.runIf(testDialect === 'postgres')('PostgreSQL: a rare term goes through the trigram index; browsing and common terms walk products_catalog_idx in name order', async () => {
    // What autovacuum does to a table that just took 3,000 rows: its statistics, and the GIN pending list
    // merged into the index (until then the planner prices the trigram index as a read of that list).
    // With those, the planner's own choices below need no enable_seqscan = off.
    await sqlRun(s.app, 'ANALYZE products');
    await sqlValue(s.app, "SELECT gin_clean_pending_list('products_search_trgm_idx'::regclass)");
    const plan = (search?: string) => pgPlan(s.app, (q) => productsRepository.catalogQuery(q, { search: searchTerms(search) }, { limit: 20, offset: 0 }));
    const indexes = (nodes: PgPlanNode[]) => nodes.map((n) => n['Index Name']).filter(Boolean);
    const fullScans = (nodes: PgPlanNode[]) => nodes.filter((n) => n['Relation Name'] === 'products' && n['Node Type'] === 'Seq Scan');
    for (const search of ['7790000001233', 'modelo 1233', 'camara 1233']) {
      const nodes = await plan(search);
      expect(indexes(nodes), search).toContain('products_search_trgm_idx');
      expect(fullScans(nodes), search).toEqual([]);
    }
    // No search, or a term a third of the products match: the index in name order, stopping at the page
    // (no Sort of every visible product; an Incremental Sort only orders the rows of one name by id).
    for (const search of [undefined, 'camara', 'camara modelo']) {
      const nodes = await plan(search);
      expect(indexes(nodes), search).toContain('products_catalog_idx');
      expect(fullScans(nodes), search).toEqual([]);
      expect(nodes.map((n) => n['Node Type']), search).not.toContain('Sort');
    }
  });
});

describe('demo catalogue', async () => {
  const { s } = await buildApp({ env: { DEMO_DATA: 'true' } });

  it('seeds a technology-accessories shop through the stock ledger', async () => {
    const token = await s.login();
    const products = await s.call({ method: 'GET', url: '/api/products?limit=10000', token });
    const list = products.body.data as { id: number; code: string; stock: number; minStock: number; price: number; cost: number; category: unknown; brand: unknown }[];
    expect(list.length).toBeGreaterThanOrEqual(40);
    expect(list.filter((p) => p.stock === 0)).toHaveLength(2);
    expect(list.filter((p) => p.stock > 0 && p.stock <= p.minStock).length).toBeGreaterThanOrEqual(3);
    const low = await s.call({ method: 'GET', url: '/api/products?lowStock=true&limit=100', token });
    expect(low.body.pagination.total).toBeGreaterThanOrEqual(5);
    for (const p of list) {
      expect(p.code).toMatch(/^\d{13}$/);
      const digits = [...p.code].map(Number);
      const sum = digits.slice(0, 12).reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 1 : 3), 0);
      expect((10 - (sum % 10)) % 10).toBe(digits[12]);
      expect(p.price).toBeGreaterThanOrEqual(4999);
      expect(p.price).toBeLessThanOrEqual(450000);
      expect(p.cost).toBeCloseTo(p.price * 0.6, -2);
      expect(p.category).not.toBeNull();
      expect(p.brand).not.toBeNull();
      expect(await s.app.store.read((q) => ledgerStock(q, p.id))).toBe(p.stock);
    }
    const categories = await s.call({ method: 'GET', url: '/api/categories/public' });
    expect(categories.body.data.length).toBeGreaterThanOrEqual(6);
    expect(categories.body.data.length).toBeLessThanOrEqual(8);
    const brands = await s.call({ method: 'GET', url: '/api/brands', token });
    expect(brands.body.data.length).toBeGreaterThanOrEqual(6);
    expect(brands.body.data.length).toBeLessThanOrEqual(8);
    const found = await s.call({ method: 'GET', url: '/api/products/catalog?search=camara%20web' });
    expect(names(found.body.data)).toContain('Cámara web Full HD 1080p');
    const info = await sqlGet(s.app, 'SELECT business_name FROM business_info WHERE id = 1');
    expect(info).toEqual({ business_name: 'TecnoPunto Accesorios' });
  });

  it('gives every demo product a picture served from /uploads', async () => {
    const page = await s.call({ method: 'GET', url: '/api/products/catalog?limit=100' });
    const images = (page.body.data as { image: string | null }[]).map((p) => p.image);
    expect(images.every((image) => typeof image === 'string' && /^\/uploads\/[\w-]+\.webp$/.test(image))).toBe(true);
    expect(new Set(images).size).toBe(images.length);
    const picture = await s.app.inject({ method: 'GET', url: images[0]! });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect((await sharp(picture.rawPayload).metadata()).width).toBe(600);
  });

  it('does not seed again on the next start', async () => {
    const count = () => sqlValue<number>(s.app, 'SELECT count(*) AS n FROM products');
    const before = await count();
    expect(before).toBeGreaterThanOrEqual(40);
    const second = await buildServer(s.config);
    await second.close();
    expect(await count()).toBe(before);
  });
});
