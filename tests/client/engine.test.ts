import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backoffDelay } from '../../src/offline/backoff';
import { addToCart } from '../../src/offline/cart';
import { db, getMeta, setMeta } from '../../src/offline/db';
import { createSyncEngine, type SyncEngine, type SyncEvent } from '../../src/offline/engine';
import { captureSale } from '../../src/offline/capture';
import { markCounter } from '../../src/offline/device';
import { OFFLINE_MSG } from '../../src/offline/messages';
import { FakeServer } from './fake-server';
import { freshStore, product, pullPage, takeBatch } from './local-store';

let server: FakeServer;
let engine: SyncEngine;
let events: SyncEvent[];

function start(session = true) {
  engine = createSyncEngine({ transport: server.transport, hasSession: () => session, withLock: (fn) => fn(), random: () => 0.5 });
  events = [];
  engine.subscribe((event) => events.push(event));
}

async function sell(productId = 1, quantity = 1) {
  for (let i = 0; i < quantity; i += 1) await addToCart(productId);
  return captureSale({ sellerId: 1, sellerName: 'Vera', discountCents: 0, paymentMethod: 'efectivo' });
}

const statuses = async () => (await db.outbox.orderBy('deviceSeq').toArray()).map((e) => e.status);

beforeEach(async () => {
  await freshStore(product(1, { stock: 1000 }));
  server = new FakeServer();
  start();
});
afterEach(() => engine.stop());

describe('sync engine: per-sale results', () => {
  it('applied sales become synced with their official number, then the catalogue is pulled', async () => {
    const sale = await sell();
    expect(await engine.requestSync()).toBe('ok');
    expect(await db.outbox.get(sale.clientSaleId)).toMatchObject({ status: 'synced', saleNumber: 'V-1', saleId: 1 });
    expect(server.pulls).toHaveLength(1);
    expect(await getMeta('lastSyncAt')).toBeTruthy();
    expect(events.some((e) => e.type === 'synced')).toBe(true);
    expect(engine.getStatus()).toMatchObject({ online: true, running: false, lastError: null });
  });

  it('a rejected sale is marked with its reason and does not block the ones after it', async () => {
    await sell();
    await sell();
    await sell();
    server.reject.add(2);
    await engine.requestSync();
    expect(await statuses()).toEqual(['synced', 'rejected', 'synced']);
    expect((await db.outbox.where('deviceSeq').equals(2).first())?.lastError).toBe('Producto no encontrado');
    await sell();
    await engine.requestSync();
    expect(server.pushes.at(-1)).toHaveLength(1);
    expect(await statuses()).toEqual(['synced', 'rejected', 'synced', 'synced']);
  });

  it('lost replies: the retry comes back duplicate and the sale exists once', async () => {
    const sale = await sell();
    server.loseReplies = 2;
    expect(await engine.requestSync()).toBe('offline');
    // Not answered is «sin conexión» to the device: the attempt is not counted, the reason says so.
    expect(await db.outbox.get(sale.clientSaleId)).toMatchObject({ status: 'pending', attempts: 0, lastError: OFFLINE_MSG.saleWaiting });
    expect(engine.getStatus().lastError).toBe(OFFLINE_MSG.serverUnreachable);
    expect(engine.getStatus().retryAt).not.toBeNull();
    await engine.requestSync();
    expect(await engine.requestSync()).toBe('ok');
    expect(server.pushes).toHaveLength(3);
    expect(server.applied.size).toBe(1);
    expect(await db.outbox.get(sale.clientSaleId)).toMatchObject({ status: 'synced', saleNumber: 'V-1', attempts: 1 });
  });

  it('a network error or a 5xx keeps sales pending; no pull happens before the outbox is confirmed', async () => {
    await sell();
    server.pushFailures.push({ kind: 'network', status: 0, message: 'sin red' }, { kind: 'http', status: 503, message: 'Error interno del servidor' });
    expect(await engine.requestSync()).toBe('offline');
    expect(await engine.requestSync()).toBe('retry');
    expect(await statuses()).toEqual(['pending']);
    expect(server.pulls).toHaveLength(0);
    expect(engine.getStatus().lastError).toBe('Error interno del servidor');
    expect(await engine.requestSync()).toBe('ok');
    expect(await statuses()).toEqual(['synced']);
  });

  it('a refused credential keeps every sale pending; with a session the device registers again and delivers', async () => {
    await sell();
    expect(await engine.requestSync()).toBe('ok');
    await sell();
    server.keys.clear(); // e.g. the server's database was restored from an older copy
    expect(await engine.requestSync()).toBe('retry');
    expect(await statuses()).toEqual(['synced', 'pending']);
    expect(await getMeta('deviceKey')).toBeUndefined();
    expect(await engine.requestSync()).toBe('ok');
    expect(await statuses()).toEqual(['synced', 'synced']);
    expect(server.registrations).toBe(2);
  });

  it('a refused credential without a session asks for an online sign-in; the sales wait', async () => {
    await sell();
    expect(await engine.requestSync()).toBe('ok');
    engine.stop();
    start(false);
    await sell();
    server.keys.clear();
    expect(await engine.requestSync()).toBe('auth');
    expect(engine.getStatus()).toMatchObject({ authRequired: true, retryAt: null });
    expect(await statuses()).toEqual(['synced', 'pending']);
  });

  it('unreachable server: the push itself is the probe, the sale stays pending and nothing is pulled', async () => {
    await sell();
    server.reachable = false;
    expect(await engine.requestSync()).toBe('offline');
    expect(engine.getStatus().online).toBe(false);
    expect(server.requests).toBe(1);
    expect(server.pulls).toHaveLength(0);
    expect(await statuses()).toEqual(['pending']);
  });

  it('without a session nor a credential nothing is sent (registering needs someone signed in)', async () => {
    engine.stop();
    start(false);
    await sell();
    expect(await engine.requestSync()).toBe('no-session');
    expect(server.pushes).toHaveLength(0);
    expect(server.registrations).toBe(0);
  });

  it('a registered device delivers its captured sales after the session is gone (long offline)', async () => {
    await sell();
    expect(await engine.requestSync()).toBe('ok');
    engine.stop();
    start(false);
    await sell();
    await sell();
    expect(await engine.requestSync()).toBe('ok');
    expect(await statuses()).toEqual(['synced', 'synced', 'synced']);
  });
});

