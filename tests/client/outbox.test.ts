import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { addToCart } from '../../src/offline/cart';
import { applyPullPage } from '../../src/offline/product-store';
import { db, getMeta } from '../../src/offline/db';
import { shortDeviceId } from '../../src/offline/device';
import { captureSale } from '../../src/offline/capture';
import { applyResults, pruneSynced, releaseBatch, resetStuck, retryRejected, toPushedSale } from '../../src/offline/outbox';
import { freshStore, product, pullPage, takeBatch } from './local-store';

const seller = { sellerId: 7, sellerName: 'Vera', paymentMethod: 'efectivo' as const };

async function sell(productId: number, quantity = 1, discountCents = 0) {
  for (let i = 0; i < quantity; i += 1) await addToCart(productId);
  return captureSale({ ...seller, discountCents });
}

describe('captureSale: the sale, its outbox entry, the stock and the cart in one transaction', () => {
  beforeEach(() => freshStore(product(1, { stock: 5, price: 250 }), product(2, { stock: 3, price: 99.99 })));

  it('writes a pending entry with a fresh clientSaleId, the next device sequence and a provisional number', async () => {
    await addToCart(1);
    await addToCart(1);
    await addToCart(2);
    const first = await captureSale({ ...seller, discountCents: 1000, customerName: '  Ana  ', notes: '   ' });
    const second = await sell(2);
    const deviceId = (await getMeta('deviceId')) as string;

    expect(first).toMatchObject({ deviceSeq: 1, status: 'pending', attempts: 0, subtotalCents: 59999, discountCents: 1000, totalCents: 58999, customerName: 'Ana', notes: null });
    expect(first.provisionalNumber).toBe(`${shortDeviceId(deviceId)}-1`);
    expect(second.deviceSeq).toBe(2);
    expect(first.clientSaleId).not.toBe(second.clientSaleId);
    expect(await db.outbox.count()).toBe(2);
    expect(await db.cart.count()).toBe(0);
    expect((await db.products.get(1))?.stock).toBe(3);
    expect((await db.products.get(2))?.stock).toBe(1);
    expect(await getMeta('lastSaleId')).toBe(second.clientSaleId);
  });

  it('an empty cart or a discount above the subtotal writes nothing and uses no sequence number', async () => {
    await expect(captureSale({ ...seller, discountCents: 0 })).rejects.toThrow('El carrito está vacío');
    await addToCart(2);
    await expect(captureSale({ ...seller, discountCents: 100_00 })).rejects.toThrow('El descuento no puede superar el subtotal');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.cart.count()).toBe(1);
    expect((await db.products.get(2))?.stock).toBe(3);
    expect((await sell(1)).deviceSeq).toBe(1);
  });

  it('the push payload speaks decimals and carries no local-only fields', async () => {
    const entry = await sell(2, 2, 50);
    expect(toPushedSale(entry)).toEqual({
      clientSaleId: entry.clientSaleId,
      deviceSeq: 1,
      capturedAt: entry.capturedAt,
      sellerId: 7,
      items: [{ productId: 2, quantity: 2, unitPrice: 99.99 }],
      discount: 0.5,
      paymentMethod: 'efectivo',
      customerName: null,
      customerDocument: null,
      customerEmail: null,
      notes: null,
    });
  });
});

