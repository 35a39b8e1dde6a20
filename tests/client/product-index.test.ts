import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addToCart } from '../../src/offline/cart';
import { applyPullPage } from '../../src/offline/product-store';
import { captureSale } from '../../src/offline/capture';
import { db } from '../../src/offline/db';
import { ProductIndex } from '../../src/offline/product-index';
import { freshStore, product, pullPage } from './local-store';

let index: ProductIndex;

/** Resolves on the index's next change. */
const changed = () => new Promise<void>((resolve) => {
  const off = index.subscribe(() => {
    off();
    resolve();
  });
});

beforeEach(async () => {
  await freshStore(
    product(1, { name: 'Cámara web Full HD', code: '7790001' }),
    product(2, { name: 'Cable HDMI 2 m', code: '7790002' }),
    product(3, { name: 'Camara de seguridad', code: '7790003', stock: 0 }),
    product(4, { name: 'Cámara deportiva', code: '7790004', active: false }),
  );
  index = new ProductIndex();
  const ready = changed();
  index.start();
  await ready;
});
afterEach(() => index.stop());

describe('POS product index', () => {
  it('search ignores accents and case, needs every word, and lists only active products with stock', () => {
    expect(index.search('camara', 10).items.map((p) => p.id)).toEqual([1]);
    expect(index.search('CÁMARA web', 10).items).toHaveLength(1);
    expect(index.search('web hdmi', 10).items).toEqual([]);
    expect(index.search('full camara', 10).items.map((p) => p.id)).toEqual([1]);
    expect(index.search('7790002', 10).items.map((p) => p.id)).toEqual([2]);
    expect(index.search('', 10).items.map((p) => p.name)).toEqual(['Cable HDMI 2 m', 'Cámara web Full HD']);
  });

  it('caps the rendered items and tells whether there are more', () => {
    expect(index.search('', 1)).toMatchObject({ more: true });
    expect(index.search('', 1).items).toHaveLength(1);
    expect(index.search('', 2)).toMatchObject({ more: false });
    expect(index.search('c', 1).items.map((p) => p.id)).toEqual([2]);
  });

  it('finds a product by its exact code (barcode), sellable or not', () => {
    expect(index.findByCode('7790003')?.id).toBe(3);
    expect(index.findByCode(' 7790002 ')?.id).toBe(2);
    expect(index.findByCode('779000')).toBeUndefined();
  });

  it('follows sales and pulls: a product sold out leaves the list, a pulled one joins it', async () => {
    await addToCart(2);
    await addToCart(2);
    for (let i = 0; i < 8; i += 1) await addToCart(2);
    let next = changed();
    await captureSale({ sellerId: 1, sellerName: 'Vera', discountCents: 0, paymentMethod: 'efectivo' });
    await next;
    expect(index.search('hdmi', 10).items).toEqual([]);
    next = changed();
    await applyPullPage(pullPage({ products: [product(5, { name: 'Parlante Bluetooth' })], cursor: 9 }));
    await next;
    expect(index.search('parlante', 10).items).toHaveLength(1);
  });

  it('takes the rows of this tab\'s pull page in memory, exactly as stored, and reads back every other change', async () => {
    const bulkGet = vi.spyOn(db.products, 'bulkGet');
    try {
      let next = changed();
      await applyPullPage(pullPage({ products: [product(2, { name: 'Cable HDMI 3 m', stock: 4 }), product(6, { name: 'Mouse inalámbrico' })], cursor: 9 }));
      await next;
      expect(bulkGet).not.toHaveBeenCalled();
      expect(index.search('hdmi', 10).items).toEqual([await db.products.get(2)]);
      expect(index.search('mouse', 10).items).toEqual([await db.products.get(6)]);
      // A deletion in a pull page leaves the index the same way.
      next = changed();
      await applyPullPage(pullPage({ deleted: { products: [6], categories: [], brands: [] }, cursor: 10 }));
      await next;
      expect(bulkGet).not.toHaveBeenCalled();
      expect(index.search('mouse', 10).items).toEqual([]);
      // A sale is not a pull page: the index reads its products back (the sale's own read is the first call).
      await addToCart(1);
      next = changed();
      await captureSale({ sellerId: 1, sellerName: 'Vera', discountCents: 0, paymentMethod: 'efectivo' });
      await next;
      expect(bulkGet.mock.calls).toEqual([[[1]], [[1]]]);
      expect(index.search('full hd', 10).items).toEqual([await db.products.get(1)]);
    } finally {
      bulkGet.mockRestore();
    }
  });
});
