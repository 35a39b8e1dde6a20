/**
 * Issue #29: a tablet that pulls ends with exactly the server's catalogue, whatever happened meanwhile and
 * wherever its cursor was. Random runs of product creates, edits and deletions, categories and brands
 * created and deleted, bulk price updates (POST /products/prices) and imports (POST /products/import),
 * all through the real routes and triggers, interleaved with tablets pulling a few pages at a time with
 * page sizes of 1 to 2,000 (most runs have changes many pages long). At the end of a run every tablet
 * (new ones from cursor 0, ones caught up at some point of the run, ones stopped in the middle of a pull)
 * pulls until the server says it has no more, and holds exactly the server's active products (with their
 * prices), categories and brands. Each run starts from an empty catalogue (the previous run's rows are
 * removed), so a pull from 0 with pages of one row stays short. The pull's queries walk their revision
 * indexes (the plan check).
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createProduct, createProducts, setProductPrice, softDeleteProduct } from '../helpers/fixtures';
import { exec, type Q } from '../../server/db/store';
import { pullRepository } from '../../server/modules/sync/pull-repository';
import { buildApp, testDialect, type Envelope } from '../helpers/server';
import { pgPlan, sqlAll, sqlRun, sqlValue } from '../helpers/sql';

const { s, admin } = await buildApp();

type Row = Record<string, unknown> & { id: number };
interface Catalogue {
  products: Map<number, string>;
  categories: Map<number, string>;
  brands: Map<number, string>;
}
interface Tablet {
  cursor: number;
  held: Catalogue;
}

const emptyCatalogue = (): Catalogue => ({ products: new Map(), categories: new Map(), brands: new Map() });
const productKey = (p: Row) => JSON.stringify([p.name, p.price, p.categoryId, p.brandId, p.active]);
const nameKey = (r: Row) => String(r.name);

/** The server's active catalogue, read straight from the database. */
async function serverCatalogue(): Promise<Catalogue> {
  const products = await sqlAll<Row>(
    s.app,
    'SELECT id, name, price_cents, category_id AS "categoryId", brand_id AS "brandId", active FROM products WHERE deleted_at IS NULL',
  );
  const named = (table: string) => sqlAll<Row>(s.app, `SELECT id, name FROM ${table} WHERE deleted_at IS NULL`);
  return {
    products: new Map(products.map((p) => [p.id, productKey({ ...p, price: Number(p.price_cents) / 100, active: Boolean(p.active) })])),
    categories: new Map((await named('categories')).map((r) => [r.id, nameKey(r)])),
    brands: new Map((await named('brands')).map((r) => [r.id, nameKey(r)])),
  };
}

const currentRevision = async () => Number(await sqlValue(s.app, 'SELECT revision FROM sync_state WHERE id = 1'));

/** One page, applied as src/offline/product-store.ts does: rows upserted, deletions removed, the cursor moved. */
async function pullPage(tablet: Tablet, limit: number): Promise<boolean> {
  const res = await s.call({ method: 'GET', url: `/api/sync/pull?since=${tablet.cursor}&limit=${limit}`, token: admin });
  expect(res.status, res.body.message).toBe(200);
  const page = res.body.data as Envelope['data'];
  expect(page.products.length + page.categories.length + page.brands.length + page.deleted.products.length + page.deleted.categories.length + page.deleted.brands.length).toBeLessThanOrEqual(limit);
  expect(page.cursor).toBeGreaterThanOrEqual(tablet.cursor);
  for (const p of page.products as Row[]) tablet.held.products.set(p.id, productKey(p));
  for (const c of page.categories as Row[]) tablet.held.categories.set(c.id, nameKey(c));
  for (const b of page.brands as Row[]) tablet.held.brands.set(b.id, nameKey(b));
  for (const id of page.deleted.products as number[]) tablet.held.products.delete(id);
  for (const id of page.deleted.categories as number[]) tablet.held.categories.delete(id);
  for (const id of page.deleted.brands as number[]) tablet.held.brands.delete(id);
  tablet.cursor = page.cursor;
  return page.hasMore;
}

const pageSize = fc.oneof(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 2000 }));
const pick = fc.nat();
const price = fc.integer({ min: 1, max: 999_999 }).map((c) => c / 100);

