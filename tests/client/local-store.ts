/**
 * Client-test helpers: an empty local store per test (fake-indexeddb must be imported first by the test
 * file) and catalogue pages shaped like GET /sync/pull replies.
 */
import type { PulledProduct, PullReply } from '../../domain/schemas/sync';
import { applyPullPage } from '../../src/offline/product-store';
import { clearAll, db, type OutboxEntry } from '../../src/offline/db';
import { markCounter } from '../../src/offline/device';
import { markTaken, peekBatch } from '../../src/offline/outbox';

export function product(id: number, overrides: Partial<PulledProduct> = {}): PulledProduct {
  return {
    id,
    code: `77900000000${id}`,
    name: `Producto ${id}`,
    description: null,
    price: 100,
    stock: 10,
    minStock: 5,
    categoryId: null,
    brandId: null,
    image: null,
    active: true,
    showInCatalog: true,
    ivaRate: 21,
    ...overrides,
  };
}

export function pullPage(overrides: Partial<PullReply> = {}): PullReply {
  return {
    products: [],
    categories: [],
    brands: [],
    customers: [],
    businessInfo: null,
    deleted: { products: [], categories: [], brands: [] },
    caea: null,
    cursor: 1,
    hasMore: false,
    serverTime: new Date().toISOString(),
    ...overrides,
  };
}

/** Empties the store and loads these products as if pulled. */
export async function freshStore(...products: PulledProduct[]): Promise<void> {
  await clearAll();
  // The store of a counter (the POS was opened in it), so the engine may register (device.ts markCounter).
  await markCounter();
  if (products.length) await applyPullPage(pullPage({ products }));
}

/** Takes the next batch as the uploader does (peekBatch, then markTaken), in one transaction. */
export function takeBatch(limit: number, maxLines = Infinity): Promise<OutboxEntry[]> {
  return db.transaction('rw', db.outbox, async () => {
    const { batch } = await peekBatch(limit, maxLines);
    await markTaken(batch);
    return batch;
  });
}
