import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../domain/messages';
import { SYNC_SCHEMA_VERSION } from '../../domain/constants';
import { countSaleMovements, countSales, createProduct, pushedSale, setProductPrice, softDeleteProduct, stockOf } from '../helpers/fixtures';
import { buildApp, type TestDevice } from '../helpers/server';

let token: string;

const { s, admin } = await buildApp();
beforeAll(async () => {
  token = await s.sellerToken('caja1');
});

/** A device registered by the admin (user 1, the default seller of pushedSale). */
const fresh = () => s.registerDevice(admin);
const push = (device: TestDevice, sales: unknown[], extra: Record<string, unknown> = {}) =>
  s.call({ method: 'POST', url: '/api/sync/push', token: admin, headers: device.headers, payload: { deviceId: device.id, schemaVersion: SYNC_SCHEMA_VERSION, sales, ...extra } });

describe('POST /sync/push: exactly once', () => {
  it('the same batch pushed twice yields one sale each, one set of movements, and duplicate for the repeat', async () => {
    const a = await createProduct(s.app.store, { price: 100, stock: 50 });
    const b = await createProduct(s.app.store, { price: 250, stock: 50 });
    const device = await fresh();
    const batch = [1, 2, 3].map((seq) =>
      pushedSale(seq, [
        { productId: a, quantity: seq, unitPrice: 100 },
        { productId: b, quantity: 1, unitPrice: 250 },
      ]),
    );
    const salesBefore = await countSales(s.app);
    const movementsBefore = await countSaleMovements(s.app);
    const first = await push(device, batch);
    expect(first.status).toBe(200);
    expect(first.body.data.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied']);
    expect(first.body.data.results.map((r: { clientSaleId: string }) => r.clientSaleId)).toEqual(batch.map((x) => x.clientSaleId));
    const second = await push(device, batch);
    expect(second.body.data.results.map((r: { status: string }) => r.status)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    expect(second.body.data.results.map((r: { saleNumber: string }) => r.saleNumber)).toEqual(
      first.body.data.results.map((r: { saleNumber: string }) => r.saleNumber),
    );
    expect(await countSales(s.app) - salesBefore).toBe(3);
    expect(await countSaleMovements(s.app) - movementsBefore).toBe(6);
    expect(await stockOf(s.app, a)).toEqual({ stock: 44, ledger: 44 });
    expect(await stockOf(s.app, b)).toEqual({ stock: 47, ledger: 47 });
  });

  it('the same sale pushed concurrently on two connections lands once', async () => {
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = s.app.server.address() as { port: number };
    const product = await createProduct(s.app.store, { price: 10, stock: 20 });
    const sale = pushedSale(1, [{ productId: product, quantity: 4, unitPrice: 10 }]);
    const device = await fresh();
    const body = JSON.stringify({ deviceId: device.id, schemaVersion: SYNC_SCHEMA_VERSION, sales: [sale] });
    const salesBefore = await countSales(s.app);
    const send = () =>
      fetch(`http://127.0.0.1:${port}/api/sync/push`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...device.headers },
        body,
      }).then((r) => r.json());
    const replies = await Promise.all([send(), send()]);
    const statuses = replies.map((r) => r.data.results[0].status).sort();
    expect(statuses).toEqual(['applied', 'duplicate']);
    expect(replies[0].data.results[0].saleId).toBe(replies[1].data.results[0].saleId);
    expect(await countSales(s.app) - salesBefore).toBe(1);
    expect(await stockOf(s.app, product)).toEqual({ stock: 16, ledger: 16 });
  });
});