describe('outbox status moves only on server answers', () => {
  beforeEach(() => freshStore(product(1, { stock: 10 })));

  it('takes pending entries oldest first, marks them syncing and counts the attempt', async () => {
    for (let i = 0; i < 3; i += 1) await sell(1);
    const batch = await takeBatch(2);
    expect(batch.map((e) => [e.deviceSeq, e.status, e.attempts])).toEqual([
      [1, 'syncing', 1],
      [2, 'syncing', 1],
    ]);
    expect((await takeBatch(10)).map((e) => e.deviceSeq)).toEqual([3]);
  });

  it('a batch stops before the line limit of one push (a single big sale still goes alone)', async () => {
    await freshStore(product(1, { stock: 100 }), product(2, { stock: 100 }), product(3, { stock: 100 }));
    await sell(1); // 1 line
    for (const id of [1, 2, 3]) await addToCart(id);
    await captureSale({ ...seller, discountCents: 0 }); // 3 lines
    await sell(2); // 1 line
    expect((await takeBatch(10, 4)).map((e) => e.deviceSeq)).toEqual([1, 2]);
    expect((await takeBatch(10, 0)).map((e) => e.deviceSeq)).toEqual([3]);
  });

  it('an unanswered batch goes back to pending with the error; stuck syncing entries are reset', async () => {
    await sell(1);
    await sell(1);
    const batch = await takeBatch(1);
    await releaseBatch(batch, { error: 'sin conexión', reached: false });
    // The server never saw it: the attempt taken with the batch is given back.
    expect(await db.outbox.get(batch[0].clientSaleId)).toMatchObject({ status: 'pending', lastError: 'sin conexión', attempts: 0 });
    const again = await takeBatch(1);
    await releaseBatch(again, { error: 'Error interno del servidor', reached: true });
    expect(await db.outbox.get(again[0].clientSaleId)).toMatchObject({ status: 'pending', lastError: 'Error interno del servidor', attempts: 1 });
    await takeBatch(5);
    expect(await resetStuck()).toBe(2);
    expect(await db.outbox.where('status').equals('pending').count()).toBe(2);
  });

  it('applied and duplicate become synced with the official number; rejected keeps its reason; silence stays pending', async () => {
    for (let i = 0; i < 4; i += 1) await sell(1);
    const batch = await takeBatch(10);
    const [a, b, c] = batch;
    const outcome = await applyResults(batch, [
      { clientSaleId: a.clientSaleId, deviceSeq: 1, status: 'applied', saleId: 10, saleNumber: 'V-0010', flags: ['oversold'] },
      { clientSaleId: b.clientSaleId, deviceSeq: 2, status: 'duplicate', saleId: 11, saleNumber: 'V-0011' },
      { clientSaleId: c.clientSaleId, deviceSeq: 3, status: 'rejected', reason: 'Producto no encontrado' },
    ]);
    expect(outcome.synced.map((e) => e.saleNumber)).toEqual(['V-0010', 'V-0011']);
    expect(outcome.rejected.map((e) => e.lastError)).toEqual(['Producto no encontrado']);
    expect(outcome.unresolved).toBe(1);
    const stored = await db.outbox.orderBy('deviceSeq').toArray();
    expect(stored.map((e) => e.status)).toEqual(['synced', 'synced', 'rejected', 'pending']);
    expect(stored[0]).toMatchObject({ saleId: 10, flags: ['oversold'] });
  });

  it('"Reintentar" puts a rejected sale back in the queue and counts its units as sold again', async () => {
    const entry = await sell(1, 2);
    await applyResults(await takeBatch(1), [{ clientSaleId: entry.clientSaleId, deviceSeq: 1, status: 'rejected', reason: 'x' }]);
    await applyPullPage(pullPage({ products: [product(1, { stock: 10 })], cursor: 2 }));
    expect((await db.products.get(1))?.stock).toBe(10);
    await retryRejected(entry.clientSaleId);
    expect(await db.outbox.get(entry.clientSaleId)).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await db.products.get(1))?.stock).toBe(8);
  });

  it('pruning deletes only synced entries beyond the most recent ones', async () => {
    for (let i = 0; i < 4; i += 1) await sell(1);
    const batch = await takeBatch(3);
    await applyResults(batch, batch.map((e) => ({ clientSaleId: e.clientSaleId, deviceSeq: e.deviceSeq, status: 'applied' as const, saleNumber: `N${e.deviceSeq}` })));
    await pruneSynced(1);
    const left = await db.outbox.orderBy('deviceSeq').toArray();
    expect(left.map((e) => [e.deviceSeq, e.status])).toEqual([
      [3, 'synced'],
      [4, 'pending'],
    ]);
  });
});

describe('catalogue pull and the sellable stock', () => {
  beforeEach(() => freshStore(product(1, { stock: 10 }), product(2)));

  it('a pull keeps units sold offline subtracted until the server confirms the sale', async () => {
    const entry = await sell(1, 3);
    await applyPullPage(pullPage({ products: [product(1, { stock: 9 })], cursor: 5 }));
    expect(await db.products.get(1)).toMatchObject({ serverStock: 9, stock: 6 });
    expect(await getMeta('pullCursor')).toBe(5);
    await applyResults(await takeBatch(1), [{ clientSaleId: entry.clientSaleId, deviceSeq: 1, status: 'applied', saleNumber: 'V1' }]);
    await applyPullPage(pullPage({ products: [product(1, { stock: 6 })], cursor: 6 }));
    expect((await db.products.get(1))?.stock).toBe(6);
  });

  it('tombstones delete products (and their cart lines), categories and brands', async () => {
    await addToCart(2);
    await applyPullPage(
      pullPage({
        categories: [{ id: 4, name: 'Audio', description: null, order: 1, isActive: true }],
        brands: [{ id: 8, name: 'JBL', description: null, isActive: true }],
        businessInfo: { businessName: 'Mi Tienda' },
        cursor: 7,
      }),
    );
    await applyPullPage(pullPage({ deleted: { products: [2], categories: [4], brands: [] }, cursor: 8 }));
    expect(await db.products.get(2)).toBeUndefined();
    expect(await db.cart.count()).toBe(0);
    expect(await db.categories.count()).toBe(0);
    expect(await db.brands.count()).toBe(1);
    expect(await getMeta('businessInfo')).toEqual({ businessName: 'Mi Tienda' });
  });
});
