/**
 * What SQLite does in triggers (drizzle/0001, 0004, 0010), PostgreSQL does the same (drizzle-pg/0001):
 * the same writes through the port, with the SQLite schema's tables, on a real SQLite server and a real
 * PostgreSQL database, leave the same catalogue revisions and timestamps' format, and the same sales
 * rollups (counted sales by local day, the UTC-3 fallback day, cancellations, restores and returns).
 */
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { pgStore } from '../../server/db/pg-store';
import {
  brands,
  configuration,
  productSalesDaily,
  productSalesMonthly,
  productSalesYearly,
  products,
  saleItems,
  sales,
  salesDaily,
  syncState,
  users,
} from '../../server/db/schema';
import { first, type Q, type Store } from '../../server/db/store';
import { testDatabase } from '../helpers/postgres';
import { buildApp } from '../helpers/server';

const { s } = await buildApp();
const postgres = await pgStore(await testDatabase());
afterAll(() => postgres.close());
const stores: [string, Store][] = [
  ['SQLite', s.app.store],
  ['PostgreSQL', postgres],
];

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const revisionNow = async (q: Q) => (await first(q.select().from(syncState).where(eq(syncState.id, 1))))!.revision;

/** Catalogue writes; each row's revision relative to the counter before them, and the timestamps' shape. */
async function catalogueScenario(store: Store) {
  const start = await store.read(revisionNow);
  const [{ id }] = await store.write((tx) => tx.insert(brands).values({ name: 'Marca' }).returning({ id: brands.id }));
  const brand = (when: string) => store.read(async (q) => ({ when, ...(await first(q.select().from(brands).where(eq(brands.id, id))))! }));
  const inserted = await brand('inserted');
  await store.write((tx) => tx.update(brands).set({ name: 'Marca renombrada' }).where(eq(brands.id, id)));
  const renamed = await brand('renamed');
  await store.write((tx) => tx.update(brands).set({ revision: 999_999 }).where(eq(brands.id, id)));
  const explicit = await brand('revision set explicitly');
  await store.write((tx) => tx.insert(configuration).values({ categoria: 'prueba', clave: 'k', valor: 'v' }));
  const config = await store.read((q) => first(q.select().from(configuration).where(eq(configuration.categoria, 'prueba'))));
  const end = await store.read(revisionNow);
  return {
    brand: [inserted, renamed, explicit].map((b) => ({ when: b.when, revision: b.revision === 999_999 ? 'explicit' : b.revision - start })),
    configuration: config!.revision - start,
    counter: end - start,
    timestamps: [inserted.createdAt, inserted.updatedAt, renamed.updatedAt, config!.updatedAt].map((t) => ISO.test(t)),
    updatedOnRename: renamed.updatedAt >= inserted.updatedAt,
  };
}