describe('POST /sync/push: offline rules', () => {
  it('accepts an offline oversell: stock goes negative and the sale is flagged', async () => {
    const id = await createProduct(s.app.store, { name: 'Pendrive 32GB', price: 50, stock: 2 });
    const res = await push(await fresh(), [pushedSale(1, [{ productId: id, quantity: 5, unitPrice: 50 }])]);
    expect(res.body.data.results[0]).toMatchObject({ status: 'applied', flags: ['oversold'] });
    expect(await stockOf(s.app, id)).toEqual({ stock: -3, ledger: -3 });
  });

  it('keeps the device price when the catalogue price changed, and flags it', async () => {
    const id = await createProduct(s.app.store, { price: 120, stock: 10 });
    await setProductPrice(s.app, id, 150);
    const res = await push(await fresh(), [pushedSale(1, [{ productId: id, quantity: 2, unitPrice: 120 }], { discount: 40 })]);
    const result = res.body.data.results[0];
    expect(result).toMatchObject({ status: 'applied', flags: ['price_changed'] });
    const sale = await s.call({ method: 'GET', url: `/api/sales/${result.saleId}`, token: admin });
    expect(sale.body.data).toMatchObject({ subtotal: 240, discount: 40, total: 200, flags: ['price_changed'] });
    expect(sale.body.data.items[0]).toMatchObject({ unitPrice: 120, catalogPrice: 150, subtotal: 240 });
  });

  it('uses the capture time as sale date and for the number, in shop time', async () => {
    const id = await createProduct(s.app.store, { stock: 5 });
    const res = await push(await fresh(), [pushedSale(1, [{ productId: id, quantity: 1, unitPrice: 100 }], { capturedAt: '2026-11-21T02:59:00-00:00' })]);
    const result = res.body.data.results[0];
    expect(result.saleNumber).toMatch(/^V20261120-\d{4}$/);
    const sale = await s.call({ method: 'GET', url: `/api/sales/${result.saleId}`, token: admin });
    expect(sale.body.data.saleDate).toBe('2026-11-21T02:59:00.000Z');
  });

  it('rejects what cannot be applied, each with a Spanish reason, without blocking the others', async () => {
    const ok = await createProduct(s.app.store, { price: 10, stock: 100 });
    const gone = await createProduct(s.app.store, { name: 'Producto discontinuado', price: 10, stock: 1 });
    await softDeleteProduct(s.app, gone);
    const future = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const line = [{ productId: ok, quantity: 1, unitPrice: 10 }];
    const malformed = { ...pushedSale(3, line), items: [{ productId: ok, quantity: 0, unitPrice: 10 }] };
    const batch = [
      pushedSale(1, line),
      pushedSale(2, [{ productId: 987654, quantity: 1, unitPrice: 10 }]),
      malformed,
      pushedSale(4, line, { paymentMethod: 'mercadopago' }),
      pushedSale(5, line, { capturedAt: future }),
      pushedSale(6, line, { capturedAt: '1970-01-01T00:00:00Z' }),
      pushedSale(7, line, { discount: 10.5 }),
      'no soy una venta',
      pushedSale(9, [{ productId: gone, quantity: 2, unitPrice: 10 }]),
      pushedSale(10, line),
    ];
    const before = (await stockOf(s.app, ok)).stock;
    const res = await push(await fresh(), batch);
    const results = res.body.data.results;
    expect(results.map((r: { status: string }) => r.status)).toEqual([
      'applied', 'rejected', 'rejected', 'rejected', 'applied', 'applied', 'rejected', 'rejected', 'applied', 'applied',
    ]);
    expect(results[1].reason).toBe('El producto 987654 no existe');
    expect(results[2].reason).toContain('Productos › Cantidad');
    expect(results[2]).toMatchObject({ clientSaleId: malformed.clientSaleId, deviceSeq: 3 });
    expect(results[3].reason).toBe(MSG.saleMercadoPagoOffline);
    // A wrong clock never loses a sale (issue #29): both land, flagged (sync-push-clock.test.ts).
    expect(results[4].flags).toContain('review');
    expect(results[5].flags).toContain('review');
    expect(results[6].reason).toBe('El descuento no puede superar el subtotal de la venta');
    expect(results[7]).toMatchObject({ clientSaleId: null, deviceSeq: null, status: 'rejected' });
    expect(await stockOf(s.app, ok)).toEqual({ stock: before - 4, ledger: before - 4 });
    expect(await stockOf(s.app, gone)).toEqual({ stock: -1, ledger: -1 });
  });

  it("lands an inactive seller's captured sales, flagged for review", async () => {
    const sellerToken = await s.sellerToken('temporada');
    const me = await s.call({ method: 'GET', url: '/api/auth/me', token: sellerToken });
    const device = await s.registerDevice(sellerToken);
    await s.call({ method: 'PUT', url: `/api/users/${me.body.data.id}`, token: admin, payload: { active: false } });
    const id = await createProduct(s.app.store, { stock: 5 });
    const sale = pushedSale(1, [{ productId: id, quantity: 1, unitPrice: 100 }], { sellerId: me.body.data.id });
    // The seller's session is gone: the device delivers with its credential alone.
    const res = await s.call({ method: 'POST', url: '/api/sync/push', headers: device.headers, payload: { deviceId: device.id, schemaVersion: SYNC_SCHEMA_VERSION, sales: [sale] } });
    expect(res.body.data.results[0]).toMatchObject({ status: 'applied', flags: ['review'] });
    const stored = await s.call({ method: 'GET', url: `/api/sales/${res.body.data.results[0].saleId}`, token: admin });
    expect(stored.body.data.user).toEqual({ id: me.body.data.id, fullName: 'Vendedor temporada' });
    expect(stored.body.data.reviewNote).toBe('El vendedor Vendedor temporada está desactivado: revisá que la venta sea suya');
  });

  it('stores a sale whose sequence is taken under the next free one, and keeps last_seq at the maximum', async () => {
    const id = await createProduct(s.app.store, { stock: 50 });
    const device = await fresh();
    const line = [{ productId: id, quantity: 1, unitPrice: 100 }];
    await push(device, [pushedSale(5, line), pushedSale(3, line)], { deviceName: 'Caja 1', pendingCount: 7 });
    const clash = await push(device, [pushedSale(3, line)]);
    expect(clash.body.data.results[0]).toMatchObject({ status: 'applied', deviceSeq: 3, serverSeq: 6 });
    expect(clash.body.data.lastSeq).toBe(6);
    const devices = await s.call({ method: 'GET', url: '/api/sync/devices', token: admin });
    expect(devices.body.data.find((d: { id: string }) => d.id === device.id)).toMatchObject({
      name: 'Caja 1',
      lastSeq: 6,
      salesCount: 3,
      flaggedCount: 0,
      pendingCount: 7,
      registered: true,
      user: { fullName: 'Administrador' },
    });
    expect(await stockOf(s.app, id)).toEqual({ stock: 47, ledger: 47 });
    const saleId = (await push(device, [pushedSale(7, line)])).body.data.results[0].saleId;
    const sale = await s.call({ method: 'GET', url: `/api/sales/${saleId}`, token });
    expect(sale.body.data).toMatchObject({ deviceId: device.id, deviceName: 'Caja 1', deviceSeq: 7 });
  });
});

