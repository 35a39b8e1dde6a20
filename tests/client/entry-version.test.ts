/**
 * Queued sales of an older sync schema (issue #17 item 11, src/offline/entry-version.ts): every version
 * before the current one has its upgrade step, and an entry the app cannot bring up to date is never
 * sent in a shape the server refuses: it stays pending, with the reason, and nothing is lost.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '../../domain/constants';
import { addToCart } from '../../src/offline/cart';
import { captureSale } from '../../src/offline/capture';
import { db } from '../../src/offline/db';
import { createSyncEngine } from '../../src/offline/engine';
import { FIRST_ENTRY_VERSION, UPGRADES, upgradeEntry } from '../../src/offline/entry-version';
import { FakeServer } from './fake-server';
import { freshStore, product } from './local-store';

beforeEach(() => freshStore(product(1, { stock: 100 })));

async function sell() {
  await addToCart(1);
  return captureSale({ sellerId: 1, sellerName: 'Vera', discountCents: 0, paymentMethod: 'efectivo' });
}

describe('outbox entries of an older schema version', () => {
  it('every version from the first to the one before the current has its upgrade step', () => {
    for (let version = FIRST_ENTRY_VERSION; version < SYNC_SCHEMA_VERSION; version += 1) expect(UPGRADES[version], `versión ${version}`).toBeTypeOf('function');
  });

  it('an entry of the current version is sent as captured', async () => {
    const entry = await sell();
    expect(entry.schemaVersion).toBe(SYNC_SCHEMA_VERSION);
    expect(upgradeEntry(entry)).toBe(entry);
  });

  it('an entry with no way to the current version is never sent: it stays pending with the reason', async () => {
    const server = new FakeServer();
    const engine = createSyncEngine({ transport: server.transport, hasSession: () => true, withLock: (fn) => fn(), random: () => 0.5 });
    const entry = await sell();
    await db.outbox.update(entry.clientSaleId, { schemaVersion: FIRST_ENTRY_VERSION - 1 });
    expect(await engine.requestSync()).toBe('retry');
    expect(server.pushes).toEqual([]);
    expect(await db.outbox.get(entry.clientSaleId)).toMatchObject({ status: 'pending' });
    expect(engine.getStatus().lastError).toContain('Falta la migración de ventas en cola');
    engine.stop();
  });
});
