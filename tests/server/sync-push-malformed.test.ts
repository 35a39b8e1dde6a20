/**
 * Issue #29 item 3: one malformed sale never jams a device's queue. Batches mixing good sales with
 * malformed ones (generated: wrong types, unsafe and huge numbers, NaN-ish strings, missing fields,
 * negative quantities, a repeated id with another body, not an object at all) answer 200 with one result
 * per sale: each malformed one `rejected` with a Spanish reason, every good one applied exactly once, its
 * stock moved. Every rejected body is kept in quarantine, which only an admin reads (GET /sync/quarantine).
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '../../domain/constants';
import type { QuarantinedSaleJson } from '../../domain/schemas/sync';
import { createProduct, pushedSale } from '../helpers/fixtures';
import { buildApp, type TestDevice } from '../helpers/server';
import { sqlAll } from '../helpers/sql';

const { s, admin } = await buildApp({ captureLogs: true });
let seller: string;
let sellerId: number;
let product: number;

beforeAll(async () => {
  seller = await s.sellerToken('fuzz');
  sellerId = (await s.call({ method: 'GET', url: '/api/auth/me', token: seller })).body.data.id;
  product = await createProduct(s.app.store, { price: 100, stock: 1_000_000 });
});

const push = (device: TestDevice, sales: unknown[]) =>
  s.call({ method: 'POST', url: '/api/sync/push', headers: device.headers, payload: { deviceId: device.id, schemaVersion: SYNC_SCHEMA_VERSION, sales } });
const good = (seq: number, quantity = 1) => pushedSale(seq, [{ productId: product, quantity, unitPrice: 100 }], { sellerId });
const stock = async () => (await sqlAll<{ stock: number }>(s.app, 'SELECT stock FROM products WHERE id = ?', product))[0].stock;
const quarantine = async (token: string) => s.call({ method: 'GET', url: '/api/sync/quarantine?limit=500', token });

const MISSING = Symbol('missing');
/** Values that make the field they replace invalid (MISSING: the field is left out). */
const BAD: Record<string, unknown[]> = {
  clientSaleId: [MISSING, null, 'x', '', 123, { id: 1 }, 'not-a-uuid-at-all'],
  deviceSeq: [MISSING, 2 ** 53 + 2, 1e300, -1, 0, 1.5, 'NaN', '12', null, 2 ** 31, Number.MAX_SAFE_INTEGER, [1]],
  capturedAt: [MISSING, 'NaN', 'ayer', 12345, null, '2026-13-45T00:00:00Z', ''],
  sellerId: [MISSING, -1, 0, 'abc', 1e20, 2 ** 31, null],
  items: [MISSING, [], 'x', null, {}, Array.from({ length: 501 }, () => ({ productId: 1, quantity: 1, unitPrice: 1 }))],
  quantity: [-1, 0, 1.5, 1e9, 'NaN', null, MISSING],
  unitPrice: [-1, 'NaN', 1e300, 0.001, MISSING, 'Infinity'],
  productId: [1e15, 'abc', -3, 0, MISSING, 2 ** 31],
  discount: [-5, 'NaN', 1e300, 0.001, 'gratis'],
  paymentMethod: [MISSING, 'bitcoin', 5, null, 'mercadopago'],
};
const NOT_A_SALE: unknown[] = [null, 42, 'texto', [], true, { hola: 'mundo' }];

/** A good sale with one field broken. */
function breakSale(seq: number, field: string, value: unknown): unknown {
  const sale: Record<string, unknown> = { ...good(seq) };
  const item: Record<string, unknown> = { productId: product, quantity: 1, unitPrice: 100 };
  const set = (target: Record<string, unknown>, key: string) => (value === MISSING ? delete target[key] : (target[key] = value));
  if (field === 'quantity' || field === 'unitPrice' || field === 'productId') {
    set(item, field);
    sale.items = [item];
  } else set(sale, field);
  return sale;
}

const malformed = fc.oneof(
  fc.constantFrom(...NOT_A_SALE).map((value) => () => value),
  fc.constantFrom(...Object.entries(BAD).flatMap(([field, values]) => values.map((value) => [field, value] as const))).map(([field, value]) => Object.assign((seq: number) => breakSale(seq, field, value), { toString: () => `${field}=${String(value)}` })),
);
/** A batch: good sales and malformed ones in any order, and maybe a good one repeated with another body. */
const batches = fc.record({
  kinds: fc.array(fc.oneof(fc.constant<'good'>('good'), malformed), { minLength: 1, maxLength: 25 }),
  forgedRepeat: fc.boolean(),
});

