/**
 * The cart as the POS shows it (issue #39 items 3 and 4): the stored cart (offline/cart.ts, followed live
 * from Dexie), with what the cashier just did shown in the same task as the input instead of after the
 * write's commit and the live query's read back:
 *  - `add(product)`: a scanned or tapped product's line appears at once when the in-memory catalogue
 *    says it can be sold (active, stock above the new quantity); the write (addToCart, which checks the
 *    stock again in its transaction) follows, and its refusal is warned and shown by dropping the
 *    overlay. A product the index says cannot be sold is only written (and refused) — never shown first.
 *  - `showSold()`: after a confirmed sale (its transaction committed: the stored cart is already empty)
 *    the cart shows empty without waiting for the read back.
 * Invariant: the overlay only ever shows changes already sent to Dexie, and is dropped as soon as the
 * stored cart has caught up with them (or one of them was refused), so the stored cart stays the truth.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { addToCart, cartLines } from '../../offline/cart';
import type { CartLine, LocalProduct } from '../../offline/db';
import { reportCartResult } from './notify';

const sameLines = (a: readonly CartLine[] | undefined, b: readonly CartLine[]) =>
  a !== undefined && a.length === b.length && a.every((line, i) => line.productId === b[i].productId && line.quantity === b[i].quantity);

export interface PosCart {
  /** Lines in the order they were added; undefined until the stored cart was first read. */
  lines: CartLine[] | undefined;
  add: (product: LocalProduct) => void;
  showSold: () => void;
}

export function usePosCart(): PosCart {
  const stored = useLiveQuery(cartLines);
  const [overlay, setOverlay] = useState<CartLine[] | null>(null);
  // Read by the callbacks, which outlive a render: the latest stored cart and overlay, the writes in flight.
  const state = useRef({ stored, overlay, pending: 0, refused: false, awaitStored: false });
  state.current.stored = stored;
  state.current.overlay = overlay;

  const show = useCallback((lines: CartLine[] | null) => {
    state.current.overlay = lines;
    setOverlay(lines);
  }, []);

  /** The writes behind the overlay are done: drop it now if the stored cart already shows them, else at its next change. */
  const settled = useCallback(() => {
    const s = state.current;
    if (s.pending > 0 || !s.overlay) return;
    if (s.refused || sameLines(s.stored, s.overlay)) {
      s.refused = false;
      s.awaitStored = false;
      show(null);
    } else s.awaitStored = true;
  }, [show]);

  useEffect(() => {
    const s = state.current;
    if (!s.awaitStored || s.pending > 0) return;
    s.awaitStored = false;
    show(null);
  }, [stored, show]);

  const add = useCallback(
    (product: LocalProduct) => {
      const s = state.current;
      const base = s.overlay ?? s.stored;
      const line = base?.find((l) => l.productId === product.id);
      const quantity = (line?.quantity ?? 0) + 1;
      const optimistic = base !== undefined && product.active && quantity <= product.stock;
      if (optimistic) {
        s.pending += 1;
        s.awaitStored = false;
        show(
          line
            ? base.map((l) => (l === line ? { ...l, quantity } : l))
            : [...base, { productId: product.id, name: product.name, unitPriceCents: product.priceCents, quantity, maxStock: product.stock, addedAt: Date.now() }],
        );
      }
      const done = (ok: boolean) => {
        if (!optimistic) return;
        s.pending -= 1;
        if (!ok) s.refused = true;
        settled();
      };
      addToCart(product.id).then(
        (result) => done(reportCartResult(result)),
        (error: unknown) => {
          done(false);
          console.error(error);
        },
      );
    },
    [settled, show],
  );

  const showSold = useCallback(() => {
    show([]);
    settled();
  }, [settled, show]);

  return { lines: overlay ?? stored, add, showSold };
}
