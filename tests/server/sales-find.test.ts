/**
 * Sales they can find (issue #15): search by sale number, customer or product name (LIKE wildcards taken
 * literally), filter by seller and status, the count and total of the filtered period (cancelled sales
 * count but add no money), and who cancelled a sale and when.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../helpers/server';
import { sqlRun } from '../helpers/sql';

let sellerId: number;
const sales: { id: number; saleNumber: string; total: number }[] = [];

const { s, admin, seller } = await buildApp({ seller: 'marta' });
beforeAll(async () => {
  sellerId = (await s.call({ method: 'GET', url: '/api/auth/me', token: seller })).body.data.id;
  const product = async (name: string, price: number) =>
    (await s.call({ method: 'POST', url: '/api/products', token: admin, payload: { name, price, stock: 100 } })).body.data.id as number;
  const yerba = await product('Yerba 100%_pura', 3000);
  const queso = await product('Queso cremoso', 5000);
  const sell = async (token: string, productId: number, customerName?: string) =>
    (await s.call({ method: 'POST', url: '/api/sales', token, payload: { items: [{ productId, quantity: 1 }], paymentMethod: 'efectivo', customerName } })).body.data;
  sales.push(await sell(admin, yerba, 'Ramón Díaz'), await sell(seller, queso, 'Lucía Pérez'), await sell(seller, yerba), await sell(admin, queso));
  await s.call({ method: 'POST', url: `/api/sales/${sales[3].id}/cancel`, token: admin });
});

const list = async (query: string, shop = { s, admin }) => {
  const res = await shop.s.call({ method: 'GET', url: `/api/sales?limit=100&${query}`, token: shop.admin });
  expect(res.status, res.body.message).toBe(200);
  return { ids: (res.body.data as { id: number }[]).map((r) => r.id).sort(), totals: { count: res.body.pagination.total as number, total: res.body.pagination.totalAmount as number }, rows: res.body.data };
};
const ids = (...i: number[]) => i.map((n) => sales[n].id).sort();

describe('GET /sales search and filters', () => {
  it('finds by sale number, customer and product name', async () => {
    expect((await list(`search=${encodeURIComponent(sales[1].saleNumber)}`)).ids).toEqual(ids(1));
    expect((await list('search=ramón')).ids).toEqual(ids(0));
    expect((await list('search=RAMON%20DI')).ids).toEqual(ids(0));
    expect((await list('search=queso')).ids).toEqual(ids(1, 3));
    expect((await list(`search=${encodeURIComponent('100%_')}`)).ids).toEqual(ids(0, 2));
    expect((await list(`search=${encodeURIComponent('%')}`)).ids).toEqual(ids(0, 2));
  });

  it('filters by seller and status, with the count and total of the filtered period', async () => {
    expect((await list(`userId=${sellerId}`)).ids).toEqual(ids(1, 2));
    expect((await list('status=cancelado')).ids).toEqual(ids(3));
    const all = await list('');
    expect(all.totals).toEqual({ count: 4, total: 11000 });
    expect((await list(`userId=${sellerId}&search=yerba`)).totals).toEqual({ count: 1, total: 3000 });
    expect((await s.call({ method: 'GET', url: '/api/sales?userId=abc', token: admin })).status).toBe(400);
    expect((await s.call({ method: 'GET', url: `/api/sales?search=${'x'.repeat(101)}`, token: admin })).body.message).toMatch(/100 caracteres/);
  });

  it('says who cancelled a sale and when', async () => {
    const sale = (await s.call({ method: 'GET', url: `/api/sales/${sales[3].id}`, token: admin })).body.data;
    expect(sale.cancelledByName).toBe('Administrador');
    expect(sale.cancelledAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await s.call({ method: 'GET', url: `/api/sales/${sales[0].id}`, token: admin })).body.data.cancelledByName).toBeNull();
  });
});

describe('flagged sales (the dashboard notice)', () => {
  it('a flagged sale stops counting once cancelled; a payment in review still counts', async () => {
    // A shop of its own: the sales it flags and cancels would change the other tests' counts.
    const shop = await buildApp();
    const { s, admin } = shop;
    const productId = (await s.call({ method: 'POST', url: '/api/products', token: admin, payload: { name: 'Marcada', price: 10, stock: 10 } })).body.data.id;
    const sell = async () => (await s.call({ method: 'POST', url: '/api/sales', token: admin, payload: { items: [{ productId, quantity: 1 }], paymentMethod: 'efectivo' } })).body.data.id as number;
    const oversold = await sell();
    const review = await sell();
    // `true` is a boolean on PostgreSQL and 1 in SQLite's integer-mode boolean columns.
    await sqlRun(s.app, 'UPDATE sales SET flag_oversold = true WHERE id = ?', oversold);
    await sqlRun(s.app, 'UPDATE sales SET flag_payment_review = true WHERE id = ?', review);
    const flagged = async () => (await list('flagged=true', shop)).ids;
    expect(await flagged()).toEqual([oversold, review].sort());
    await s.call({ method: 'POST', url: `/api/sales/${oversold}/cancel`, token: admin });
    await s.call({ method: 'POST', url: `/api/sales/${review}/cancel`, token: admin });
    expect(await flagged()).toEqual([review]);
    expect((await list('flagged=false', shop)).ids).toContain(oversold);
  });
});