const op = fc.oneof(
  { weight: 3, arbitrary: fc.record({ t: fc.constant('create' as const), count: fc.integer({ min: 1, max: 12 }), price, category: fc.option(pick), brand: fc.option(pick) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('edit' as const), pick, price }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('delete' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('category' as const), create: fc.boolean(), pick }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('brand' as const), create: fc.boolean(), pick }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('bulk' as const), percent: fc.integer({ min: -50, max: 200 }).filter((p) => p !== 0), byCategory: fc.option(pick), share: fc.integer({ min: 1, max: 4 }) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('import' as const), creates: fc.integer({ min: 0, max: 25 }), updates: fc.integer({ min: 0, max: 25 }), price }) },
  { weight: 4, arbitrary: fc.record({ t: fc.constant('pull' as const), tablet: pick, pages: fc.integer({ min: 1, max: 4 }), limit: pageSize }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('join' as const) }) },
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

let importSeq = 0;
const BOUNDARY = '----mostrador-pull-property';
const multipart = (csv: string) => ({
  payload: Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="productos.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(csv),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]),
  headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
});

async function live(table: 'products' | 'categories' | 'brands'): Promise<number[]> {
  return (await sqlAll<{ id: number }>(s.app, `SELECT id FROM ${table} WHERE deleted_at IS NULL ORDER BY id`)).map((r) => Number(r.id));
}
const nth = <T,>(list: T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);
const money = (n: number) => n.toFixed(2).replace('.', ',');

async function apply(o: Op, tablets: Tablet[]): Promise<void> {
  switch (o.t) {
    case 'create': {
      const categoryId = o.category === null ? undefined : nth(await live('categories'), o.category);
      const brandId = o.brand === null ? undefined : nth(await live('brands'), o.brand);
      for (let i = 0; i < o.count; i++) {
        const res = await s.call({ method: 'POST', url: '/api/products', token: admin, payload: { name: `Prop ${++importSeq}`, price: o.price, stock: 0, categoryId, brandId } });
        expect(res.status, res.body.message).toBe(201);
      }
      return;
    }
    case 'edit': {
      const id = nth(await live('products'), o.pick);
      if (id !== undefined) await setProductPrice(s.app, id, o.price);
      return;
    }
    case 'delete': {
      const id = nth(await live('products'), o.pick);
      if (id !== undefined) await softDeleteProduct(s.app, id);
      return;
    }
    case 'category':
    case 'brand': {
      const url = o.t === 'category' ? '/api/categories' : '/api/brands';
      const id = nth(await live(o.t === 'category' ? 'categories' : 'brands'), o.pick);
      if (o.create || id === undefined) {
        expect((await s.call({ method: 'POST', url, token: admin, payload: { name: `${o.t} ${++importSeq}` } })).status).toBe(201);
      } else {
        // A category or brand still in use is refused (409): the catalogue stays as it was.
        expect([200, 409]).toContain((await s.call({ method: 'DELETE', url: `${url}/${id}`, token: admin })).status);
      }
      return;
    }
    case 'bulk': {
      const categoryId = o.byCategory === null ? undefined : nth(await live('categories'), o.byCategory);
      const ids = (await live('products')).filter((_, i) => i % o.share === 0);
      const payload = categoryId ? { scope: 'category', categoryId } : { scope: 'selection', productIds: ids };
      if (!categoryId && ids.length === 0) return;
      const res = await s.call({ method: 'POST', url: '/api/products/prices', token: admin, payload: { ...payload, mode: 'percent', value: o.percent, rounding: 'none' } });
      expect(res.status, res.body.message).toBe(200);
      return;
    }
    case 'import': {
      const codes = (await sqlAll<{ code: string }>(s.app, "SELECT code FROM products WHERE deleted_at IS NULL AND code LIKE 'IMP-%' ORDER BY id")).map((r) => r.code);
      const lines = ['Código;Nombre;Precio;Stock'];
      for (const code of codes.slice(0, o.updates)) lines.push(`${code};Importado ${code};${money(o.price + importSeq)};0`);
      for (let i = 0; i < o.creates; i++) lines.push(`IMP-${++importSeq};Nuevo ${importSeq};${money(o.price)};0`);
      if (lines.length === 1) return;
      const csv = lines.join('\r\n');
      const preview = await s.call({ method: 'POST', url: '/api/products/import/preview', token: admin, ...multipart(csv) });
      expect(preview.status, preview.body.message).toBe(200);
      if (preview.body.data.creates + preview.body.data.updates === 0) return;
      const applied = await s.call({ method: 'POST', url: `/api/products/import?fingerprint=${preview.body.data.fingerprint}`, token: admin, ...multipart(csv) });
      expect(applied.status, applied.body.message).toBe(200);
      return;
    }
    case 'pull': {
      const tablet = tablets[o.tablet % tablets.length];
      for (let i = 0; i < o.pages; i++) if (!(await pullPage(tablet, o.limit))) return;
      return;
    }
    case 'join': {
      // A tablet caught up at this point: it holds exactly the server's catalogue at this revision.
      tablets.push({ cursor: await currentRevision(), held: await serverCatalogue() });
      return;
    }
  }
}

