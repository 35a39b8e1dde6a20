/**
 * Confirm sale: real Chromium on the signed-in POS. Each round taps a product card, opens "Procesar
 * Venta" and presses "Confirmar Venta"; the app's `pos-confirm` measure (src/features/pos/PosPage.tsx)
 * runs from the press to the render of the emptied cart, which happens only after the Dexie transaction
 * writing the sale and its outbox entry committed. Median of N (online: each sale is also pushed).
 * Baseline: a bare IndexedDB read-write transaction in the same page writing an entry of the same shape
 * and clearing a one-line cart with the app's strict durability, start → complete (median of N).
 * Target (issue #17 item 4): median within one frame, ≤ 16 ms.
 */
import type { Page } from 'playwright-core';
import type { Scenario } from '../lib/context';
import { posSession } from '../lib/pos-session';
import { median, percentile, round } from '../lib/stats';

const TARGET_MS = 16;

/** Rings up one sale through the UI (card → Procesar Venta → Confirmar Venta); returns the app's pos-confirm duration. */
export async function sellThroughUi(page: Page, card: number): Promise<number> {
  await page.getByTestId('pos-product').nth(card).click();
  await page.getByTestId('cart-line').first().waitFor();
  await page.getByRole('button', { name: 'Procesar Venta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Completar Venta' });
  await dialog.waitFor();
  await page.evaluate(() => (performance.clearMarks(), performance.clearMeasures()));
  await dialog.getByRole('button', { name: 'Confirmar Venta' }).click();
  const handle = await page.waitForFunction(() => performance.getEntriesByName('pos-confirm', 'measure')[0]?.duration, null, { timeout: 10_000 });
  await dialog.waitFor({ state: 'hidden' });
  return (await handle.jsonValue()) as number;
}

/** Median ms of `n` bare IndexedDB transactions shaped like a confirmed sale. */
const bareIndexedDb = (page: Page, n: number) =>
  page.evaluate(async (n) => {
    const idb = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('bench-base', 1);
      req.onupgradeneeded = () => {
        req.result.createObjectStore('outbox', { keyPath: 'clientSaleId' }).createIndex('status', 'status');
        req.result.createObjectStore('cart', { keyPath: 'productId' });
      };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const commit = (tx: IDBTransaction) => new Promise<void>((resolve, reject) => ((tx.oncomplete = () => resolve()), (tx.onerror = () => reject(tx.error))));
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const cart = idb.transaction('cart', 'readwrite');
      cart.objectStore('cart').put({ productId: 1, name: 'Cable', unitPriceCents: 100, quantity: 1, addedAt: Date.now() });
      await commit(cart);
      const start = performance.now();
      const tx = idb.transaction(['outbox', 'cart'], 'readwrite', { durability: 'strict' });
      tx.objectStore('outbox').add({ clientSaleId: crypto.randomUUID(), deviceSeq: i, status: 'pending', items: [{ productId: 1, quantity: 1, unitPriceCents: 100 }], totalCents: 100 });
      tx.objectStore('cart').clear();
      await commit(tx);
      times.push(performance.now() - start);
    }
    idb.close();
    return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
  }, n);

export const posConfirm: Scenario = {
  name: 'pos-confirm',
  description: 'Confirmar Venta → outbox guardado y carrito vacío (Chromium)',
  run: async (ctx) => {
    const { page } = await posSession(ctx);
    await page.getByPlaceholder('Buscar producto...').fill('');
    const durations: number[] = [];
    for (let i = 0; i < ctx.sizes.confirms; i++) durations.push(await sellThroughUi(page, i % 12));
    const base = await bareIndexedDb(page, ctx.sizes.confirms);
    const value = median(durations);
    return [
      {
        key: 'pos-confirm',
        label: `Confirmar venta → carrito vacío (mediana de ${durations.length})`,
        value: round(value, 1),
        unit: 'ms',
        baseline: round(base, 1),
        baselineLabel: 'transacción IndexedDB pelada',
        ratio: round(value / base, 2),
        target: `≤ ${TARGET_MS} ms de mediana`,
        met: value <= TARGET_MS,
        details: { p95Ms: round(percentile(durations, 95), 1), maxMs: round(Math.max(...durations), 1), sales: durations.length },
      },
    ];
  },
};
