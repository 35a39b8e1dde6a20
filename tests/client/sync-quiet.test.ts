/**
 * Issue #17 items 1 and 2, on the real engine, outbox and gate over fake-indexeddb with simulated time:
 *  - server down for 60 s with one sale pending: every trigger (Background Sync wake-ups ~65/s, focus,
 *    the 30 s timer, a recorded sale) of two tabs of the device goes through one backoff gate → ≤ 10
 *    requests in total, and the sale is delivered once the server is back;
 *  - steady state online: the outbox announces the sale, and it costs exactly one request (the push;
 *    no probe, no pull when the reply says nothing else changed).
 * Issue #29 item 5: with nothing pending a dead server shows «Sin conexión» within 10 s (the idle probe)
 * and still ≤ 10 requests in 60 s down; a new engine (a reload) during an outage starts offline.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addToCart } from '../../src/offline/cart';
import { db, getMeta } from '../../src/offline/db';
import { createSyncEngine, IDLE_PROBE_MS, type SyncEngine } from '../../src/offline/engine';
import { OFFLINE_MSG } from '../../src/offline/messages';
import { onSaleWritten, captureSale } from '../../src/offline/capture';
import { FakeServer } from './fake-server';
import { freshStore, product } from './local-store';

let server: FakeServer;
let tabs: SyncEngine[];
let unsubscribe: () => void;

/** The Web Lock between tabs: one holder at a time, FIFO. */
function sharedLock() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn);
    tail = run.catch(() => undefined);
    return run;
  };
}

async function sell(productId = 1) {
  await addToCart(productId);
  return captureSale({ sellerId: 1, sellerName: 'Vera', discountCents: 0, paymentMethod: 'efectivo' });
}

/** Lets fake-indexeddb and the engine settle for `ms` of simulated time. */
async function elapse(ms: number, step = 15) {
  for (let t = 0; t < ms; t += step) await vi.advanceTimersByTimeAsync(step);
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  await freshStore(product(1, { stock: 1000 }));
  server = new FakeServer();
  const withLock = sharedLock();
  tabs = [0, 1].map(() => createSyncEngine({ transport: server.transport, hasSession: () => true, withLock, random: () => 0.5 }));
  // What instance.ts wires: the outbox announces each sale to this tab's engine.
  unsubscribe = onSaleWritten(() => void tabs[0].trigger());
});

afterEach(async () => {
  unsubscribe();
  tabs.forEach((tab) => tab.stop());
  await elapse(1_000); // cycles already started finish before the next test clears the store
  vi.useRealTimers();
});

describe('sync with the server down (issue #17 item 1)', () => {
  it('60 s down with one sale pending: at most 10 requests from every trigger of two tabs, then the sale is delivered', async () => {
    await tabs[0].requestSync(); // registered and in step while online
    server.reachable = false;
    server.requests = 0;
    const sale = await sell();
    const wakeUps = setInterval(() => tabs.forEach((tab) => void tab.trigger()), 15); // ~65 Background Sync wake-ups a second
    const focus = setInterval(() => void tabs[1].trigger(), 2_000);
    const timer = setInterval(() => tabs.forEach((tab) => void tab.trigger()), 30_000);
    await elapse(60_000, 250);
    expect(server.requests).toBeGreaterThanOrEqual(4); // it keeps trying, with backoff
    expect(server.requests).toBeLessThanOrEqual(10);
    expect((await db.outbox.get(sale.clientSaleId))?.status).toBe('pending');
    expect((await getMeta('syncGate'))?.failures).toBe(server.requests);

    server.reachable = true;
    await elapse(61_000, 250); // the next gated retry falls within the 60 s cap
    [wakeUps, focus, timer].forEach(clearInterval);
    expect((await db.outbox.get(sale.clientSaleId))?.status).toBe('synced');
    expect(server.applied.size).toBe(1);
    expect((await getMeta('syncGate'))?.failures).toBe(0);
  }, 60_000); // two minutes of simulated time take a few real seconds on a busy machine

  it("the user's «Sincronizar ahora» goes past the gate; automatic triggers do not", async () => {
    unsubscribe();
    await tabs[0].requestSync();
    server.reachable = false;
    await sell();
    expect(await tabs[0].trigger()).toBe('offline');
    server.requests = 0;
    expect(await tabs[1].trigger()).toBe('deferred');
    expect(await tabs[0].trigger()).toBe('deferred');
    expect(server.requests).toBe(0);
    expect(await tabs[1].requestSync()).toBe('offline');
    expect(server.requests).toBe(1);
  });

  it('a clock set back (a tablet whose date was wrong) does not hold the outbox behind a gate days away', async () => {
    unsubscribe();
    await tabs[0].requestSync();
    server.reachable = false;
    vi.setSystemTime(Date.now() + 3 * 24 * 3600 * 1000);
    await sell();
    expect(await tabs[0].trigger()).toBe('offline');
    vi.setSystemTime(Date.now() - 3 * 24 * 3600 * 1000);
    server.reachable = true;
    expect(await tabs[0].trigger()).toBe('ok');
    expect(await db.outbox.where('status').equals('synced').count()).toBe(1);
  });
});