describe('sync engine: device registration and sequences', () => {
  it('a browser never used as a counter (the back office alone) registers nothing and sends nothing, until the POS is opened in it', async () => {
    await db.meta.delete('counter');
    expect(await engine.requestSync()).toBe('not-counter');
    expect(await engine.trigger()).toBe('not-counter');
    expect(server.registrations).toBe(0);
    expect(server.requests).toBe(0);
    expect(engine.getStatus()).toMatchObject({ running: false, catalogBehind: false });
    await markCounter();
    expect(await engine.requestSync()).toBe('ok');
    expect(server.registrations).toBe(1);
    expect(server.pulls).toHaveLength(1);
  });

  it('a browser with something waiting in its outbox registers to deliver it, even if never marked as a counter', async () => {
    await db.meta.delete('counter');
    const sale = await sell();
    expect(await engine.requestSync()).toBe('ok');
    expect(server.registrations).toBe(1);
    expect(await db.outbox.get(sale.clientSaleId)).toMatchObject({ status: 'synced' });
  });

  it('registers once; an id the server refuses (409) is replaced and the queued sales travel under the new one', async () => {
    const firstId = await getMeta('deviceId');
    const sale = await sell();
    const oldId = (await getMeta('deviceId'))!;
    expect(firstId === undefined || firstId === oldId).toBe(true);
    server.taken.add(oldId);
    expect(await engine.requestSync()).toBe('ok');
    const newId = await getMeta('deviceId');
    expect(newId).not.toBe(oldId);
    expect(await getMeta('deviceKey')).toBe(`clave-${newId}`);
    expect(server.pushedBy).toEqual([newId]);
    expect(await db.outbox.get(sale.clientSaleId)).toMatchObject({ status: 'synced', deviceSeq: sale.deviceSeq });
    await engine.requestSync();
    expect(server.registrations).toBe(2);
  });

  it("the server's last sequence moves the device's counter forward, never back", async () => {
    await sell();
    expect(await getMeta('storageLost')).toBeUndefined();
    server.lastSeq = 40;
    await engine.requestSync();
    expect((await sell()).deviceSeq).toBe(41);
    // The server holds sequences this database does not remember: its local data went back (issue #29 item 4).
    expect(await getMeta('storageLost')).toMatchObject({ previousDeviceId: null, localSeq: 1, serverSeq: 40 });
    server.lastSeq = 3;
    await engine.requestSync();
    expect((await sell()).deviceSeq).toBe(42);
  });
});

