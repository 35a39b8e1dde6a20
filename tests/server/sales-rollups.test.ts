/**
 * The sales rollups (sales_daily, product_sales_{daily,monthly,yearly}) are kept by the triggers of
 * drizzle/0014_revenue_paid_not_refunded.sql (drizzle-pg/0004 on PostgreSQL): a paid sale written with bare
 * SQL (no recordSale) is counted, a pending one is not (revenue: domain/revenue.ts), a cancellation or a
 * refund takes it out and a restored status (or pendiente → pagado) puts it back; the
 * summary's rollup queries search the rollups' primary keys and never scan sales or sale_items.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { rollupSummaryQueries } from '../../server/modules/sales/rollup-repository';
import { rollupRanges, type Span } from '../../server/modules/sales/rollup-ranges';
import { createProduct } from '../helpers/fixtures';
import { buildApp, testDialect } from '../helpers/server';
import { pgPlan, sqlAll, sqlReturning, sqlRun } from '../helpers/sql';

let mate: number;
let yerba: number;

const { s, admin } = await buildApp();
beforeAll(async () => {
  mate = await createProduct(s.app.store, { name: 'Mate rollup', price: 1000, cost: 400, stock: 100 });
  yerba = await createProduct(s.app.store, { name: 'Yerba rollup', price: 300, cost: 100, stock: 100 });
});

let seq = 0;
/** A sale and its items written with bare SQL, as the bench generator does; localDate null = left to the trigger's fallback. */
async function insertRaw(saleDate: string, localDate: string | null, method: string, status: string, lines: [number, number, number][]) {
  const total = lines.reduce((sum, [, quantity, price]) => sum + quantity * price, 0);
  const [{ id }] = await sqlReturning<{ id: number }>(
    s.app,
    `INSERT INTO sales (sale_number, user_id, payment_method, payment_status, subtotal_cents, total_cents, cost_cents, sale_date, local_date)
     VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    `RAW-${++seq}`,
    method,
    status,
    total,
    total,
    Math.floor(total / 3),
    saleDate,
    localDate,
  );
  for (const [productId, quantity, price] of lines) {
    await sqlRun(
      s.app,
      'INSERT INTO sale_items (sale_id, product_id, product_name, quantity, unit_price_cents, subtotal_cents) VALUES (?, ?, ?, ?, ?, ?)',
      id,
      productId,
      'x',
      quantity,
      price,
      quantity * price,
    );
  }
  return id;
}

const daily = (day: string) => sqlAll(s.app, 'SELECT payment_method, sales_count, total_cents, cost_cents FROM sales_daily WHERE local_date = ? ORDER BY 1', day);
const products = (table: string, key: string, value: string) =>
  sqlAll(s.app, `SELECT product_id, quantity, revenue_cents FROM ${table} WHERE ${key} = ? AND product_id IN (?, ?) ORDER BY 1`, value, mate, yerba);
const allProducts = (day: string, month: string, year: string) =>
  Promise.all([products('product_sales_daily', 'local_date', day), products('product_sales_monthly', 'month', month), products('product_sales_yearly', 'year', year)]);

describe('sales rollups (triggers)', () => {
  it('count a sale inserted with bare SQL, by its local day; a cancelled one is never counted', async () => {
    // 23:30 local on 2031-03-14 is already the 15th in UTC.
    await insertRaw('2031-03-15T02:30:00.000Z', '2031-03-14', 'tarjeta', 'pagado', [[mate, 2, 1000], [yerba, 1, 300]]);
    // No local_date: the trigger falls back to the shop's UTC−3 day.
    await insertRaw('2031-03-14T12:00:00.000Z', null, 'tarjeta', 'pagado', [[yerba, 3, 300]]);
    await insertRaw('2031-03-14T13:00:00.000Z', '2031-03-14', 'efectivo', 'cancelado', [[mate, 9, 1000]]);
    // Not revenue (domain/revenue.ts): the money of a pending sale has not come in.
    await insertRaw('2031-03-14T14:00:00.000Z', '2031-03-14', 'mercadopago', 'pendiente', [[mate, 4, 1000]]);
    expect(await daily('2031-03-14')).toEqual([{ payment_method: 'tarjeta', sales_count: 2, total_cents: 3200, cost_cents: 766 + 300 }]);
    expect(await daily('2031-03-15')).toEqual([]);
    const expected = [
      { product_id: mate, quantity: 2, revenue_cents: 2000 },
      { product_id: yerba, quantity: 4, revenue_cents: 1200 },
    ];
    expect(await allProducts('2031-03-14', '2031-03', '2031')).toEqual([expected, expected, expected]);
  });

  it('a cancellation subtracts the sale and its items everywhere; a restored status adds them back', async () => {
    const id = await insertRaw('2032-07-01T15:00:00.000Z', '2032-07-01', 'efectivo', 'pagado', [[mate, 1, 1000], [mate, 2, 900]]);
    const before = { daily: await daily('2032-07-01'), products: await allProducts('2032-07-01', '2032-07', '2032') };
    expect(before.daily).toEqual([{ payment_method: 'efectivo', sales_count: 1, total_cents: 2800, cost_cents: 933 }]);
    expect(before.products[2]).toEqual([{ product_id: mate, quantity: 3, revenue_cents: 2800 }]);

    const res = await s.call({ method: 'POST', url: `/api/sales/${id}/cancel`, token: admin });
    expect(res.status).toBe(200);
    expect(await daily('2032-07-01')).toEqual([]);
    expect(await allProducts('2032-07-01', '2032-07', '2032')).toEqual([[], [], []]);

    // pendiente is not revenue yet; pendiente → pagado (Mercado Pago approved) counts it, once.
    await sqlRun(s.app, `UPDATE sales SET payment_status = 'pendiente' WHERE id = ?`, id);
    expect(await daily('2032-07-01')).toEqual([]);
    await sqlRun(s.app, `UPDATE sales SET payment_status = 'pagado' WHERE id = ?`, id);
    expect(await daily('2032-07-01')).toEqual(before.daily);
    expect(await allProducts('2032-07-01', '2032-07', '2032')).toEqual(before.products);
    // A refunded payment takes it off; clearing the mark (a bare SQL fix) puts it back.
    await sqlRun(s.app, `UPDATE sales SET refunded_at = '2032-07-02T00:00:00.000Z' WHERE id = ?`, id);
    expect(await daily('2032-07-01')).toEqual([]);
    expect(await allProducts('2032-07-01', '2032-07', '2032')).toEqual([[], [], []]);
    await sqlRun(s.app, `UPDATE sales SET refunded_at = NULL WHERE id = ?`, id);
    expect(await daily('2032-07-01')).toEqual(before.daily);

    const summary = await s.call({ method: 'GET', url: '/api/sales/summary?startDate=2032-01-01&endDate=2032-12-31', token: admin });
    expect(summary.body.data).toMatchObject({
      totalSales: 1,
      totalRevenue: 28,
      topProducts: [{ productId: mate, productName: 'Mate rollup', totalQuantity: 3, totalRevenue: 28 }],
      salesByDay: [{ date: '2032-07-01', count: 1, total: 28 }],
    });
  });

  it.skipIf(testDialect === 'postgres')('the rollup queries search the rollups by primary key and never scan sales or sale_items', async () => {
    const startDay = '2023-11-15';
    const endDay = '2026-02-03';
    const ranges = rollupRanges(startDay, endDay);
    expect(ranges.years.length * ranges.months.length * ranges.days.length).toBeGreaterThan(0);
    const queries = await s.app.store.read(async (q) => rollupSummaryQueries(q, startDay, endDay, ranges));
    for (const [name, query] of Object.entries(queries)) {
      const { sql, params } = query.toSQL();
      const plan = s.app.sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...(params as unknown[])) as { detail: string }[];
      const details = plan.map((row) => row.detail).join(' | ');
      expect(details, name).not.toMatch(/\b(sales|sale_items)\b(?!_)/);
      expect(details, name).not.toMatch(/SCAN (\w+_daily|\w+_monthly|\w+_yearly|"?products"?)\b/);
      if (name === 'topProducts') {
        expect(details).toMatch(/SEARCH product_sales_yearly USING INDEX sqlite_autoindex_product_sales_yearly_1 \(year>\? AND year<\?\)/);
        expect(details).toMatch(/SEARCH product_sales_monthly USING INDEX sqlite_autoindex_product_sales_monthly_1 \(month>\? AND month<\?\)/);
        expect(details).toMatch(/SEARCH product_sales_daily USING INDEX sqlite_autoindex_product_sales_daily_1 \(local_date>\? AND local_date<\?\)/);
        expect(details).toMatch(/SEARCH products USING INTEGER PRIMARY KEY/);
      } else {
        expect(details, name).toMatch(/SEARCH sales_daily USING (COVERING )?INDEX sqlite_autoindex_sales_daily_1 \(local_date>\? AND local_date<\?\)/);
      }
    }
  });

  it.runIf(testDialect === 'postgres')('PostgreSQL: the rollup queries search the rollups by primary key and never read sales or sale_items', async () => {
    const startDay = '2023-11-15';
    const endDay = '2026-02-03';
    const ranges = rollupRanges(startDay, endDay);
    expect(ranges.years.length * ranges.months.length * ranges.days.length).toBeGreaterThan(0);
    for (const name of ['totals', 'byPaymentMethod', 'topProducts', 'byDay'] as const) {
      // The rollups of this file hold a few rows, which the planner rightly reads whole: with sequential
      // scans off (this unit only) the plan shows the primary keys serve the range searches.
      const nodes = await pgPlan(s.app, (q) => rollupSummaryQueries(q, startDay, endDay, ranges)[name], { seqscanOff: true });
      const relations = nodes.map((n) => n['Relation Name']).filter(Boolean);
      expect(relations, name).not.toContain('sales');
      expect(relations, name).not.toContain('sale_items');
      expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan'), name).toEqual([]);
      const searches = nodes.filter((n) => n['Index Cond'] && n['Index Name'] !== 'products_pkey').map((n) => [n['Index Name'], n['Index Cond']]);
      const range = (index: string, key: string) => ([from, to]: Span) => [index, `((${key} >= '${from}'::text) AND (${key} <= '${to}'::text))`];
      if (name === 'topProducts') {
        expect(searches).toEqual([
          ...ranges.years.map(range('product_sales_yearly_year_product_id_pk', 'year')),
          ...ranges.months.map(range('product_sales_monthly_month_product_id_pk', 'month')),
          ...ranges.days.map(range('product_sales_daily_local_date_product_id_pk', 'local_date')),
        ]);
        expect(nodes.map((n) => n['Index Name'])).toContain('products_pkey');
      } else {
        expect(searches, name).toEqual([range('sales_daily_local_date_payment_method_pk', 'local_date')([startDay, endDay])]);
      }
    }
  });
});