/** Sales written as the sales service does (sale first, then its items), then cancelled, restored and partly returned. */
async function salesScenario(store: Store) {
  const [{ userId }] = await store.write((tx) =>
    tx.insert(users).values({ username: 'rollups', passwordHash: 'x', fullName: 'Rollups' }).returning({ userId: users.id }),
  );
  const [a, b] = await store.write((tx) =>
    tx.insert(products).values([{ name: 'A', priceCents: 300 }, { name: 'B', priceCents: 400 }]).returning({ id: products.id }),
  );
  const sale = (n: number, row: Partial<typeof sales.$inferInsert>, items: [number, number, number][]) =>
    store.write(async (tx) => {
      const total = items.reduce((sum, [, qty, price]) => sum + qty * price, 0);
      const [{ id }] = await tx
        .insert(sales)
        .values({ saleNumber: `R-${n}`, userId, paymentMethod: 'efectivo', subtotalCents: total, totalCents: total, costCents: total / 2, saleDate: '2026-11-20T15:00:00.000Z', ...row })
        .returning({ id: sales.id });
      for (const [productId, quantity, unitPriceCents] of items)
        await tx.insert(saleItems).values({ saleId: id, productId, productName: 'x', quantity, unitPriceCents, subtotalCents: quantity * unitPriceCents });
      return id;
    });
  const s1 = await sale(1, { localDate: '2026-11-20' }, [[a.id, 2, 300], [b.id, 1, 400]]);
  await sale(2, { paymentMethod: 'tarjeta', localDate: null, saleDate: '2026-11-21T02:30:00.000Z' }, [[a.id, 1, 300]]);
  // Not paid yet: no revenue (domain/revenue.ts), so no rollup row.
  await sale(6, { paymentMethod: 'mercadopago', paymentStatus: 'pendiente', localDate: '2026-11-20' }, [[b.id, 3, 400]]);
  const s3 = await sale(3, { paymentStatus: 'cancelado', localDate: '2026-11-20' }, [[b.id, 5, 400]]);
  const s4 = await sale(4, { paymentMethod: 'mercadopago', localDate: '2026-12-01' }, [[a.id, 3, 300], [b.id, 2, 400]]);
  await sale(5, { localDate: '2027-01-02' }, [[b.id, 1, 400]]);
  await store.write((tx) => tx.update(sales).set({ paymentStatus: 'cancelado' }).where(eq(sales.id, s1)));
  await store.write((tx) => tx.update(sales).set({ paymentStatus: 'pagado' }).where(eq(sales.id, s3)));
  await store.write(async (tx) => {
    await tx.update(saleItems).set({ returnedQuantity: 1, returnedCents: 300 }).where(sql`${saleItems.saleId} = ${s4} AND ${saleItems.productId} = ${a.id}`);
    await tx.update(sales).set({ returnedCents: 300, returnedCostCents: 150 }).where(eq(sales.id, s4));
  });
  const name = (id: number) => (id === a.id ? 'A' : 'B');
  return store.read(async (q) => ({
    daily: await q.select().from(salesDaily).orderBy(asc(salesDaily.localDate), asc(salesDaily.paymentMethod)),
    products: (await q.select().from(productSalesDaily).orderBy(asc(productSalesDaily.localDate), asc(productSalesDaily.productId))).map((r) => ({ ...r, productId: name(r.productId) })),
    monthly: (await q.select().from(productSalesMonthly).orderBy(asc(productSalesMonthly.month), asc(productSalesMonthly.productId))).map((r) => ({ ...r, productId: name(r.productId) })),
    yearly: (await q.select().from(productSalesYearly).orderBy(asc(productSalesYearly.year), asc(productSalesYearly.productId))).map((r) => ({ ...r, productId: name(r.productId) })),
  }));
}

describe('triggers: the same effects on SQLite and PostgreSQL', () => {
  it('catalogue revisions: every insert and update takes the next value; an explicit revision is kept; ISO timestamps', async () => {
    const [onSqlite, onPostgres] = await Promise.all(stores.map(([, store]) => catalogueScenario(store)));
    expect(onSqlite).toEqual({
      brand: [
        { when: 'inserted', revision: 1 },
        { when: 'renamed', revision: 2 },
        { when: 'revision set explicitly', revision: 'explicit' },
      ],
      configuration: 3,
      counter: 3,
      timestamps: [true, true, true, true],
      updatedOnRename: true,
    });
    expect(onPostgres).toEqual(onSqlite);
  });

  it('sales rollups: paid sales by local day (UTC-3 when none), pending and cancelled off, restored on, returns netted', async () => {
    const onSqlite = await salesScenario(s.app.store);
    const onPostgres = await salesScenario(postgres);
    expect(onSqlite.daily).toEqual([
      { localDate: '2026-11-20', paymentMethod: 'efectivo', salesCount: 1, totalCents: 2000, costCents: 1000 },
      { localDate: '2026-11-20', paymentMethod: 'tarjeta', salesCount: 1, totalCents: 300, costCents: 150 },
      { localDate: '2026-12-01', paymentMethod: 'mercadopago', salesCount: 1, totalCents: 1400, costCents: 700 },
      { localDate: '2027-01-02', paymentMethod: 'efectivo', salesCount: 1, totalCents: 400, costCents: 200 },
    ]);
    expect(onSqlite.yearly).toEqual([
      { year: '2026', productId: 'A', quantity: 3, revenueCents: 900 },
      { year: '2026', productId: 'B', quantity: 7, revenueCents: 2800 },
      { year: '2027', productId: 'B', quantity: 1, revenueCents: 400 },
    ]);
    expect(onPostgres).toEqual(onSqlite);
  });
});