describe('sync engine: batches, stuck entries, pulls', () => {
  it('pushes in batches of at most 200, oldest first', async () => {
    await db.products.update(1, { stock: 1000 });
    for (let i = 0; i < 230; i += 1) await sell();
    await engine.requestSync();
    expect(server.pushes.map((p) => p.length)).toEqual([200, 30]);
    expect(await db.outbox.where('status').equals('synced').count()).toBe(200);
    expect(server.applied.size).toBe(230);
  }, 30_000);

  it('entries left syncing by a dead uploader are pushed again', async () => {
    await sell();
    await takeBatch(10);
    expect(await statuses()).toEqual(['syncing']);
    await engine.requestSync();
    expect(await statuses()).toEqual(['synced']);
  });

  it('pulls every page with the cursor and the device id, applying tombstones', async () => {
    server.pages = [
      pullPage({ products: [product(2), product(3)], cursor: 10, hasMore: true }),
      pullPage({ deleted: { products: [3], categories: [], brands: [] }, cursor: 11 }),
    ];
    await engine.requestSync();
    expect(server.pulls.map((p) => p.since)).toEqual([1, 10]);
    expect(server.pulls[0].deviceId).toBe(await getMeta('deviceId'));
    expect(server.keys.get(server.pulls[0].deviceId)).toBe(await getMeta('deviceKey'));
    expect(await db.products.toCollection().primaryKeys()).toEqual([1, 2]);
    expect(await getMeta('pullCursor')).toBe(11);
  });

  it('asks for the next page while it stores the one it has, and applies every page in order', async () => {
    server.pages = [
      pullPage({ products: [product(2)], cursor: 10, hasMore: true }),
      pullPage({ products: [product(3)], cursor: 20, hasMore: true }),
      pullPage({ products: [product(4)], cursor: 21 }),
    ];
    // The stored cursor as each request leaves (read then, before any later write of it).
    const storedAtRequest: Promise<unknown>[] = [];
    server.onPull = () => storedAtRequest.push(getMeta('pullCursor'));
    await engine.requestSync();
    expect(server.pulls.map((p) => p.since)).toEqual([1, 10, 20]);
    // Each page after the first was asked for before the page before it was stored.
    expect(await Promise.all(storedAtRequest)).toEqual([1, 1, 10]);
    expect(await db.products.toCollection().primaryKeys()).toEqual([1, 2, 3, 4]);
    expect(await getMeta('pullCursor')).toBe(21);
  });

  it('says the catalogue is behind from a page with more after it until the last page, also when the pull stops half-way', async () => {
    server.pages = [
      pullPage({ products: [product(2)], cursor: 10, hasMore: true }),
      pullPage({ products: [product(3)], cursor: 20, hasMore: true }),
      pullPage({ products: [product(4)], cursor: 21 }),
    ];
    const behind = () => events.flatMap((e) => (e.type === 'status' ? [e.status.catalogBehind] : [])).filter((v, i, all) => i === 0 || v !== all[i - 1]);
    // The network drops after the second page was asked for: the third request never arrives.
    server.onPull = (params) => {
      if (params.since === 10) server.reachable = false;
    };
    expect(await engine.requestSync()).toBe('offline');
    expect(await getMeta('pullCursor')).toBe(20);
    expect(engine.getStatus().catalogBehind).toBe(true);
    server.reachable = true;
    server.onPull = () => {};
    expect(await engine.requestSync()).toBe('ok');
    expect(await db.products.toCollection().primaryKeys()).toEqual([1, 2, 3, 4]);
    expect(engine.getStatus().catalogBehind).toBe(false);
    expect(behind()).toEqual([false, true, false]);
  });

  it('a catalogue never pulled is behind until its first page that says nothing follows', async () => {
    await setMeta('pullCursor', 0);
    server.reachable = false;
    expect(await engine.requestSync()).toBe('offline');
    expect(engine.getStatus().catalogBehind).toBe(true);
    server.reachable = true;
    server.pages = [pullPage({ products: [product(2)], cursor: 5 })];
    expect(await engine.requestSync()).toBe('ok');
    expect(engine.getStatus().catalogBehind).toBe(false);
  });

  it('a page whose cursor was moved by another writer meanwhile is dropped, and the pull goes on from the stored cursor', async () => {
    server.pages = [pullPage({ products: [product(2)], cursor: 10, hasMore: true }), pullPage({ products: [product(3)], cursor: 20, hasMore: true }), pullPage({ products: [product(4)], cursor: 31 })];
    server.onPull = (params) => {
      // Another writer stores cursor 30 before the first page is applied.
      if (params.since === 1) void setMeta('pullCursor', 30);
    };
    await engine.requestSync();
    expect(server.pulls.map((p) => p.since)).toEqual([1, 10, 30]);
    expect(await db.products.toCollection().primaryKeys()).toEqual([1, 4]);
    expect(await getMeta('pullCursor')).toBe(31);
  });

  it('after the server confirms, the pulled stock is the truth (no double subtraction)', async () => {
    const sale = await sell(1, 4);
    expect((await db.products.get(1))?.stock).toBe(996);
    server.loseReplies = 1;
    await engine.requestSync();
    server.pages = [pullPage({ products: [product(1, { stock: 996 })], cursor: 3 })];
    await engine.requestSync();
    expect(await db.outbox.get(sale.clientSaleId)).toMatchObject({ status: 'synced' });
    expect((await db.products.get(1))?.stock).toBe(996);
  });
});

describe('backoff', () => {
  it('doubles from 1 s, caps at 60 s, jitter in the upper half of the window', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, () => 1))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffDelay(1, () => 0)).toBe(500);
    expect(backoffDelay(7, () => 1)).toBe(60_000);
    expect(backoffDelay(30, () => 0)).toBe(30_000);
  });
});