describe('POST /sync/push: the envelope', () => {
  it('refuses an unknown schema version, too many sales, a bad device id and a missing session', async () => {
    const version = await push(await fresh(), [], { schemaVersion: 2 });
    expect(version.status).toBe(400);
    expect(version.body.message).toContain('Versión de esquema');
    const many = await push(await fresh(), Array.from({ length: 201 }, (_, i) => pushedSale(i + 1, [])));
    expect(many.status).toBe(400);
    expect(many.body.message).toContain('Ventas');
    const registered = await fresh();
    const device = await s.call({ method: 'POST', url: '/api/sync/push', headers: registered.headers, payload: { deviceId: 'caja-1', schemaVersion: SYNC_SCHEMA_VERSION, sales: [] } });
    expect(device.status).toBe(400);
    expect(device.body.message).toContain('Dispositivo');
    const anonymous = await s.call({ method: 'POST', url: '/api/sync/push', payload: { deviceId: randomUUID(), schemaVersion: SYNC_SCHEMA_VERSION, sales: [] } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe(MSG.deviceCredentialRequired);
  });

  it('an empty push names the device; only admins list devices', async () => {
    const device = await fresh();
    const res = await push(device, [], { deviceName: 'Tablet mostrador', pendingCount: 0 });
    expect(res.status).toBe(200);
    expect(res.body.data.results).toEqual([]);
    expect(Date.parse(res.body.data.serverTime)).not.toBeNaN();
    const list = await s.call({ method: 'GET', url: '/api/sync/devices', token: admin });
    expect(list.body.data.some((d: { id: string; name: string }) => d.id === device.id && d.name === 'Tablet mostrador')).toBe(true);
    const forbidden = await s.call({ method: 'GET', url: '/api/sync/devices', token });
    expect(forbidden.status).toBe(403);
  });
});
