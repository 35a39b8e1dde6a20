/**
 * Draining a long queue (issue #17 item 3, push-sales.ts): the device reads and writes while a batch
 * travels, yet only one push is ever in flight, nothing is marked synced before its reply, and a failure
 * in the middle of the drain loses and doubles nothing.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PushBody } from '../../domain/schemas/sync';
import { addToCart } from '../../src/offline/cart';
import { captureSale } from '../../src/offline/capture';
import { db } from '../../src/offline/db';
import { createSyncEngine, type SyncEngine } from '../../src/offline/engine';
import type { DeviceCredential } from '../../src/offline/transport';
import { FakeServer } from './fake-server';
import { freshStore, product } from './local-store';

let server: FakeServer;
let engine: SyncEngine;
let inFlight = 0;
let maxInFlight = 0;
/** Statuses in Dexie of the sales each push carried, read when its request left. */
let statusesAtSend: string[][] = [];

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(async () => {
  await freshStore(product(1, { stock: 10_000 }));
  server = new FakeServer();
  [inFlight, maxInFlight, statusesAtSend] = [0, 0, []];
  const transport = {
    ...server.transport,
    push: async (body: PushBody, device: DeviceCredential) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const ids = (body.sales as { clientSaleId: string }[]).map((sale) => sale.clientSaleId);
      statusesAtSend.push((await db.outbox.bulkGet(ids)).map((entry) => entry?.status ?? 'missing'));
      await delay(5);
      try {
        return await server.transport.push(body, device);
      } finally {
        inFlight -= 1;
      }
    },
  };
  engine = createSyncEngine({ transport, hasSession: () => true, withLock: (fn) => fn(), random: () => 0.5 });
});

async function queue(count: number) {
  for (let i = 0; i < count; i += 1) {
    await addToCart(1);
    await captureSale({ sellerId: 1, sellerName: 'Vera', discountCents: 0, paymentMethod: 'efectivo' });
  }
}

const countBy = async (status: string) => db.outbox.where('status').equals(status).count();

describe('draining the outbox', () => {
  it('one push in flight at a time, oldest first, none of a batch already synced when it leaves', async () => {
    await queue(450);
    expect(await engine.requestSync()).toBe('ok');
    expect(maxInFlight).toBe(1);
    expect(server.pushes.map((p) => p.length)).toEqual([200, 200, 50]);
    expect(server.applied.size).toBe(450);
    expect(statusesAtSend.flat().every((status) => status === 'pending' || status === 'syncing')).toBe(true);
    const seqs = (await db.outbox.orderBy('deviceSeq').toArray()).map((e) => e.deviceSeq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(await countBy('pending')).toBe(0);
    expect(await countBy('syncing')).toBe(0);
  }, 60_000);

  it('a batch refused mid-drain goes back to pending with the ones behind it; the retry delivers each sale once', async () => {
    await queue(450);
    const push = server.transport.push;
    let calls = 0;
    server.transport.push = async (body, device) =>
      ++calls === 2 ? { success: false as const, kind: 'http' as const, status: 503, message: 'Servidor ocupado' } : push(body, device);
    expect(await engine.requestSync()).toBe('retry');
    expect(server.applied.size).toBe(200);
    expect(await countBy('synced')).toBe(200);
    expect(await countBy('pending')).toBe(250);
    expect(await countBy('syncing')).toBe(0);
    expect((await db.outbox.where('deviceSeq').equals(201).first())?.lastError).toBe('Servidor ocupado');

    expect(await engine.requestSync()).toBe('ok');
    expect(server.applied.size).toBe(450);
    expect(server.pushes.flat()).toHaveLength(450);
    expect(await countBy('pending')).toBe(0);
  }, 60_000);

  it('a lost reply in the middle: the batch comes back duplicate and every sale exists once', async () => {
    await queue(450);
    const push = server.transport.push;
    let calls = 0;
    server.transport.push = async (body, device) => {
      calls += 1;
      if (calls === 2) server.loseReplies = 1;
      return push(body, device);
    };
    expect(await engine.requestSync()).toBe('offline');
    expect(await countBy('synced')).toBe(200);
    expect(await countBy('pending')).toBe(250);
    expect(await engine.requestSync()).toBe('ok');
    expect(server.applied.size).toBe(450);
    expect(await countBy('synced')).toBe(200); // pruned to the 200 most recent
    expect(await countBy('pending')).toBe(0);
  }, 60_000);

});