/** Removes the previous run's catalogue (no sale refers to it), so each run starts empty. */
async function emptyTheCatalogue(): Promise<void> {
  for (const table of ['stock_movements', 'products', 'categories', 'brands']) await sqlRun(s.app, `DELETE FROM ${table}`);
}

/**
 * `count` products in one statement (search_text left empty to keep it quick). On PostgreSQL the rows take
 * a block of revisions reserved at once, as a bulk price update does: a trigger per row moving sync_state
 * thousands of times in one unit is quadratic there.
 */
async function insertProducts(count: number, priceCents: number, categoryId: number | null): Promise<void> {
  if (testDialect === 'postgres') {
    // One unit (DDL is transactional on PostgreSQL): the block of revisions is reserved under the
    // sync_state row lock, and a failure rolls the trigger back on, so no later insert ever goes unstamped.
    await s.app.store.write(async (tx) => {
      await exec(tx, sql.raw('ALTER TABLE products DISABLE TRIGGER products_revision_ai'));
      await exec(
        tx,
        sql`WITH block AS (UPDATE sync_state SET revision = revision + ${count} WHERE id = 1 RETURNING revision - ${count} AS base)
            INSERT INTO products (name, price_cents, search_text, category_id, revision)
            SELECT 'Masivo ' || i, ${priceCents}, '', ${categoryId}, block.base + i FROM block, generate_series(1, ${count}) i`,
      );
      await exec(tx, sql.raw('ALTER TABLE products ENABLE TRIGGER products_revision_ai'));
    });
  } else {
    await sqlRun(
      s.app,
      "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) INSERT INTO products (name, price_cents, search_text, category_id) SELECT 'Masivo ' || i, ?, '', ? FROM n",
      count,
      priceCents,
      categoryId,
    );
  }
}

const asMaps = (c: Catalogue) => ({ products: Object.fromEntries(c.products), categories: Object.fromEntries(c.categories), brands: Object.fromEntries(c.brands) });

