/**
 * The POS device's IndexedDB ('mostrador', written by Dexie: src/offline/db.ts) read and written from
 * the page with plain IndexedDB, so the bench sees what the app stored without going through it.
 * Outbox entries are built in Node by the app's own builder (src/offline/outbox-entry.ts), then written
 * by the page.
 */
import type { Page } from 'playwright-core';
import type { PublicUser } from '../../domain/schemas/auth';
import type { OutboxEntry, OutboxItem } from '../../src/offline/db';
import { newOutboxEntry } from '../../src/offline/outbox-entry';

/** A pending cash sale of `items` as captureSale writes it (no invoice, no cash session): the app's own builder. */
export const outboxEntry = (deviceId: string, deviceSeq: number, seller: Pick<PublicUser, 'id' | 'fullName'>, items: OutboxItem[], capturedAt = new Date()): OutboxEntry =>
  newOutboxEntry({ deviceId, deviceSeq, capturedAt, sellerId: seller.id, sellerName: seller.fullName, items, discountCents: 0, paymentMethod: 'efectivo' });

/** Products in the local catalogue and outbox entries not yet confirmed (pending or syncing). */
export function deviceCounts(page: Page): Promise<{ products: number; unsynced: number }> {
  return page.evaluate(
    () =>
      new Promise<{ products: number; unsynced: number }>((resolve, reject) => {
        // Never create the database: before the app's first open there is nothing to count.
        let missing = false;
        const open = indexedDB.open('mostrador');
        open.onupgradeneeded = () => {
          missing = true;
          open.transaction?.abort();
        };
        open.onerror = () => (missing ? resolve({ products: 0, unsynced: 0 }) : reject(open.error));
        open.onsuccess = () => {
          const idb = open.result;
          if (!idb.objectStoreNames.contains('outbox')) {
            idb.close();
            resolve({ products: 0, unsynced: 0 });
            return;
          }
          const tx = idb.transaction(['products', 'outbox']);
          const products = tx.objectStore('products').count();
          const status = tx.objectStore('outbox').index('status');
          const pending = status.count('pending');
          const syncing = status.count('syncing');
          tx.oncomplete = () => {
            resolve({ products: products.result, unsynced: pending.result + syncing.result });
            idb.close();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}

/**
 * Queues `count` three-item sales in the outbox (outboxEntry, shaped as src/offline/capture.ts captureSale shapes them: next device sequences, the provisional
 * number, status pending) and moves the device sequence. Reads the device id, sequence and sellable
 * products first, then writes all entries and the sequence in one transaction (the app stays idle
 * meanwhile). Returns the sequences used.
 */
export async function queueSales(page: Page, count: number, seller: PublicUser): Promise<{ first: number; last: number }> {
  const device = await page.evaluate(
    () =>
      new Promise<{ deviceId: string; seq: number; sellable: { id: number; name: string; priceCents: number }[] }>((resolve, reject) => {
        const open = indexedDB.open('mostrador');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const idb = open.result;
          const tx = idb.transaction(['meta', 'products']);
          const deviceReq = tx.objectStore('meta').get('deviceId');
          const seqReq = tx.objectStore('meta').get('deviceSeq');
          const productsReq = tx.objectStore('products').getAll(null, 3000);
          tx.oncomplete = () => {
            const products = productsReq.result as { id: number; name: string; priceCents: number; active: boolean; stock: number }[];
            resolve({
              deviceId: deviceReq.result.value as string,
              seq: (seqReq.result?.value as number | undefined) ?? 0,
              sellable: products.filter((p) => p.active && p.stock > 0).map(({ id, name, priceCents }) => ({ id, name, priceCents })),
            });
            idb.close();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
  const { deviceId, seq, sellable } = device;
  const entries = Array.from({ length: count }, (_, n) => {
    const i = n + 1;
    const items = [0, 1, 2].map((k) => sellable[(i * 7 + k * 131) % sellable.length]).map((p) => ({ productId: p.id, name: p.name, quantity: 1, unitPriceCents: p.priceCents }));
    return outboxEntry(deviceId, seq + i, seller, items);
  });
  await page.evaluate(
    ({ entries, last }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('mostrador');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const idb = open.result;
          const tx = idb.transaction(['outbox', 'meta'], 'readwrite');
          for (const entry of entries) tx.objectStore('outbox').add(entry);
          tx.objectStore('meta').put({ key: 'deviceSeq', value: last });
          tx.oncomplete = () => {
            resolve();
            idb.close();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { entries, last: seq + count },
  );
  return { first: seq + 1, last: seq + count };
}
