/**
 * Issue #13 items 2 and 16: who a pushed sale is recorded under, and what the owner is told to review.
 * A seller is believed only when that user signed in on the device; other sales still land (they
 * happened) but flagged and attributed to a real person at that counter. Absurd capture dates are
 * booked and flagged (sync-push-clock.test.ts), a 100 % discount is flagged, and a reused clientSaleId with another body is refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../domain/constants';
import { MSG, SYNC_NOTES } from '../../domain/messages';
import { SYNC_SCHEMA_VERSION } from '../../domain/constants';
import { createProduct, pushedSale } from '../helpers/fixtures';
import { buildApp, type TestDevice } from '../helpers/server';

let ana: string;
let anaId: number;
let betoId: number;
let device: TestDevice;
let product: number;

const idOf = async (token: string) => (await s.call({ method: 'GET', url: '/api/auth/me', token })).body.data.id as number;

const { s, admin } = await buildApp();
beforeAll(async () => {
  ana = await s.sellerToken('ana');
  anaId = await idOf(ana);
  betoId = await idOf(await s.sellerToken('beto'));
  device = await s.registerDevice(ana);
  product = await createProduct(s.app.store, { price: 100, stock: 1000 });
});

let seq = 0;
const sale = (extra: Record<string, unknown> = {}) => pushedSale(++seq, [{ productId: product, quantity: 2, unitPrice: 100 }], { sellerId: anaId, ...extra });
const push = (salesList: unknown[], token?: string) =>
  s.call({ method: 'POST', url: '/api/sync/push', token, headers: device.headers, payload: { deviceId: device.id, schemaVersion: SYNC_SCHEMA_VERSION, sales: salesList } });
const stored = async (saleId: number) => (await s.call({ method: 'GET', url: `/api/sales/${saleId}`, token: admin })).body.data;

describe('the seller of a pushed sale', () => {
  it('is believed for a user who signed in on the device, online sign-in with the device credential included', async () => {
    const carla = await s.sellerToken('carla');
    const carlaId = await idOf(carla);
    const login = await s.call({ method: 'POST', url: '/api/auth/login', headers: device.headers, payload: { username: 'carla', password: 'clave-vendedor' } });
    expect(login.status).toBe(200);
    const res = await push([sale({ sellerId: anaId }), sale({ sellerId: carlaId })]);
    expect(res.body.data.results.map((r: { flags: string[] }) => r.flags)).toEqual([[], []]);
    expect((await stored(res.body.data.results[1].saleId)).user.id).toBe(carlaId);
  });

  it('another seller, the admin or an unknown id is flagged and recorded under the pusher, with a note the owner reads', async () => {
    const res = await push([sale({ sellerId: betoId }), sale({ sellerId: 1 }), sale({ sellerId: 424242 })], ana);
    expect(res.body.data.results.map((r: { status: string; flags: string[] }) => [r.status, r.flags])).toEqual([
      ['applied', ['review']],
      ['applied', ['review']],
      ['applied', ['review']],
    ]);
    const rows = await Promise.all(res.body.data.results.map((r: { saleId: number }) => stored(r.saleId)));
    expect(rows.map((r) => r.user.id)).toEqual([anaId, anaId, anaId]);
    expect(rows[0].reviewNote).toBe(SYNC_NOTES.sellerNotOnDevice(betoId, 'Vendedor ana'));
    expect(rows[2].reviewNote).toBe(SYNC_NOTES.sellerNotOnDevice(424242, 'Vendedor ana'));
    const flagged = await s.call({ method: 'GET', url: '/api/sales?flagged=true&limit=100', token: admin });
    const ids = flagged.body.data.map((r: { id: number }) => r.id);
    for (const r of rows) expect(ids).toContain(r.id);
  });

  it('without a session, an unverified seller is recorded under the device’s last signed-in user', async () => {
    const res = await push([sale({ sellerId: betoId })]);
    const row = await stored(res.body.data.results[0].saleId);
    expect(row.flags).toEqual(['review']);
    expect(row.user.id).toBe(anaId);
  });
});

describe('what the owner is told to review', () => {
  it('flags a 100 % discount', async () => {
    const res = await push([sale({ discount: 200 }), sale({ discount: 199.99 })]);
    expect(res.body.data.results.map((r: { flags: string[] }) => r.flags)).toEqual([['review'], []]);
    const row = await stored(res.body.data.results[0].saleId);
    expect(row).toMatchObject({ total: 0, reviewNote: MSG.reviewFullDiscount });
  });

  it('a reused clientSaleId with another body is refused and the stored sale is flagged; the same body stays a duplicate', async () => {
    const original = sale();
    const first = await push([original]);
    const same = await push([original]);
    expect(same.body.data.results[0].status).toBe('duplicate');
    const forged = { ...original, items: [{ productId: product, quantity: 50, unitPrice: 1 }] };
    const res = await push([forged]);
    expect(res.body.data.results[0]).toMatchObject({ status: 'rejected', reason: `${MSG.saleBodyMismatch} (${first.body.data.results[0].saleNumber})` });
    const row = await stored(first.body.data.results[0].saleId);
    expect(row).toMatchObject({ total: 200, flags: ['review'], reviewNote: SYNC_NOTES.bodyReplayed });
    await push([forged]);
    expect((await stored(row.id)).reviewNote).toBe(SYNC_NOTES.bodyReplayed);
  });
});

describe('bounded work per push', () => {
  it(`refuses more than ${LIMITS.syncPushMaxLines} lines in one push with a Spanish 413`, async () => {
    const items = Array.from({ length: 25 }, () => ({ productId: product, quantity: 1, unitPrice: 100 }));
    const big = Array.from({ length: LIMITS.syncPushMaxLines / 25 + 1 }, (_, i) => pushedSale(i + 1, items));
    const res = await push(big);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, message: SYNC_NOTES.tooManyLines(LIMITS.syncPushMaxLines) });
  });
});