describe('a batch with malformed sales', () => {
  it('an unsafe deviceSeq is rejected on its own; the good sales around it are applied (was a 500 after committing them)', async () => {
    const device = await s.registerDevice(seller);
    const bad = { ...good(2), deviceSeq: 2 ** 53 + 2 };
    const res = await push(device, [good(1), bad, good(3)]);
    expect(res.status).toBe(200);
    expect(res.body.data.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'rejected', 'applied']);
    expect(res.body.data.results[1]).toMatchObject({ clientSaleId: bad.clientSaleId, deviceSeq: null });
    expect(res.body.data.results[1].reason).toMatch(/^Datos inválidos: .*Secuencia|deviceSeq/i);
  });

  it('fuzz: per-sale rejections, never a 5xx, the good ones applied once, every rejected body in quarantine', async () => {
    await fc.assert(
      fc.asyncProperty(batches, async ({ kinds, forgedRepeat }) => {
        const device = await s.registerDevice(seller);
        const sales = kinds.map((kind, i) => (kind === 'good' ? good(i + 1, 1 + (i % 3)) : kind(i + 1)));
        const goodIdx = kinds.flatMap((kind, i) => (kind === 'good' ? [i] : []));
        // The first good sale's id again with another body: a replay to refuse, not a second sale.
        const forged = forgedRepeat && goodIdx.length ? { ...(sales[goodIdx[0]] as object), notes: 'otro contenido' } : null;
        if (forged) sales.push(forged);
        const before = await stock();
        const res = await push(device, sales);
        expect(res.status).toBe(200);
        const results = res.body.data.results as { status: string; reason?: string; clientSaleId: string | null }[];
        expect(results).toHaveLength(sales.length);
        results.forEach((result, i) => {
          if (goodIdx.includes(i)) expect(result.status).toBe('applied');
          else {
            expect(result.status).toBe('rejected');
            expect(result.reason).toMatch(/[a-záéíóúñ]{3,}/i);
          }
        });
        const goodSales = goodIdx.map((i) => sales[i] as ReturnType<typeof good>);
        const sold = goodSales.reduce((sum, sale) => sum + sale.items[0].quantity, 0);
        expect(await stock()).toBe(before - sold);
        const stored = await sqlAll<{ n: number }>(s.app, 'SELECT count(*) AS n FROM sales WHERE device_id = ?', device.id);
        expect(stored[0].n).toBe(goodSales.length);
        const kept = await sqlAll<{ body: string; reason: string }>(s.app, 'SELECT body, reason FROM sync_quarantine WHERE device_id = ?', device.id);
        const keptBodies = new Set(kept.map((row) => row.body));
        results.forEach((result, i) => {
          if (result.status === 'rejected') expect(keptBodies.has(JSON.stringify(sales[i]))).toBe(true);
        });
        expect(kept.length).toBe(new Set(results.flatMap((r, i) => (r.status === 'rejected' ? [JSON.stringify(sales[i])] : []))).size);
      }),
      { numRuns: 20 },
    );
    expect(s.logs.filter((line) => line.level >= 50)).toEqual([]);
  });

  it('the same rejected body pushed again is one quarantine row with two attempts; only an admin reads it, with why', async () => {
    const device = await s.registerDevice(seller);
    const bad = { ...good(1), items: [{ productId: product, quantity: -2, unitPrice: 100 }] };
    const first = await push(device, [bad]);
    const again = await push(device, [bad]);
    expect([first.body.data.results[0].status, again.body.data.results[0].status]).toEqual(['rejected', 'rejected']);
    expect((await quarantine(seller)).status).toBe(403);
    expect((await s.call({ method: 'GET', url: '/api/sync/quarantine' })).status).toBe(401);
    const list = await quarantine(admin);
    expect(list.status).toBe(200);
    const mine = (list.body.data as QuarantinedSaleJson[]).filter((row) => row.deviceId === device.id);
    expect(mine).toEqual([
      expect.objectContaining({ clientSaleId: bad.clientSaleId, attempts: 2, reason: first.body.data.results[0].reason, body: JSON.stringify(bad), sale: null }),
    ]);
    expect(mine[0].reason).toContain('Cantidad');
  });

  it('a quarantined sale later pushed whole (the cashier fixed it and retried) shows its stored sale', async () => {
    const device = await s.registerDevice(seller);
    const fixed = good(1);
    await push(device, [{ ...fixed, paymentMethod: 'bitcoin' }]);
    const applied = await push(device, [fixed]);
    expect(applied.body.data.results[0].status).toBe('applied');
    const row = ((await quarantine(admin)).body.data as QuarantinedSaleJson[]).find((r) => r.deviceId === device.id);
    expect(row?.sale).toEqual({ id: applied.body.data.results[0].saleId, saleNumber: applied.body.data.results[0].saleNumber });
  });
});


