/**
 * The POS device's IndexedDB ('mostrador', written by Dexie: src/offline/db.ts) read and written from
 * the page with plain IndexedDB, so the bench sees what the app stored without going through it.
 */
import type { Page } from 'playwright-core';
import type { PublicUser } from '../../domain/schemas/auth';

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
 * Queues `count` three-item sales in the outbox exactly as src/offline/capture.ts captureSale shapes
 * them (next device sequences, the provisional number, status pending), in one transaction that also
 * moves the device sequence. Returns the sequences used.
 */
export function queueSales(page: Page, count: number, seller: PublicUser): Promise<{ first: number; last: number }> {
  return page.evaluate(
    ({ count, seller }) =>
      new Promise<{ first: number; last: number }>((resolve, reject) => {
        const open = indexedDB.open('mostrador');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const idb = open.result;
          const tx = idb.transaction(['outbox', 'meta', 'products'], 'readwrite');
          const meta = tx.objectStore('meta');
          const deviceReq = meta.get('deviceId');
          const seqReq = meta.get('deviceSeq');
          const productsReq = tx.objectStore('products').getAll(null, 3000);
          productsReq.onsuccess = () => {
            const deviceId = deviceReq.result.value as string;
            const start = (seqReq.result?.value as number | undefined) ?? 0;
            const sellable = (productsReq.result as { id: number; name: string; priceCents: number; active: boolean; stock: number }[]).filter((p) => p.active && p.stock > 0);
            const shortId = deviceId.replace(/-/g, '').slice(0, 4).toUpperCase();
            for (let i = 1; i <= count; i++) {
              const items = [0, 1, 2].map((k) => sellable[(i * 7 + k * 131) % sellable.length]).map((p) => ({ productId: p.id, name: p.name, quantity: 1, unitPriceCents: p.priceCents }));
              const subtotal = items.reduce((sum, item) => sum + item.unitPriceCents * item.quantity, 0);
              tx.objectStore('outbox').add({
                clientSaleId: crypto.randomUUID(),
                deviceSeq: start + i,
                provisionalNumber: `${shortId}-${start + i}`,
                schemaVersion: 1,
                capturedAt: new Date().toISOString(),
                sellerId: seller.id,
                sellerName: seller.fullName,
                items,
                subtotalCents: subtotal,
                discountCents: 0,
                totalCents: subtotal,
                paymentMethod: 'efectivo',
                customerName: null,
                customerDocument: null,
                customerEmail: null,
                notes: null,
                status: 'pending',
                attempts: 0,
                lastError: null,
                lastAttemptAt: null,
                saleId: null,
                saleNumber: null,
                flags: [],
                syncedAt: null,
              });
            }
            meta.put({ key: 'deviceSeq', value: start + count });
            tx.oncomplete = () => {
              resolve({ first: start + 1, last: start + count });
              idb.close();
            };
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { count, seller },
  );
}
