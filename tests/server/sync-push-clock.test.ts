/**
 * Issue #29 item 2: a wrong tablet clock never loses a sale. Sales whose device clock says 1970, 2000,
 * 31 days ago (before the device existed), 25 hours or a year ahead all land exactly once, flagged with a
 * note that names the cause, booked on the server's receipt time (docs/sync.md "La fecha de una venta"),
 * with the device's time kept in `captured_at`; number ({dia}) and the rollups' day follow the booked
 * date. A retry is `duplicate`, never `rejected`. A possible time (a few minutes fast, weeks old) is booked as is.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '../../domain/constants';
import { SYNC_NOTES } from '../../domain/messages';
import { localDateString, localDateTimeLabel } from '../../domain/time';
import { createProduct, pushedSale } from '../helpers/fixtures';
import { buildApp, type TestDevice } from '../helpers/server';
import { sqlAll } from '../helpers/sql';

const { s, admin } = await buildApp();
const timeZone = s.config.timeZone;
let device: TestDevice;
let product: number;
let sellerId: number;

beforeAll(async () => {
  const seller = await s.sellerToken('reloj');
  sellerId = (await s.call({ method: 'GET', url: '/api/auth/me', token: seller })).body.data.id;
  device = await s.registerDevice(seller);
  product = await createProduct(s.app.store, { price: 100, stock: 1000 });
});

const day = 86_400_000;
let seq = 0;
const sale = (capturedAt: string) => pushedSale(++seq, [{ productId: product, quantity: 1, unitPrice: 100 }], { sellerId, capturedAt });
const push = (sales: unknown[]) =>
  s.call({ method: 'POST', url: '/api/sync/push', headers: device.headers, payload: { deviceId: device.id, schemaVersion: SYNC_SCHEMA_VERSION, sales } });
const label = (iso: string) => localDateTimeLabel(iso, timeZone);

describe('a sale whose device clock is impossible', () => {
  it('lands once, flagged with its cause, booked on the receipt time; its retry is a duplicate', async () => {
    const now = Date.now();
    const clocks = {
      '1970': { at: '1970-01-01T00:00:00.000Z', cause: 'clockBehind' },
      '2000': { at: '2000-01-01T03:00:00.000Z', cause: 'clockBehind' },
      'now − 31 d': { at: new Date(now - 31 * day).toISOString(), cause: 'clockBehind' },
      'now + 25 h': { at: new Date(now + 25 * 3_600_000).toISOString(), cause: 'clockAhead' },
      'now + 1 y': { at: new Date(now + 365 * day).toISOString(), cause: 'clockAhead' },
    } as const;
    const batch = Object.values(clocks).map((c) => sale(c.at));
    const before = new Date().toISOString();
    const res = await push(batch);
    const after = new Date().toISOString();
    expect(res.status).toBe(200);
    const results = res.body.data.results as { status: string; saleId: number; flags: string[] }[];
    expect(results.map((r) => [r.status, r.flags])).toEqual(batch.map(() => ['applied', ['review']]));

    const stored = await sqlAll<{ id: number; saleNumber: string; saleDate: string; capturedAt: string; localDate: string; createdAt: string; reviewNote: string }>(
      s.app,
      `SELECT id, sale_number AS "saleNumber", sale_date AS "saleDate", captured_at AS "capturedAt", local_date AS "localDate",
              created_at AS "createdAt", review_note AS "reviewNote"
       FROM sales WHERE client_sale_id IN (?, ?, ?, ?, ?) ORDER BY id`,
      ...batch.map((b) => b.clientSaleId),
    );
    expect(stored).toHaveLength(5);
    Object.values(clocks).forEach((clock, i) => {
      const row = stored[i];
      expect(row.id).toBe(results[i].saleId);
      expect(row.capturedAt).toBe(clock.at);
      // Booked on the receipt time: between the request and its reply, never the device's time.
      expect(row.saleDate >= before && row.saleDate <= after).toBe(true);
      expect(row.reviewNote).toBe(SYNC_NOTES[clock.cause](label(clock.at), label(row.saleDate)));
      // The day the rollups and the number ({año}{mes}{dia}) use is the booked one.
      expect(row.localDate).toBe(localDateString(row.saleDate, timeZone));
      expect(row.saleNumber.startsWith(`V${row.localDate.replaceAll('-', '')}-`)).toBe(true);
    });

    // The owner finds them under "con observaciones", with the note in the sale's detail.
    const flagged = await s.call({ method: 'GET', url: '/api/sales?flagged=true&limit=500', token: admin });
    const flaggedIds = flagged.body.data.map((r: { id: number }) => r.id);
    for (const row of stored) expect(flaggedIds.filter((id: number) => id === row.id)).toHaveLength(1);
    const detail = await s.call({ method: 'GET', url: `/api/sales/${stored[0].id}`, token: admin });
    expect(detail.body.data).toMatchObject({ saleDate: stored[0].saleDate, flags: ['review'], reviewNote: stored[0].reviewNote });

    // "Reintentar" sends the very same sales: duplicates, nothing new, nothing rejected.
    const again = await push(batch);
    expect(again.body.data.results.map((r: { status: string; saleId: number }) => [r.status, r.saleId])).toEqual(results.map((r) => ['duplicate', r.saleId]));
    const count = await sqlAll<{ n: number }>(s.app, 'SELECT count(*) AS n FROM sales WHERE client_sale_id IN (?, ?, ?, ?, ?)', ...batch.map((b) => b.clientSaleId));
    expect(count[0].n).toBe(5);
    const quarantined = await sqlAll(s.app, 'SELECT id FROM sync_quarantine WHERE device_id = ?', device.id);
    expect(quarantined).toEqual([]);
  });

  it('a possible time is booked as the device said, without a flag: a few minutes fast, or weeks offline', async () => {
    const now = Date.now();
    const batch = [sale(new Date(now + 4 * 60_000).toISOString()), sale(new Date(now - 29 * day).toISOString())];
    const res = await push(batch);
    expect(res.body.data.results.map((r: { status: string; flags: string[] }) => [r.status, r.flags])).toEqual([['applied', []], ['applied', []]]);
    const rows = await sqlAll<{ saleDate: string; capturedAt: string }>(
      s.app,
      'SELECT sale_date AS "saleDate", captured_at AS "capturedAt" FROM sales WHERE client_sale_id IN (?, ?) ORDER BY id',
      ...batch.map((b) => b.clientSaleId),
    );
    expect(rows).toEqual(batch.map((b) => ({ saleDate: b.capturedAt, capturedAt: b.capturedAt })));
  });

  it('every push reply carries the server time, for the counter to check its clock', async () => {
    const before = Date.now();
    const res = await push([]);
    const serverTime = Date.parse(res.body.data.serverTime);
    expect(serverTime).toBeGreaterThanOrEqual(before - 1000);
    expect(serverTime).toBeLessThanOrEqual(Date.now() + 1000);
  });
});