describe('GET /sync/pull: property', () => {
  it('a tablet pulling from any cursor ends with exactly the server active catalogue and prices', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), fc.array(pageSize, { minLength: 1, maxLength: 3 }), async (ops, finalLimits) => {
        await emptyTheCatalogue();
        const tablets: Tablet[] = [{ cursor: 0, held: emptyCatalogue() }, { cursor: await currentRevision(), held: await serverCatalogue() }];
        for (const o of ops) await apply(o, tablets);
        const expected = asMaps(await serverCatalogue());
        for (const [i, tablet] of tablets.entries()) {
          const limit = finalLimits[i % finalLimits.length];
          while (await pullPage(tablet, limit));
          expect(asMaps(tablet.held)).toEqual(expected);
        }
      }),
      { numRuns: 8 },
    );
    // 5–12 s alone; the time covers a run beside the e2e half on two busy cores (a timeout would leave
    // the runs going on under the next test).
  }, 240_000);

  it('a +10 % update on 2,500 products reaches a caught-up tablet and a new one whole, in pages of 2,000', async () => {
    await emptyTheCatalogue();
    const categoryId = (await s.call({ method: 'POST', url: '/api/categories', token: admin, payload: { name: 'Almacén' } })).body.data.id;
    await insertProducts(2500, 1000, categoryId);
    await createProduct(s.app.store, { price: 1 });
    expect(Number(await sqlValue(s.app, 'SELECT count(*) FROM products WHERE category_id = ?', categoryId))).toBe(2500);
    const caughtUp: Tablet = { cursor: 0, held: emptyCatalogue() };
    while (await pullPage(caughtUp, 2000));
    const res = await s.call({ method: 'POST', url: '/api/products/prices', token: admin, payload: { scope: 'category', categoryId, mode: 'percent', value: 10, rounding: 'none' } });
    expect(res.body.data.updated).toBe(2500);
    const fresh: Tablet = { cursor: 0, held: emptyCatalogue() };
    for (const tablet of [caughtUp, fresh]) {
      while (await pullPage(tablet, 2000));
      expect(tablet.held.products.size).toBe(2501);
      expect([...tablet.held.products.values()].filter((p) => JSON.parse(p)[1] === 11).length).toBe(2500);
    }
    expect(asMaps(caughtUp.held)).toEqual(asMaps(await serverCatalogue()));
  });

  it('the migration to unique revisions re-stamps the rows an import or a bulk update stamped with one revision', async () => {
    await emptyTheCatalogue();
    const ids = await createProducts(s.app.store, 30, { price: 5 });
    const alone = await createProduct(s.app.store, { price: 6 });
    // The database as the old bulk update left it: the plain index, and 30 rows under one new revision.
    for (const table of ['brands', 'categories', 'products']) {
      await sqlRun(s.app, `DROP INDEX ${table}_revision_idx`);
      await sqlRun(s.app, `CREATE INDEX ${table}_revision_idx ON ${table} (revision)`);
    }
    const shared = (await currentRevision()) + 1;
    await sqlRun(s.app, 'UPDATE sync_state SET revision = ? WHERE id = 1', shared);
    await sqlRun(s.app, `UPDATE products SET revision = ?, price_cents = 550 WHERE id IN (${ids.map(() => '?').join(',')})`, shared, ...ids);
    const aloneRevision = Number(await sqlValue(s.app, 'SELECT revision FROM products WHERE id = ?', alone));
    // A tablet whose page of 11 ended inside the shared revision (the old code lost the rest of its rows).
    const tablet: Tablet = { cursor: 0, held: emptyCatalogue() };
    await pullPage(tablet, 11);
    expect(tablet.cursor).toBe(shared);
    expect(tablet.held.products.size).toBeLessThan(31);
    expect(await pullPage(tablet, 11)).toBe(false);
    expect(tablet.held.products.size).toBeLessThan(31);

    const file = testDialect === 'postgres' ? 'drizzle-pg/0002_unique_row_revisions.sql' : 'drizzle/0012_unique_row_revisions.sql';
    const statements = readFileSync(file, 'utf8').split('--> statement-breakpoint').map((sql) => sql.replace(/^--.*$/gm, '').trim());
    for (const statement of statements) await sqlRun(s.app, statement);

    const revisions = await sqlAll<{ id: number; revision: number }>(s.app, 'SELECT id, revision FROM products');
    expect(new Set(revisions.map((r) => r.revision)).size).toBe(31);
    expect(Number(revisions.find((r) => Number(r.id) === alone)?.revision)).toBe(aloneRevision);
    expect(revisions.filter((r) => Number(r.id) !== alone).every((r) => Number(r.revision) > shared)).toBe(true);
    while (await pullPage(tablet, 11));
    expect(asMaps(tablet.held)).toEqual(asMaps(await serverCatalogue()));
    expect(tablet.held.products.size).toBe(31);
    // The unique indexes are back: one revision for two rows is refused.
    await expect(sqlRun(s.app, 'UPDATE products SET revision = ? WHERE id IN (?, ?)', shared + 10_000, ids[0], ids[1])).rejects.toThrow();
  });

  it('with 50,000 products each table of a page walks its revision index from the cursor, stopping at the page', async () => {
    await emptyTheCatalogue();
    await insertProducts(50_000, 300, null);
    if (testDialect === 'postgres') await sqlRun(s.app, 'ANALYZE products');
    expect(Number(await sqlValue(s.app, 'SELECT count(*) FROM products'))).toBe(50_000);
    const now = await currentRevision();
    for (const since of [0, now - 3000, now - 10]) {
      const queries = {
        products: (q: Q) => pullRepository.products(q, since, 2001),
        categories: (q: Q) => pullRepository.categories(q, since, 2001),
        brands: (q: Q) => pullRepository.brands(q, since, 2001),
      };
      for (const [table, query] of Object.entries(queries)) {
        if (testDialect === 'postgres') {
          // The few categories and brands of a test would rather be scanned: there the check is that the index serves the query at all.
          const nodes = await pgPlan(s.app, query, { seqscanOff: table !== 'products' });
          expect(nodes.map((n) => n['Index Name']).filter(Boolean), table).toEqual([`${table}_revision_idx`]);
          if (table === 'products') expect(nodes.map((n) => n['Node Type']), `${since}`).toEqual(['Limit', 'Index Scan']);
        } else {
          const { sql, params } = await s.app.store.read(async (q) => query(q).toSQL());
          const steps = (s.app.sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...(params as never[])) as { detail: string }[]).map((r) => r.detail);
          expect(steps, table).toEqual([`SEARCH ${table} USING INDEX ${table}_revision_idx (revision>?)`]);
        }
      }
    }
  });
});
