/**
 * A store made by version 1 opened by the current app (version 5): version 2 (issue #11) pulls the
 * catalogue again from the start (IVA rates), version 3 (issue #16) adds the cash tables, version 4 (issue #33) the customers, version 5 (issue #33.4) the account outbox; queued sales and
 * the device's meta stay untouched.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { MostradorDb } from '../../src/offline/db';

describe('local store upgrade from version 1', () => {
  it('keeps the queued sales and the meta of a version-1 store, and opens the cash tables', async () => {
    const name = 'mostrador-upgrade-test';
    const old = new Dexie(name);
    old.version(1).stores({
      products: 'id, code',
      categories: 'id',
      brands: 'id',
      cart: 'productId, addedAt',
      outbox: 'clientSaleId, status, deviceSeq, [status+deviceSeq], syncedAt',
      meta: 'key',
      credentials: 'username',
    });
    await old.open();
    await old.table('outbox').bulkAdd([
      { clientSaleId: 'a', status: 'pending', deviceSeq: 1, syncedAt: null, totalCents: 100 },
      { clientSaleId: 'b', status: 'syncing', deviceSeq: 2, syncedAt: null, totalCents: 200 },
    ]);
    await old.table('meta').put({ key: 'deviceSeq', value: 2 });
    await old.table('meta').put({ key: 'pullCursor', value: 57 });
    old.close();

    const upgraded = new MostradorDb(name);
    await upgraded.open();
    expect(upgraded.verno).toBe(5);
    expect((await upgraded.outbox.orderBy('deviceSeq').toArray()).map((e) => [e.clientSaleId, e.status])).toEqual([
      ['a', 'pending'],
      ['b', 'syncing'],
    ]);
    expect(await upgraded.meta.get('deviceSeq')).toEqual({ key: 'deviceSeq', value: 2 });
    expect(await upgraded.meta.get('pullCursor')).toEqual({ key: 'pullCursor', value: 0 });
    expect(await upgraded.cashSessions.count()).toBe(0);
    expect(await upgraded.cashOutbox.count()).toBe(0);
    expect(await upgraded.customers.count()).toBe(0);
    upgraded.close();
  });
});
