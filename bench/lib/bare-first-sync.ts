/**
 * Baseline of the POS's first catalogue sync (issue #17 item 7): in the same browser and on the same
 * origin as the app, a bare script fetches the same GET /api/sync/pull pages (same page size, same
 * device credential headers) one after another and stores each page's products raw in a scratch
 * IndexedDB database with one transaction per page — no Dexie, no search index, no React. It is the
 * floor for "the whole catalogue on the device". Returns the elapsed milliseconds.
 */
import type { Page } from 'playwright-core';
import type { BenchDevice } from './api';

export function bareFirstSync(page: Page, device: BenchDevice, pageSize: number): Promise<{ ms: number; products: number }> {
  return page.evaluate(
    async ({ headers, pageSize }) => {
      const name = `bench-bare-${Date.now()}`;
      const idb = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name, 1);
        open.onupgradeneeded = () => open.result.createObjectStore('products', { keyPath: 'id' });
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const start = performance.now();
      let since = 0;
      let products = 0;
      for (;;) {
        const reply = await fetch(`/api/sync/pull?since=${since}&limit=${pageSize}`, { headers }).then((r) => r.json() as Promise<{ data: { products: { id: number }[]; cursor: number; hasMore: boolean } }>);
        const { data } = reply;
        await new Promise<void>((resolve, reject) => {
          const tx = idb.transaction('products', 'readwrite');
          const store = tx.objectStore('products');
          for (const product of data.products) store.put(product);
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
        products += data.products.length;
        since = data.cursor;
        if (!data.hasMore) break;
      }
      const ms = performance.now() - start;
      idb.close();
      await new Promise((resolve) => {
        const del = indexedDB.deleteDatabase(name);
        del.onsuccess = del.onerror = del.onblocked = resolve;
      });
      return { ms, products };
    },
    { headers: device.headers, pageSize },
  );
}
