/**
 * The sales side under concurrency, on either dialect (TEST_DIALECT=postgres: issue #20). On PostgreSQL
 * units run at once, so this file runs TWO servers on the same database (two pools, like two processes
 * behind a load balancer): the same pushed sale lands once, concurrent online sales get distinct
 * consecutive numbers, stock moves by exactly what was sold, concurrent cash closes get distinct Z
 * numbers. On SQLite the second "server" is the first one (one writer per file). Every figure is read
 * back through the store, on the dialect under test.
 */
import { randomUUID } from 'node:crypto';
import { count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '../../domain/constants';
import { cashSessions, sales, stockMovements } from '../../server/db/schema';
import { first, savepoint, type Store } from '../../server/db/store';
import { applyStockDelta, ledgerStock } from '../../server/modules/stock/repository';
import { inChunks } from '../../server/modules/sync/push-chunks';
import { pushedSale } from '../helpers/fixtures';
import { buildApp, closeWithScope, createTestServer, testDialect, type TestServer } from '../helpers/server';

const { s, admin } = await buildApp();
/** A second server on the same database (PostgreSQL), or the same server (SQLite). */
const other: TestServer = testDialect === 'postgres' ? await createTestServer({ databaseUrl: s.config.databaseUrl }) : s;
if (other !== s) closeWithScope(() => other.close());
const otherAdmin = await other.login();

async function product(price: number, stock: number): Promise<number> {
  const res = await s.call({ method: 'POST', url: '/api/products', token: admin, payload: { name: `Art ${randomUUID().slice(0, 8)}`, price, stock } });
  expect(res.status).toBe(201);
  return res.body.data.id as number;
}

/** products.stock and the sum of its movements, read through the store. */
const stockOf = (id: number) =>
  s.app.store.read(async (q) => ({
    stock: (await q.query.products.findFirst({ where: (p, { eq: is }) => is(p.id, id), columns: { stock: true } }))?.stock,
    ledger: await ledgerStock(q, id),
  }));

describe('concurrent sales on one database', () => {
  it('20 concurrent online sales on two servers get 20 distinct consecutive numbers and move stock by exactly what was sold', async () => {
    const id = await product(100, 100);
    const posts = Array.from({ length: 20 }, (_, i) =>
      (i % 2 ? other : s).call({
        method: 'POST',
        url: '/api/sales',
        token: i % 2 ? otherAdmin : admin,
        payload: { items: [{ productId: id, quantity: 1 + (i % 3) }], paymentMethod: 'efectivo', clientSaleId: randomUUID() },
      }),
    );
    const replies = await Promise.all(posts);
    expect(replies.map((r) => r.status)).toEqual(replies.map(() => 201));
    const counters = replies.map((r) => Number(/-(\d+)$/.exec(r.body.data.saleNumber as string)![1])).sort((a, b) => a - b);
    expect(new Set(counters).size).toBe(20);
    expect(counters[19] - counters[0]).toBe(19);
    const sold = Array.from({ length: 20 }, (_, i) => 1 + (i % 3)).reduce((a, b) => a + b, 0);
    expect(await stockOf(id)).toEqual({ stock: 100 - sold, ledger: 100 - sold });
  });

  it('the online sale beyond stock is refused under concurrency: stock never goes below zero', async () => {
    const id = await product(50, 5);
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? other : s).call({ method: 'POST', url: '/api/sales', token: i % 2 ? otherAdmin : admin, payload: { items: [{ productId: id, quantity: 1 }], paymentMethod: 'tarjeta' } }),
      ),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(5);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(3);
    expect(await stockOf(id)).toEqual({ stock: 0, ledger: 0 });
  });

  it('the same sale pushed by two servers at once is written once, and stock moves once (an offline oversell, flagged)', async () => {
    const id = await product(10, 3);
    const device = await s.registerDevice(admin);
    const sale = pushedSale(1, [{ productId: id, quantity: 4, unitPrice: 10 }]);
    const push = (server: TestServer) =>
      server.call({ method: 'POST', url: '/api/sync/push', headers: device.headers, payload: { deviceId: device.id, schemaVersion: SYNC_SCHEMA_VERSION, sales: [sale] } });
    const replies = await Promise.all([push(s), push(other), push(s), push(other)]);
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const results = replies.map((r) => r.body.data.results[0]);
    expect(results.map((r) => r.status).sort()).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate']);
    expect(new Set(results.map((r) => r.saleId)).size).toBe(1);
    expect(results.map((r) => r.flags)).toEqual(results.map(() => ['oversold']));
    const stored = await s.app.store.read(async (q) => ({
      sales: (await first(q.select({ n: count() }).from(sales).where(eq(sales.clientSaleId, sale.clientSaleId))))?.n,
      movements: (await first(q.select({ n: count() }).from(stockMovements).where(eq(stockMovements.saleId, results[0].saleId))))?.n,
    }));
    expect(stored).toEqual({ sales: 1, movements: 1 });
    expect(await stockOf(id)).toEqual({ stock: -1, ledger: -1 });
  });

  it('concurrent cash closes on two servers get distinct Z numbers; a replayed open is stored once', async () => {
    const at = () => new Date().toISOString();
    const devices = await Promise.all([s.registerDevice(admin), s.registerDevice(admin), s.registerDevice(admin), s.registerDevice(admin)]);
    const sessions = devices.map(() => randomUUID());
    const pushCash = (server: TestServer, i: number, events: unknown[]) =>
      server.call({ method: 'POST', url: '/api/sync/cash', headers: devices[i].headers, payload: { deviceId: devices[i].id, events } });
    const opens = devices.map((_, i) => ({ type: 'open', eventId: randomUUID(), clientSessionId: sessions[i], at: at(), userId: 1, float: 100 }));
    const opened = await Promise.all(devices.flatMap((_, i) => [pushCash(s, i, [opens[i]]), pushCash(other, i, [opens[i]])]));
    expect(opened.map((r) => r.status)).toEqual(opened.map(() => 200));
    expect(opened.map((r) => r.body.data.results[0].status).sort()).toEqual([...Array(4).fill('applied'), ...Array(4).fill('duplicate')]);
    const closes = await Promise.all(
      devices.map((_, i) => pushCash(i % 2 ? other : s, i, [{ type: 'close', eventId: randomUUID(), clientSessionId: sessions[i], at: at(), userId: 1, counted: 100, comment: null }])),
    );
    const zs = closes.map((r) => r.body.data.results[0].zNumber as number).sort((a, b) => a - b);
    expect(new Set(zs).size).toBe(4);
    expect(zs[3] - zs[0]).toBe(3);
    const stored = await s.app.store.read((q) => q.select({ z: cashSessions.zNumber }).from(cashSessions).where(inArray(cashSessions.clientSessionId, sessions)));
    expect(stored.map((r) => r.z).sort((a, b) => a! - b!)).toEqual(zs);
  });

  it('a pull, the summary and a return read the same figures through either server', async () => {
    const id = await product(200, 10);
    const sale = await s.call({ method: 'POST', url: '/api/sales', token: admin, payload: { items: [{ productId: id, quantity: 3 }], paymentMethod: 'efectivo' } });
    expect(sale.status).toBe(201);
    const device = await other.registerDevice(otherAdmin);
    const pulled = await other.call({ method: 'GET', url: '/api/sync/pull?since=0&limit=500', token: otherAdmin, headers: device.headers });
    expect(pulled.status).toBe(200);
    expect(pulled.body.data.products.find((p: { id: number }) => p.id === id)).toMatchObject({ stock: 7 });
    const today = new Date().toISOString().slice(0, 10);
    const summary = await other.call({ method: 'GET', url: `/api/sales/summary?startDate=2020-01-01%2000:00:00&endDate=${today}%2023:59:59`, token: otherAdmin });
    expect(summary.status).toBe(200);
    expect(summary.body.data.totalSales).toBeGreaterThan(0);
    const itemId = (await s.call({ method: 'GET', url: `/api/sales/${sale.body.data.id}`, token: admin })).body.data.items[0].id as number;
    const requestId = randomUUID();
    const returns = await Promise.all([s, other, s].map((server, i) =>
      server.call({ method: 'POST', url: `/api/sales/${sale.body.data.id}/returns`, token: i === 1 ? otherAdmin : admin, payload: { requestId, items: [{ saleItemId: itemId, quantity: 1 }] } }),
    ));
    expect(returns.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(await stockOf(id)).toEqual({ stock: 8, ledger: 8 });
  });
});

