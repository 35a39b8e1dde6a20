/**
 * Issue #17 item 10: a finished sync invalidates the sales list, dashboard and product queries (real
 * TanStack QueryClient, real engine and outbox over fake-indexeddb); an open app checks for a new
 * service worker version periodically, and not while offline.
 */
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productKeys } from '../../src/features/products/queries';
import { saleKeys, salesSummaryKeys } from '../../src/features/sales/queries';
import { userKeys } from '../../src/features/settings/queries';
import { addToCart } from '../../src/offline/cart';
import { createSyncEngine, type SyncEngine } from '../../src/offline/engine';
import { captureSale } from '../../src/offline/capture';
import { invalidateOnSync } from '../../src/offline-ui/sync-queries';
import { checkForUpdates } from '../../src/pwa/update-check';
import { FakeServer } from './fake-server';
import { freshStore, product, pullPage } from './local-store';

let server: FakeServer;
let engine: SyncEngine;
let client: QueryClient;

/** Keys as the screens build them (the features' query-key factories). */
const KEYS = {
  salesList: saleKeys.list({ page: 1 }),
  summary: salesSummaryKeys.range('2026-11-01', '2026-11-30'),
  lowStock: productKeys.lowStock,
  users: userKeys.all,
};

const invalidated = () => Object.fromEntries(Object.entries(KEYS).map(([name, key]) => [name, client.getQueryState(key)?.isInvalidated ?? null]));

beforeEach(async () => {
  await freshStore(product(1, { stock: 100 }));
  server = new FakeServer();
  engine = createSyncEngine({ transport: server.transport, hasSession: () => true, withLock: (fn) => fn(), random: () => 0.5 });
  await engine.requestSync();
  client = new QueryClient();
  for (const key of Object.values(KEYS)) client.setQueryData(key, { loaded: true });
});
afterEach(() => engine.stop());

describe('a finished sync refreshes the staff screens', () => {
  it('delivered sales invalidate the sales list, the dashboard summary and the stock, nothing else', async () => {
    const stop = invalidateOnSync(engine, client);
    expect(invalidated()).toEqual({ salesList: false, summary: false, lowStock: false, users: false });
    await addToCart(1);
    await captureSale({ sellerId: 1, sellerName: 'Vera', discountCents: 0, paymentMethod: 'efectivo' });
    expect(await engine.requestSync()).toBe('ok');
    expect(invalidated()).toEqual({ salesList: true, summary: true, lowStock: true, users: false });
    stop();
  });

  it('a catalogue change invalidates the products only; a sync with nothing new invalidates nothing', async () => {
    const stop = invalidateOnSync(engine, client);
    await engine.requestSync();
    expect(invalidated()).toEqual({ salesList: false, summary: false, lowStock: false, users: false });
    server.pages = [pullPage({ products: [product(1, { stock: 80 })], cursor: 9 })];
    await engine.requestSync();
    expect(invalidated()).toEqual({ salesList: false, summary: false, lowStock: true, users: false });
    stop();
  });
});

describe('an open app checks for a new version', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('calls registration.update() every interval, skips it offline, and a failed check is harmless', async () => {
    vi.useFakeTimers();
    const onLine = { value: true };
    vi.stubGlobal('navigator', { get onLine() { return onLine.value; } });
    const update = vi.fn(() => (update.mock.calls.length === 2 ? Promise.reject(new Error('sin red')) : Promise.resolve()));
    const stop = checkForUpdates({ update } as unknown as ServiceWorkerRegistration, 1000);
    await vi.advanceTimersByTimeAsync(999);
    expect(update).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2001);
    expect(update).toHaveBeenCalledTimes(3);
    onLine.value = false;
    await vi.advanceTimersByTimeAsync(5000);
    expect(update).toHaveBeenCalledTimes(3);
    stop();
    onLine.value = true;
    await vi.advanceTimersByTimeAsync(5000);
    expect(update).toHaveBeenCalledTimes(3);
  });
});