describe('one request per online sale (issue #17 item 2)', () => {
  it('the outbox tells the engine; the push is the probe and, with nothing changed elsewhere, the only request', async () => {
    await tabs[0].requestSync();
    server.echo = { cursor: 40, stock: [{ id: 1, stock: 999 }] };
    server.requests = 0;
    const pullsBefore = server.pulls.length;
    const sale = await sell();
    await elapse(200);
    expect((await db.outbox.get(sale.clientSaleId))?.status).toBe('synced');
    expect(server.requests).toBe(1);
    expect(server.pulls.length).toBe(pullsBefore);
    // The echo is the server's truth for the product, and the cursor moved past the device's own change.
    expect(await db.products.get(1)).toMatchObject({ serverStock: 999, stock: 999 });
    expect(await getMeta('pullCursor')).toBe(40);

    server.echo = { cursor: 41, stock: [{ id: 1, stock: 998 }] };
    for (let i = 0; i < 4; i += 1) {
      server.echo = { cursor: 41 + i, stock: [{ id: 1, stock: 998 - i }] };
      await sell();
      await elapse(200);
    }
    expect(server.requests).toBe(5);
    expect(await db.outbox.where('status').equals('synced').count()).toBe(5);
  });

  it('when something changed elsewhere (no echo) the push is followed by a pull', async () => {
    await tabs[0].requestSync();
    server.requests = 0;
    await sell();
    await elapse(200);
    expect(server.requests).toBe(2);
    expect(server.pulls.at(-1)).toMatchObject({ since: 1 });
  });
});

describe('the status tells the truth (issue #29 item 5)', () => {
  /** What instance.ts wires in a visible tab: the idle check every second and the 30 s timer. */
  function appTimers(tab: SyncEngine) {
    const ids = [setInterval(() => void tab.heartbeat(), 1_000), setInterval(() => void tab.trigger(), 30_000)];
    return () => ids.forEach(clearInterval);
  }

  it('nothing pending, the server dies: «Sin conexión» within 10 s, at most 10 requests in 60 s, back online when it returns', async () => {
    unsubscribe();
    await tabs[0].requestSync();
    const stop = appTimers(tabs[0]);
    await elapse(IDLE_PROBE_MS * 3, 250);
    expect(server.probes).toBeGreaterThan(0); // idle and online: the probe is what keeps the status true
    expect(tabs[0].getStatus().online).toBe(true);

    server.reachable = false;
    server.requests = 0;
    const died = Date.now();
    while (tabs[0].getStatus().online !== false && Date.now() - died < 20_000) await elapse(250, 250);
    expect(Date.now() - died).toBeLessThanOrEqual(10_000);
    expect(tabs[0].getStatus().lastError).toBe(OFFLINE_MSG.serverUnreachable);
    await elapse(60_000 - (Date.now() - died), 250);
    expect(server.requests).toBeGreaterThanOrEqual(3);
    expect(server.requests).toBeLessThanOrEqual(10);
    expect(tabs[0].getStatus().online).toBe(false);

    server.reachable = true;
    await elapse(61_000, 250);
    expect(tabs[0].getStatus().online).toBe(true);
    stop();
  }, 60_000);

  it('a failed probe closes the gate like a failed cycle: the next automatic trigger waits', async () => {
    unsubscribe();
    await tabs[0].requestSync();
    await elapse(IDLE_PROBE_MS + 100, 100);
    server.reachable = false;
    server.requests = 0;
    await tabs[0].heartbeat();
    expect(server.requests).toBe(1);
    expect((await getMeta('syncGate'))?.failures).toBe(1);
    expect(await tabs[1].trigger()).toBe('deferred');
    await tabs[0].heartbeat(); // a retry is scheduled: no probe
    expect(server.requests).toBe(1);
  });

  it('a reload during an outage: the new engine says «Sin conexión» before any request, and no sale reads «Enviando»', async () => {
    unsubscribe();
    await tabs[0].requestSync();
    server.reachable = false;
    await sell();
    expect(await tabs[0].trigger()).toBe('offline');
    // The page died mid-send: its entry is left `syncing`.
    await db.outbox.toCollection().modify({ status: 'syncing' });
    tabs.forEach((tab) => tab.stop());
    server.requests = 0;
    const reloaded = createSyncEngine({ transport: server.transport, hasSession: () => true, withLock: sharedLock(), random: () => 0.5 });
    tabs = [reloaded];
    await elapse(50, 10);
    expect(reloaded.getStatus().online).toBe(false);
    expect(await reloaded.trigger()).toBe('deferred'); // the gate still holds: no request to learn it
    expect(server.requests).toBe(0);
    expect(await db.outbox.where('status').equals('syncing').count()).toBe(0);
    expect((await db.outbox.toArray()).map((e) => [e.status, e.lastError, e.attempts])).toEqual([['pending', OFFLINE_MSG.saleWaiting, 0]]);
  });
});