describe('the sales paths that differ by dialect', () => {
  const push = (device: { id: string; headers: Record<string, string> }, batch: unknown[]) =>
    s.call({ method: 'POST', url: '/api/sync/push', headers: device.headers, payload: { deviceId: device.id, schemaVersion: SYNC_SCHEMA_VERSION, sales: batch } });

  it('a taken sequence, a replay with another body (review note), a search by number and by accented name, a cancellation', async () => {
    const id = await product(30, 10);
    const device = await s.registerDevice(admin);
    const original = pushedSale(1, [{ productId: id, quantity: 1, unitPrice: 30 }], { customerName: 'José Pérez' });
    const second = pushedSale(1, [{ productId: id, quantity: 2, unitPrice: 30 }]);
    const pushed = await push(device, [original, second]);
    expect(pushed.body.data.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
    expect(pushed.body.data.results[1].serverSeq).toBe(2);
    expect(pushed.body.data.lastSeq).toBe(2);
    const replay = await push(device, [{ ...original, discount: 5 }, { ...original, discount: 6 }]);
    expect(replay.body.data.results.map((r: { status: string }) => r.status)).toEqual(['rejected', 'rejected']);
    const saleId = pushed.body.data.results[0].saleId as number;
    const stored = await s.app.store.read((q) => first(q.select({ reviewNote: sales.reviewNote }).from(sales).where(eq(sales.id, saleId))));
    expect(stored?.reviewNote?.split('\n')).toHaveLength(1);
    const number = pushed.body.data.results[0].saleNumber as string;
    const byNumber = await s.call({ method: 'GET', url: `/api/sales?search=${encodeURIComponent(number.toLowerCase())}`, token: admin });
    expect(byNumber.body.data.map((r: { id: number }) => r.id)).toEqual([saleId]);
    const byName = await s.call({ method: 'GET', url: `/api/sales?search=${encodeURIComponent('JOSE PEREZ')}`, token: admin });
    expect(byName.body.data.map((r: { id: number }) => r.id)).toContain(saleId);
    const cancelled = await Promise.all([1, 2].map(() => s.call({ method: 'POST', url: `/api/sales/${saleId}/cancel`, token: admin })));
    expect(cancelled.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await stockOf(id)).toEqual({ stock: 8, ledger: 8 });
  });

  it('a CAEA point of sale taken by another device is a Spanish 409', async () => {
    const [a, b] = [await s.registerDevice(admin), await s.registerDevice(admin)];
    const set = (id: string) => s.call({ method: 'PUT', url: `/api/sync/devices/${id}/caea-pto-vta`, token: admin, payload: { caeaPtoVta: 41 } });
    expect((await set(a.id)).status).toBe(200);
    const taken = await set(b.id);
    expect(taken.status).toBe(409);
    expect(taken.body.success).toBe(false);
  });

  it('the summary over a range that is not whole days groups by local day', async () => {
    const id = await product(10, 10);
    const sold = await s.call({ method: 'POST', url: '/api/sales', token: admin, payload: { items: [{ productId: id, quantity: 2 }], paymentMethod: 'transferencia' } });
    expect(sold.status).toBe(201);
    const today = new Date().toISOString().slice(0, 10);
    const res = await s.call({ method: 'GET', url: `/api/sales/summary?startDate=2020-01-01%2000:00:30&endDate=${today}%2023:59:59`, token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.salesByDay.length).toBeGreaterThan(0);
    for (const day of res.body.data.salesByDay) expect(day.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(res.body.data.salesByPaymentMethod.find((m: { paymentMethod: string }) => m.paymentMethod === 'transferencia')).toBeTruthy();
  });
});


describe('a push chunk whose unit runs again', () => {
  it('after an aborted run (PostgreSQL retries a deadlock) each step is written and reported once', async () => {
    const id = await product(1, 10);
    let aborted = false;
    // The first run of the unit is undone, as PostgreSQL undoes a deadlock's victim, and the unit runs again.
    const retrying: Store = {
      ...s.app.store,
      write: (fn) =>
        s.app.store.write(async (tx) => {
          if (!aborted) {
            aborted = true;
            await savepoint(tx, async () => {
              await fn(tx);
              throw new Error('deadlock detected');
            }).catch(() => undefined);
          }
          return fn(tx);
        }),
    };
    const steps: number[] = [];
    const rewinds: number[] = [];
    await inChunks(retrying, {
      count: 3,
      begin: async () => undefined,
      step: async (tx, i) => {
        await applyStockDelta(tx, id, 1, 'add');
        steps[i] = (steps[i] ?? 0) + 1;
      },
      end: async () => undefined,
      rewind: (from) => {
        rewinds.push(from);
        for (let i = from; i < steps.length; i++) steps[i] = 0;
      },
    });
    expect(aborted).toBe(true);
    expect(rewinds).toEqual([0]);
    expect(steps).toEqual([1, 1, 1]);
    expect(await stockOf(id)).toEqual({ stock: 13, ledger: 13 });
  });
});
