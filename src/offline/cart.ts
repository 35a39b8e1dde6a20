/**
 * The cart (docs/spec.md §3 cart line, §5 point-of-sale rules), persisted in Dexie so a reload keeps it.
 * Invariants: a line's quantity is ≥ 1 and never above the product's sellable stock on this device
 * (adding or raising beyond it is refused with 'no-stock'; an unknown or inactive product is 'missing');
 * a quantity falling to 0 or below removes
 * the line. Every change reads the product and the line in one transaction, so two taps, or two tabs,
 * cannot together go past the stock.
 */
import { db, type CartLine } from './db';

export type CartResult = 'ok' | 'no-stock' | 'missing';

/** Sets the line of a product to `quantity` (≤ 0 removes it), checking the stock. */
export function setCartQuantity(productId: number, quantity: number): Promise<CartResult> {
  return db.transaction('rw', db.cart, db.products, async () => {
    const product = await db.products.get(productId);
    const line = await db.cart.get(productId);
    if (quantity <= 0) {
      if (line) await db.cart.delete(productId);
      return 'ok';
    }
    if (!product || !product.active) return 'missing';
    if (quantity > product.stock) return 'no-stock';
    await db.cart.put({
      productId,
      name: product.name,
      unitPriceCents: line?.unitPriceCents ?? product.priceCents,
      quantity,
      maxStock: product.stock,
      addedAt: line?.addedAt ?? Date.now(),
    });
    return 'ok';
  });
}

/** Adds `delta` units (a tap on a product card is +1; the cart's − and + are −1 and +1). */
export function changeCartQuantity(productId: number, delta: number): Promise<CartResult> {
  return db.transaction('rw', db.cart, db.products, async () => {
    const line = await db.cart.get(productId);
    return setCartQuantity(productId, (line?.quantity ?? 0) + delta);
  });
}

export function addToCart(productId: number): Promise<CartResult> {
  return changeCartQuantity(productId, 1);
}

export function removeFromCart(productId: number): Promise<void> {
  return db.cart.delete(productId);
}

/** Lines in the order they were added. */
export function cartLines(): Promise<CartLine[]> {
  return db.cart.orderBy('addedAt').toArray();
}

export function cartSubtotalCents(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
}
