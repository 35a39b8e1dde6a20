import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { addToCart, cartLines, cartSubtotalCents, changeCartQuantity, removeFromCart, setCartQuantity } from '../../src/offline/cart';
import { db } from '../../src/offline/db';
import { freshStore, product } from './local-store';

describe('cart (docs/spec.md §5 point-of-sale rules)', () => {
  beforeEach(() => freshStore(product(1, { stock: 2, price: 1500.5 }), product(2, { stock: 5 }), product(3, { active: false })));

  it('a tap adds one unit; lines keep the order they were added in and persist in the store', async () => {
    expect(await addToCart(2)).toBe('ok');
    expect(await addToCart(1)).toBe('ok');
    expect(await addToCart(2)).toBe('ok');
    const lines = await cartLines();
    expect(lines.map((l) => [l.productId, l.quantity])).toEqual([
      [2, 2],
      [1, 1],
    ]);
    expect(lines[1]).toMatchObject({ name: 'Producto 1', unitPriceCents: 150050, maxStock: 2 });
    expect(cartSubtotalCents(lines)).toBe(150050 + 2 * 10000);
    expect(await db.cart.count()).toBe(2);
  });

  it('adding or raising beyond the stock is refused and leaves the line as it was', async () => {
    await addToCart(1);
    await addToCart(1);
    expect(await addToCart(1)).toBe('no-stock');
    expect(await changeCartQuantity(1, 1)).toBe('no-stock');
    expect(await setCartQuantity(1, 9)).toBe('no-stock');
    expect((await db.cart.get(1))?.quantity).toBe(2);
  });

  it('a quantity falling to 0 or below removes the line', async () => {
    await addToCart(2);
    await addToCart(2);
    expect(await changeCartQuantity(2, -1)).toBe('ok');
    expect((await db.cart.get(2))?.quantity).toBe(1);
    expect(await changeCartQuantity(2, -1)).toBe('ok');
    expect(await db.cart.get(2)).toBeUndefined();
    await addToCart(2);
    await setCartQuantity(2, -3);
    expect(await db.cart.count()).toBe(0);
  });

  it('unknown and inactive products are not sold', async () => {
    expect(await addToCart(99)).toBe('missing');
    expect(await addToCart(3)).toBe('missing');
    expect(await db.cart.count()).toBe(0);
  });

  it('remove deletes the whole line', async () => {
    await addToCart(2);
    await addToCart(2);
    await removeFromCart(2);
    expect(await cartLines()).toEqual([]);
  });
});
