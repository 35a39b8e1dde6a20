import { describe, expect, it } from 'vitest';
import { CatalogCache } from '../../server/modules/products/catalog-cache';
import { createProduct } from '../helpers/fixtures';
import { buildApp } from '../helpers/server';

describe('CatalogCache', () => {
  it('serves a page only at the revision it was computed at', () => {
    const cache = new CatalogCache();
    cache.set('a', 7, '{"page":1}');
    expect(cache.get('a', 7)).toBe('{"page":1}');
    expect(cache.get('a', 8)).toBeUndefined();
    expect(cache.get('a', 7)).toBeUndefined();
  });

  it('forgets the least recently used page beyond its size', () => {
    const cache = new CatalogCache(2);
    cache.set('a', 1, 'A');
    cache.set('b', 1, 'B');
    cache.get('a', 1);
    cache.set('c', 1, 'C');
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toBe('A');
    expect(cache.get('c', 1)).toBe('C');
  });
});

describe('GET /products/catalog is never stale', async () => {
  const { s, admin } = await buildApp();
  /** A lamp of the test's own (each test changes or deletes it), found by its unique name. */
  const newLamp = async (name: string) => {
    const id = await createProduct(s.app.store, { name, price: 1000, stock: 5 });
    const fetchLamp = async () => (await s.call({ method: 'GET', url: `/api/products/catalog?search=${encodeURIComponent(name)}` })).body.data[0];
    return { id, fetchLamp };
  };

  it('shows a price change and a sale at once', async () => {
    const { id, fetchLamp } = await newLamp('Lámpara de escritorio');
    expect(await fetchLamp()).toMatchObject({ price: 1000, stock: 5 });
    expect(await fetchLamp()).toMatchObject({ price: 1000, stock: 5 });
    await s.call({ method: 'PUT', url: `/api/products/${id}`, token: admin, payload: { price: 1250.5 } });
    expect(await fetchLamp()).toMatchObject({ price: 1250.5, stock: 5 });
    const sale = await s.call({ method: 'POST', url: '/api/sales', token: admin, payload: { items: [{ productId: id, quantity: 2 }], paymentMethod: 'efectivo' } });
    expect(sale.status).toBe(201);
    expect(await fetchLamp()).toMatchObject({ price: 1250.5, stock: 3 });
  });

  it('drops a deleted product from the cached page', async () => {
    const { id, fetchLamp } = await newLamp('Lámpara de pie');
    expect(await fetchLamp()).toMatchObject({ id });
    await s.call({ method: 'DELETE', url: `/api/products/${id}`, token: admin });
    expect(await fetchLamp()).toBeUndefined();
  });
});
