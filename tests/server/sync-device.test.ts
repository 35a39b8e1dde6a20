/**
 * Issue #13 items 1–3: a device is something only that device can speak for. Registration hands out a
 * credential once; push and pull need it; another user can neither push, pull, rename nor re-own a
 * device, even knowing its id from GET /sales; devices from before credentials are claimed by their own
 * users; a device delivers its captured sales without a session.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../domain/messages';
import { SYNC_SCHEMA_VERSION } from '../../domain/constants';
import { devices, sales, syncBatches } from '../../server/db/schema';
import { countSales, createProduct, pushedSale } from '../helpers/fixtures';
import { buildApp, type TestDevice } from '../helpers/server';
import { first } from '../../server/db/store';

let ana: string;
let beto: string;
let anaId: number;
let product: number;

const { s, admin } = await buildApp();
beforeAll(async () => {
  ana = await s.sellerToken('ana');
  beto = await s.sellerToken('beto');
  anaId = (await s.call({ method: 'GET', url: '/api/auth/me', token: ana })).body.data.id;
  product = await createProduct(s.app.store, { price: 100, stock: 1000 });
});

const line = () => [{ productId: product, quantity: 1, unitPrice: 100 }];
const push = (device: TestDevice, salesList: unknown[], token?: string, deviceId = device.id) =>
  s.call({ method: 'POST', url: '/api/sync/push', token, headers: device.headers, payload: { deviceId, schemaVersion: SYNC_SCHEMA_VERSION, sales: salesList } });

describe('device credential', () => {
  it('is shown once at registration and stored only as a hash', async () => {
    const device = await s.registerDevice(ana);
    expect(device.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = (await s.app.store.read((q) => first(q.select().from(devices).where(eq(devices.id, device.id)))))!;
    expect(row.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.keyHash).not.toContain(device.key);
    const list = await s.call({ method: 'GET', url: '/api/sync/devices', token: admin });
    expect(JSON.stringify(list.body)).not.toContain(device.key);
    expect(JSON.stringify(list.body)).not.toContain(row.keyHash!);
  });

  it('another user cannot hijack a device whose id they read from GET /sales', async () => {
    const tablet = await s.registerDevice(ana);
    const first = await push(tablet, [pushedSale(1, line(), { sellerId: anaId })], ana);
    expect(first.body.data.results[0].status).toBe('applied');
    const list = await s.call({ method: 'GET', url: '/api/sales?limit=50', token: beto });
    expect(list.body.data.some((sale: { deviceId: string }) => sale.deviceId === tablet.id)).toBe(true);

    const squat = { ...tablet, headers: { 'x-device-id': tablet.id, 'x-device-key': 'x'.repeat(43) } };
    const noKey = await s.call({ method: 'POST', url: '/api/sync/push', token: beto, payload: { deviceId: tablet.id, schemaVersion: SYNC_SCHEMA_VERSION, sales: [pushedSale(2, line())] } });
    expect(noKey).toMatchObject({ status: 401, body: { success: false, message: MSG.deviceCredentialRequired } });
    expect((await push(squat, [pushedSale(2, line())], beto)).status).toBe(401);
    const betoDevice = await s.registerDevice(beto);
    const crossed = await push(betoDevice, [pushedSale(2, line())], beto, tablet.id);
    expect(crossed).toMatchObject({ status: 403, body: { message: MSG.deviceIdMismatch } });
    const pull = await s.call({ method: 'GET', url: '/api/sync/pull?since=0&limit=1', token: beto, headers: squat.headers });
    expect(pull.status).toBe(401);
    const reRegister = await s.call({ method: 'POST', url: '/api/sync/devices/register', token: beto, payload: { deviceId: tablet.id, deviceName: 'Mía' } });
    expect(reRegister).toMatchObject({ status: 409, body: { message: MSG.deviceIdTaken } });
    const adminClaim = await s.call({ method: 'POST', url: '/api/sync/devices/register', token: admin, payload: { deviceId: tablet.id } });
    expect(adminClaim.status).toBe(409);

    const row = (await s.call({ method: 'GET', url: '/api/sync/devices', token: admin })).body.data.find((d: { id: string }) => d.id === tablet.id);
    expect(row).toMatchObject({ name: 'Caja de prueba', user: { id: anaId }, lastSeq: 1 });
    const next = await push(tablet, [pushedSale(2, line(), { sellerId: anaId })], ana);
    expect(next.body.data.results[0]).toMatchObject({ status: 'applied', flags: [] });
  });

  it('delivers captured sales with the credential alone, with an expired session too, and records who pushed', async () => {
    const device = await s.registerDevice(ana);
    const expired = s.app.jwt.sign({ sub: anaId, role: 'vendedor', tv: 0, iat: Math.floor(Date.now() / 1000) - 13 * 3600 } as { sub: number; role: 'vendedor'; tv: number });
    expect((await s.call({ method: 'GET', url: '/api/auth/me', token: expired })).status).toBe(401);
    const alone = await push(device, [pushedSale(1, line(), { sellerId: anaId })]);
    const withExpired = await push(device, [pushedSale(2, line(), { sellerId: anaId })], expired);
    const signedIn = await push(device, [pushedSale(3, line(), { sellerId: anaId })], ana);
    for (const res of [alone, withExpired, signedIn]) expect(res.body.data.results[0]).toMatchObject({ status: 'applied', flags: [] });
    const batches = (await s.app.store.read((q) => q.select().from(syncBatches).where(eq(syncBatches.deviceId, device.id))));
    expect(batches.map((b) => b.userId)).toEqual([null, null, anaId]);
    const stored = (await s.app.store.read((q) => q.select({ batch: sales.syncBatchId, user: sales.userId }).from(sales).where(eq(sales.deviceId, device.id))));
    expect(stored).toEqual(batches.map((b) => ({ batch: b.id, user: anaId })));
    const pull = await s.call({ method: 'GET', url: '/api/sync/pull?since=0&limit=1', headers: device.headers });
    expect(pull.status).toBe(200);
  });

  it('a device from before credentials is claimed by one of its users; anyone else gets 409 and registers a new id', async () => {
    const legacy = randomUUID();
    await s.app.store.write((tx) => tx.insert(devices).values({ id: legacy, name: 'Caja vieja', userId: anaId }));
    const betoTry = await s.call({ method: 'POST', url: '/api/sync/devices/register', token: beto, payload: { deviceId: legacy } });
    expect(betoTry.status).toBe(409);
    const claimed = await s.registerDevice(ana, legacy);
    expect((await push(claimed, [pushedSale(1, line(), { sellerId: anaId })])).body.data.results[0].status).toBe('applied');
    const again = await s.call({ method: 'POST', url: '/api/sync/devices/register', token: ana, payload: { deviceId: legacy } });
    expect(again.status).toBe(409);
  });
});

describe('a sequence conflict never loses a genuine sale', () => {
  it('sales squatted under the tablet before credentials do not block its next sales, and a retry is applied once', async () => {
    const legacy = randomUUID();
    await s.app.store.write((tx) => tx.insert(devices).values({ id: legacy, userId: anaId }));
    // Before the fix, another user pushed under this id with sequences 1..3.
    const admin1 = await createProduct(s.app.store, { stock: 10 });
    const { writeSaleToLedger } = await import('../../server/modules/sales/ledger-write');
    for (const seq of [1, 2, 3]) {
      await s.app.store.write((tx) => writeSaleToLedger(tx, { timeZone: s.config.timeZone }, { clientSaleId: randomUUID(), deviceId: legacy, deviceSeq: seq, sellerId: 1, saleDate: new Date().toISOString(), items: [{ productId: admin1, quantity: 1 }], discountCents: 0, paymentMethod: 'efectivo', customerName: null, customerDocument: null, customerEmail: null, notes: null }, 'captured'));
    }
    const tablet = await s.registerDevice(ana, legacy);
    const genuine = [1, 2].map((seq) => pushedSale(seq, line(), { sellerId: anaId }));
    const before = await countSales(s.app);
    const res = await push(tablet, genuine, ana);
    expect(res.body.data.results).toMatchObject([
      { status: 'applied', deviceSeq: 1, serverSeq: 4 },
      { status: 'applied', deviceSeq: 2, serverSeq: 5 },
    ]);
    expect(res.body.data.lastSeq).toBe(5);
    const retry = await push(tablet, genuine, ana);
    expect(retry.body.data.results.map((r: { status: string }) => r.status)).toEqual(['duplicate', 'duplicate']);
    expect(await countSales(s.app) - before).toBe(2);
  });
});
