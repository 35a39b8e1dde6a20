/**
 * Issue #29 item 4: «Exportar ventas pendientes» → POST /sync/import (admin). The file's sales go through
 * the push itself, as the device that captured them: imported twice (or pushed by the tablet and then
 * imported) they land once; a file larger than a push is cut into push-sized batches; a malformed sale is
 * rejected on its own; an unknown device, a non-admin and a file that is not an export are refused.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '../../domain/constants';
import { MSG } from '../../domain/messages';
import { PENDING_EXPORT_FORMAT } from '../../domain/schemas/sync';
import { countSales, createProduct, pushedSale, stockOf } from '../helpers/fixtures';
import { buildApp, type Envelope, type TestDevice } from '../helpers/server';

const { s, admin } = await buildApp();

const exportFile = (device: TestDevice, sales: unknown[]) => ({
  format: PENDING_EXPORT_FORMAT,
  deviceId: device.id,
  deviceName: 'Caja de prueba',
  schemaVersion: SYNC_SCHEMA_VERSION,
  exportedAt: new Date().toISOString(),
  sales,
});
const importFile = (payload: object, token = admin) => s.call({ method: 'POST', url: '/api/sync/import', token, payload: payload as Record<string, unknown> });
const counts = (body: Envelope) => [body.data.applied, body.data.duplicates, body.data.rejected];

describe('POST /sync/import: a tablet’s exported pending sales, exactly once', () => {
  it('imported twice, the sales land once; the reply counts applied, duplicates and rejected', async () => {
    const product = await createProduct(s.app.store, { price: 100, stock: 30 });
    const device = await s.registerDevice(admin);
    const file = exportFile(device, [1, 2, 3].map((seq) => pushedSale(seq, [{ productId: product, quantity: seq, unitPrice: 100 }])));
    const before = await countSales(s.app);

    const first = await importFile(file);
    expect(first.status).toBe(200);
    expect(counts(first.body)).toEqual([3, 0, 0]);
    expect(first.body.message).toBe(MSG.pendingImportDone(3, 0, 0));
    const second = await importFile(file);
    expect(counts(second.body)).toEqual([0, 3, 0]);
    expect(second.body.data.results.map((r: { saleNumber: string }) => r.saleNumber)).toEqual(first.body.data.results.map((r: { saleNumber: string }) => r.saleNumber));

    expect((await countSales(s.app)) - before).toBe(3);
    expect(await stockOf(s.app, product)).toEqual({ stock: 24, ledger: 24 });
  });

  it('sales the tablet already delivered come back duplicate; the ones it had not are applied', async () => {
    const product = await createProduct(s.app.store, { price: 50, stock: 100 });
    const device = await s.registerDevice(admin);
    const sales = [1, 2, 3, 4].map((seq) => pushedSale(seq, [{ productId: product, quantity: 1, unitPrice: 50 }]));
    const pushed = await s.call({ method: 'POST', url: '/api/sync/push', headers: device.headers, payload: { deviceId: device.id, schemaVersion: SYNC_SCHEMA_VERSION, sales: sales.slice(0, 2) } });
    expect(pushed.status).toBe(200);
    const reply = await importFile(exportFile(device, sales));
    expect(reply.body.data.results.map((r: { status: string }) => r.status)).toEqual(['duplicate', 'duplicate', 'applied', 'applied']);
    expect(await stockOf(s.app, product)).toEqual({ stock: 96, ledger: 96 });
  });

  it('a file larger than one push goes in push-sized batches; a malformed sale is rejected alone', async () => {
    const product = await createProduct(s.app.store, { price: 10, stock: 1000 });
    const device = await s.registerDevice(admin);
    const sales: unknown[] = Array.from({ length: 205 }, (_, i) => pushedSale(i + 1, [{ productId: product, quantity: 1, unitPrice: 10 }]));
    sales.splice(7, 0, { clientSaleId: randomUUID(), deviceSeq: 'siete', items: [] });
    const reply = await importFile(exportFile(device, sales));
    expect(reply.status).toBe(200);
    expect(counts(reply.body)).toEqual([205, 0, 1]);
    expect(reply.body.data.results[7]).toMatchObject({ status: 'rejected' });
    expect(await stockOf(s.app, product)).toEqual({ stock: 795, ledger: 795 });
    expect(counts((await importFile(exportFile(device, sales))).body)).toEqual([0, 205, 1]);
  });

  it('refuses an unknown device, a seller, and a file that is not an export', async () => {
    const product = await createProduct(s.app.store, { price: 10, stock: 10 });
    const sale = pushedSale(1, [{ productId: product, quantity: 1, unitPrice: 10 }]);
    const device = await s.registerDevice(admin);
    const before = await countSales(s.app);

    const unknown = await importFile({ ...exportFile(device, [sale]), deviceId: randomUUID() });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(MSG.pendingImportUnknownDevice);
    expect((await importFile(exportFile(device, [sale]), await s.sellerToken('caja-import'))).status).toBe(403);
    const wrong = await importFile({ ...exportFile(device, [sale]), format: 'otra-cosa' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('ventas pendientes');
    expect((await importFile({ ...exportFile(device, []) })).status).toBe(400);
    expect((await s.call({ method: 'POST', url: '/api/sync/import', payload: exportFile(device, [sale]) })).status).toBe(401);
    expect(await countSales(s.app)).toBe(before);
  });
});
