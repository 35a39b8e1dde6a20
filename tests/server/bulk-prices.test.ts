/**
 * Bulk price update (issue #15): percentage or amount with rounding, by category / brand / selection;
 * the preview equals what is applied; only the products in scope change, each under a revision of its own
 * (issue #29); a price
 * that would go negative refuses everything.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { newPriceCents, roundPrice } from '../../domain/price-update';
import { buildApp } from '../helpers/server';
import { sqlGet } from '../helpers/sql';

let categoryId: number;
let otherCategoryId: number;
let brandId: number;

const { s, admin } = await buildApp();
beforeAll(async () => {
  categoryId = (await s.call({ method: 'POST', url: '/api/categories', token: admin, payload: { name: 'Bebidas' } })).body.data.id;
  otherCategoryId = (await s.call({ method: 'POST', url: '/api/categories', token: admin, payload: { name: 'Almacén' } })).body.data.id;
  brandId = (await s.call({ method: 'POST', url: '/api/brands', token: admin, payload: { name: 'Marolio' } })).body.data.id;
});

const create = async (payload: object) =>
  (await s.call({ method: 'POST', url: '/api/products', token: admin, payload: { stock: 1, ...payload } })).body.data.id as number;
const priceRow = async (id: number) => (await sqlGet(s.app, 'SELECT price_cents AS price, revision FROM products WHERE id = ?', id)) as { price: number; revision: number };

describe('rounding rule', () => {
  it('rounds to $10, $100 and up to ending in 99', () => {
    expect(roundPrice(123456, '10')).toBe(123000);
    expect(roundPrice(123456, '100')).toBe(120000);
    expect(roundPrice(125000, '100')).toBe(130000);
    expect(roundPrice(123456, '99')).toBe(129900);
    expect(roundPrice(129900, '99')).toBe(129900);
    expect(newPriceCents(100000, 'percent', 12, '100')).toBe(110000);
    expect(newPriceCents(1000, 'amount', -2000, 'none')).toBeNull();
  });
});

describe('POST /products/prices', () => {
  it('+12 % on a category rounded to $100 changes exactly those products, each under a revision of its own', async () => {
    const inCat = [await create({ name: 'Agua 2 l', price: 1250, categoryId }), await create({ name: 'Gaseosa 1,5 l', price: 2399.9, categoryId })];
    const outside = await create({ name: 'Arroz 1 kg', price: 1250, categoryId: otherCategoryId });
    const body = { scope: 'category', categoryId, mode: 'percent', value: 12, rounding: '100' };
    const preview = await s.call({ method: 'POST', url: '/api/products/prices/preview', token: admin, payload: body });
    expect(preview.status).toBe(200);
    expect(preview.body.data.map((c: { name: string; oldPrice: number; newPrice: number }) => [c.name, c.oldPrice, c.newPrice])).toEqual([
      ['Agua 2 l', 1250, 1400],
      ['Gaseosa 1,5 l', 2399.9, 2700],
    ]);
    const before = await priceRow(outside);
    const since = ((await sqlGet(s.app, 'SELECT revision FROM sync_state WHERE id = 1')) as { revision: number }).revision;
    const applied = await s.call({ method: 'POST', url: '/api/products/prices', token: admin, payload: body });
    expect(applied.status, applied.body.message).toBe(200);
    expect(applied.body.message).toBe('Precios actualizados: 2 producto(s)');
    expect((await Promise.all(inCat.map(priceRow))).map((r) => r.price)).toEqual([140000, 270000]);
    const revisions = (await Promise.all(inCat.map(priceRow))).map((r) => r.revision);
    expect(new Set(revisions).size).toBe(2);
    for (const r of revisions) expect(r > since && r <= applied.body.data.revision).toBe(true);
    expect(await priceRow(outside)).toEqual(before);
    // Pages of one row: the first page ends between the two new prices, and the next one resumes there.
    const first = await s.call({ method: 'GET', url: `/api/sync/pull?since=${since}&limit=1`, token: admin });
    expect(first.body.data).toMatchObject({ hasMore: true, cursor: Math.min(...revisions) });
    const second = await s.call({ method: 'GET', url: `/api/sync/pull?since=${first.body.data.cursor}&limit=1`, token: admin });
    expect(second.body.data).toMatchObject({ hasMore: false, cursor: applied.body.data.revision });
    const pulled = [first, second].flatMap((pull) => (pull.body.data.products as { id: number; price: number }[]).map((p) => [p.id, p.price])).sort();
    expect(pulled).toEqual([[inCat[0], 1400], [inCat[1], 2700]].sort());
  });

  it('by brand and by selection, with a fixed amount and ending in 99', async () => {
    const a = await create({ name: 'Tomate', price: 1000, brandId });
    const b = await create({ name: 'Fideos', price: 2000 });
    expect((await s.call({ method: 'POST', url: '/api/products/prices', token: admin, payload: { scope: 'brand', brandId, mode: 'amount', value: 150.5, rounding: '99' } })).status).toBe(200);
    expect((await priceRow(a)).price).toBe(119900);
    await s.call({ method: 'POST', url: '/api/products/prices', token: admin, payload: { scope: 'selection', productIds: [b], mode: 'amount', value: -500, rounding: 'none' } });
    expect((await priceRow(b)).price).toBe(150000);
  });

  it('refuses bad input in Spanish and a price that would go negative changes nothing', async () => {
    const a = await create({ name: 'Barato', price: 100, categoryId: otherCategoryId });
    const neg = await s.call({ method: 'POST', url: '/api/products/prices', token: admin, payload: { scope: 'category', categoryId: otherCategoryId, mode: 'amount', value: -500 } });
    expect(neg.status).toBe(400);
    expect(neg.body.message).toBe('El precio de Barato quedaría negativo');
    expect((await priceRow(a)).price).toBe(10000);
    for (const payload of [{ scope: 'category', mode: 'percent', value: 5 }, { scope: 'selection', productIds: [], mode: 'percent', value: 5 }, { scope: 'brand', brandId, mode: 'percent', value: -100 }, { scope: 'brand', brandId, mode: 'x', value: 1 }]) {
      const res = await s.call({ method: 'POST', url: '/api/products/prices/preview', token: admin, payload });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/[a-z]/);
    }
    const seller = await s.sellerToken();
    expect((await s.call({ method: 'POST', url: '/api/products/prices', token: seller, payload: { scope: 'brand', brandId, mode: 'percent', value: 5 } })).status).toBe(403);
  });
});
