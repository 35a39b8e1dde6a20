/**
 * The cuenta corriente (issue #33 item 4) on the real server and database (SQLite; PostgreSQL in server-pg):
 * a sale over the limit is applied and flagged (review note, the movement's flag, the back office's list);
 * a «Cobro a cuenta» lowers the balance once, counts in its cash session when cash, and is refused with a
 * Spanish reason for bad input; roles (sellers sell on account and take payments, only admins edit limits
 * and read the aging); the statement's running balance and WhatsApp link; a cancellation or a return of a sale
 * on account credits the balance once.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '../../domain/constants';
import { customerAccountMovements, sales } from '../../server/db/schema';
import { createProduct, pushedSale } from '../helpers/fixtures';
import { buildApp, type TestDevice } from '../helpers/server';

const { s, admin, seller } = await buildApp({ seller: 'cajera' });

let product: number;
let tablet: TestDevice;
let sellerTablet: TestDevice;
let sellerId: number;
beforeAll(async () => {
  product = await createProduct(s.app.store, { price: 100, stock: 100_000 });
  tablet = await s.registerDevice(admin);
  sellerTablet = await s.registerDevice(seller);
  sellerId = (await s.call({ method: 'GET', url: '/api/auth/me', token: seller })).body.data.id;
});

const newCustomer = async (payload: Record<string, unknown>) => {
  const res = await s.call({ method: 'POST', url: '/api/customers', token: admin, payload: { accountEnabled: true, ...payload } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; uuid: string };
};
let seq = 0;
const sellOnAccount = (device: TestDevice, customerUuid: string, unitPrice: number, extra: Record<string, unknown> = {}) =>
  s.call({
    method: 'POST',
    url: '/api/sync/push',
    headers: device.headers,
    payload: { deviceId: device.id, schemaVersion: SYNC_SCHEMA_VERSION, sales: [pushedSale(++seq, [{ productId: product, quantity: 1, unitPrice }], { paymentMethod: 'cuenta_corriente', customerUuid, ...extra })] },
  });
const payment = (customerUuid: string, amount: unknown, extra: Record<string, unknown> = {}) => ({
  clientPaymentId: randomUUID(),
  customerUuid,
  amount,
  method: 'efectivo',
  capturedAt: new Date().toISOString(),
  sellerId: 1,
  ...extra,
});
const pushPayments = (device: TestDevice, payments: unknown[]) =>
  s.call({ method: 'POST', url: '/api/sync/account-payments', headers: device.headers, payload: { deviceId: device.id, payments } });
const balanceOf = async (id: number) => (await s.call({ method: 'GET', url: `/api/customers/${id}`, token: admin })).body.data.balance as number;

describe('sales on cuenta corriente', () => {
  it('a sale over the limit is applied, charged and flagged for the owner; one within it is not', async () => {
    const c = await newCustomer({ name: 'Almacén Don José', creditLimit: 150 });
    const first = await sellOnAccount(tablet, c.uuid, 100);
    expect(first.body.data.results[0]).toMatchObject({ status: 'applied' });
    expect(first.body.data.results[0].flags ?? []).not.toContain('review');
    const second = await sellOnAccount(tablet, c.uuid, 80);
    const result = second.body.data.results[0];
    expect(result.status).toBe('applied');
    expect(result.flags).toContain('review');
    expect(await balanceOf(c.id)).toBe(180);
    const [row] = await s.app.store.read((q) => q.select().from(sales).where(eq(sales.id, result.saleId)));
    expect(row.reviewNote).toContain('Cuenta corriente: la venta deja el saldo en $ 180,00, por encima del límite de $ 150,00');
    const movements = await s.app.store.read((q) => q.select().from(customerAccountMovements).where(eq(customerAccountMovements.customerId, c.id)));
    expect(movements.map((m) => [m.kind, m.amountCents, m.overLimit])).toEqual([
      ['sale', 10_000, false],
      ['sale', 8_000, true],
    ]);
    const aging = await s.call({ method: 'GET', url: '/api/accounts/aging', token: admin });
    expect(aging.status).toBe(200);
    expect(aging.body.data.overLimitSales).toContainEqual(expect.objectContaining({ saleId: result.saleId, customerId: c.id, amount: 80 }));
    expect(aging.body.data.customers).toContainEqual(expect.objectContaining({ id: c.id, balance: 180, overLimit: true, aging: expect.objectContaining({ d0_30: 180, total: 180 }) }));
  });

  it('the same sale pushed twice (and from a second tablet) is charged once', async () => {
    const c = await newCustomer({ name: 'Kiosco La Esquina' });
    const body = pushedSale(++seq, [{ productId: product, quantity: 2, unitPrice: 50 }], { paymentMethod: 'cuenta_corriente', customerUuid: c.uuid });
    for (const device of [tablet, tablet, sellerTablet]) {
      await s.call({ method: 'POST', url: '/api/sync/push', headers: device.headers, payload: { deviceId: device.id, schemaVersion: SYNC_SCHEMA_VERSION, sales: [body] } });
    }
    expect(await balanceOf(c.id)).toBe(100);
  });

  it('offline sales on account are never refused: a disabled account and an unknown customer are applied and flagged', async () => {
    const c = await newCustomer({ name: 'Sin cuenta', accountEnabled: false });
    const res = await sellOnAccount(tablet, c.uuid, 30);
    expect(res.body.data.results[0]).toMatchObject({ status: 'applied', flags: expect.arrayContaining(['review']) });
    expect(await balanceOf(c.id)).toBe(30);
    const unknown = await sellOnAccount(tablet, randomUUID(), 30);
    expect(unknown.body.data.results[0]).toMatchObject({ status: 'applied', flags: expect.arrayContaining(['review']) });
    const [row] = await s.app.store.read((q) => q.select().from(sales).where(eq(sales.id, unknown.body.data.results[0].saleId)));
    expect(row.reviewNote).toContain('sin un cliente conocido');
  });

  it('online (POST /sales) a sale on account without a customer is refused in Spanish', async () => {
    const res = await s.call({ method: 'POST', url: '/api/sales', token: admin, payload: { items: [{ productId: product, quantity: 1 }], paymentMethod: 'cuenta_corriente' } });
    expect(res.status).toBe(400);
    expect(res.body.error ?? res.body.message).toMatch(/Elegí un cliente para vender en cuenta corriente/);
  });
});

describe('cancelling or returning a sale on account', () => {
  it('gives the charge back to the balance once: the whole sale when cancelled, the returned amount when returned', async () => {
    const c = await newCustomer({ name: 'Panadería El Trigo' });
    const cancelled = (await sellOnAccount(tablet, c.uuid, 100)).body.data.results[0];
    const partial = await s.call({
      method: 'POST',
      url: '/api/sync/push',
      headers: tablet.headers,
      payload: { deviceId: tablet.id, schemaVersion: SYNC_SCHEMA_VERSION, sales: [pushedSale(++seq, [{ productId: product, quantity: 3, unitPrice: 50 }], { paymentMethod: 'cuenta_corriente', customerUuid: c.uuid })] },
    });
    const returned = partial.body.data.results[0];
    expect(await balanceOf(c.id)).toBe(250);

    expect((await s.call({ method: 'POST', url: `/api/sales/${cancelled.saleId}/cancel`, token: admin })).status).toBe(200);
    expect(await balanceOf(c.id)).toBe(150);
    // A second cancellation is refused and gives nothing back twice.
    expect((await s.call({ method: 'POST', url: `/api/sales/${cancelled.saleId}/cancel`, token: admin })).status).toBe(409);

    const sale = (await s.call({ method: 'GET', url: `/api/sales/${returned.saleId}`, token: admin })).body.data;
    const requestId = randomUUID();
    const body = { requestId, items: [{ saleItemId: sale.items[0].id, quantity: 1 }] };
    expect((await s.call({ method: 'POST', url: `/api/sales/${returned.saleId}/returns`, token: admin, payload: body })).status).toBe(201);
    expect((await s.call({ method: 'POST', url: `/api/sales/${returned.saleId}/returns`, token: admin, payload: body })).status).toBe(200);
    expect(await balanceOf(c.id)).toBe(100);

    const movements = await s.app.store.read((q) => q.select().from(customerAccountMovements).where(eq(customerAccountMovements.customerId, c.id)));
    expect(movements.map((m) => [m.kind, m.amountCents])).toEqual([
      ['sale', 10_000],
      ['sale', 15_000],
      ['sale_cancel', -10_000],
      ['return', -5_000],
    ]);
    expect(movements.reduce((sum, m) => sum + m.amountCents, 0)).toBe(10_000);
  });

  it('leaves every account alone when the sale was paid another way', async () => {
    const c = await newCustomer({ name: 'Verdulería Norte' });
    await sellOnAccount(tablet, c.uuid, 70);
    const cash = await s.call({
      method: 'POST',
      url: '/api/sync/push',
      headers: tablet.headers,
      payload: { deviceId: tablet.id, schemaVersion: SYNC_SCHEMA_VERSION, sales: [pushedSale(++seq, [{ productId: product, quantity: 1, unitPrice: 30 }], { customerUuid: c.uuid })] },
    });
    expect((await s.call({ method: 'POST', url: `/api/sales/${cash.body.data.results[0].saleId}/cancel`, token: admin })).status).toBe(200);
    expect(await balanceOf(c.id)).toBe(70);
  });
});

describe('Cobro a cuenta (payments on account)', () => {
  it('lowers the balance once by its client id; the same id with another body is refused', async () => {
    const c = await newCustomer({ name: 'Ferretería El Tornillo' });
    await sellOnAccount(tablet, c.uuid, 1000);
    const p = payment(c.uuid, 250.5);
    const first = await pushPayments(tablet, [p]);
    expect(first.status).toBe(200);
    expect(first.body.data.results[0]).toMatchObject({ status: 'applied', customerId: c.id, balance: 749.5 });
    const again = await pushPayments(sellerTablet, [p, p]);
    expect(again.body.data.results.map((r: { status: string }) => r.status)).toEqual(['duplicate', 'duplicate']);
    const other = await pushPayments(tablet, [{ ...p, amount: 10 }]);
    expect(other.body.data.results[0]).toMatchObject({ status: 'rejected', reason: 'Ese cobro ya se registró con otros datos' });
    expect(await balanceOf(c.id)).toBe(749.5);
  });

  it('bad input is refused one by one with Spanish reasons, the good ones apply', async () => {
    const c = await newCustomer({ name: 'Panadería' });
    const res = await pushPayments(tablet, [
      payment(c.uuid, 0),
      payment(c.uuid, 10, { method: 'cheque' }),
      payment(c.uuid, 10.001),
      payment(randomUUID(), 10),
      { nada: true },
      payment(c.uuid, 5),
    ]);
    expect(res.status).toBe(200);
    const results = res.body.data.results as { status: string; reason?: string }[];
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected', 'rejected', 'applied']);
    expect(results[0].reason).toMatch(/mayor a cero/);
    expect(results[1].reason).toMatch(/debe ser efectivo, transferencia o tarjeta/);
    expect(results[2].reason).toMatch(/no puede tener más de 2 decimales/);
    expect(results[3].reason).toMatch(/cliente/i);
    expect(await balanceOf(c.id)).toBe(-5);
    // The credential is the device's: a session alone, or another device's id, is refused.
    expect((await s.call({ method: 'POST', url: '/api/sync/account-payments', token: admin, payload: { deviceId: tablet.id, payments: [] } })).status).toBe(401);
    expect((await pushPayments(sellerTablet, [])).status).toBe(200);
    expect((await s.call({ method: 'POST', url: '/api/sync/account-payments', headers: tablet.headers, payload: { deviceId: sellerTablet.id, payments: [] } })).status).toBe(403);
  });

  it('a cash payment counts in its cash session; a transfer does not', async () => {
    const c = await newCustomer({ name: 'Verdulería' });
    const session = randomUUID();
    const at = new Date().toISOString();
    const open = { type: 'open', eventId: randomUUID(), clientSessionId: session, at, userId: 1, float: 100 };
    expect((await s.call({ method: 'POST', url: '/api/sync/cash', headers: tablet.headers, payload: { deviceId: tablet.id, events: [open] } })).status).toBe(200);
    await pushPayments(tablet, [payment(c.uuid, 40, { cashSessionId: session }), payment(c.uuid, 25, { method: 'transferencia', cashSessionId: session })]);
    const close = { type: 'close', eventId: randomUUID(), clientSessionId: session, at: new Date().toISOString(), userId: 1, counted: 140, comment: null };
    const closed = await s.call({ method: 'POST', url: '/api/sync/cash', headers: tablet.headers, payload: { deviceId: tablet.id, events: [close] } });
    expect(closed.body.data.results[0]).toMatchObject({ status: 'applied', expected: 140, difference: 0 });
  });

  it('roles: a seller sells on account, takes payments and reads a statement; only an admin edits the limit and reads the aging', async () => {
    const c = await newCustomer({ name: 'Bazar Mitre', creditLimit: 500, phone: '011 4444-5555' });
    expect((await sellOnAccount(sellerTablet, c.uuid, 1234.56, { sellerId })).body.data.results[0].status).toBe('applied');
    expect((await pushPayments(sellerTablet, [payment(c.uuid, 200, { sellerId })])).body.data.results[0].status).toBe('applied');
    const edit = await s.call({ method: 'PUT', url: `/api/customers/${c.id}`, token: seller, payload: { creditLimit: 5000 } });
    expect(edit.status).toBe(403);
    expect(edit.body.error ?? edit.body.message).toMatch(/Solo un administrador/);
    expect((await s.call({ method: 'PUT', url: `/api/customers/${c.id}`, token: admin, payload: { creditLimit: 5000 } })).status).toBe(200);
    expect((await s.call({ method: 'GET', url: '/api/accounts/aging', token: seller })).status).toBe(403);
    const statement = await s.call({ method: 'GET', url: `/api/customers/${c.id}/statement`, token: seller });
    expect(statement.status).toBe(200);
    expect(statement.body.data.movements.map((m: { kind: string; amount: number; balance: number }) => [m.kind, m.amount, m.balance])).toEqual([
      ['sale', 1234.56, 1234.56],
      ['payment', -200, 1034.56],
    ]);
    expect(statement.body.data.whatsappUrl).toMatch(/^https:\/\/wa\.me\/541144445555\?text=/);
    expect(decodeURIComponent(statement.body.data.whatsappUrl.split('text=')[1])).toContain('$ 1.034,56');
    expect((await s.call({ method: 'GET', url: '/api/customers/999999/statement', token: seller })).status).toBe(404);
  });

  it('privacy: a seller reads the statement with the document only while the setting lets sellers see it', async () => {
    const c = await newCustomer({ name: 'Kiosco La Esquina', docType: 96, docNumber: '27111222' });
    const read = async (token: string) => (await s.call({ method: 'GET', url: `/api/customers/${c.id}/statement`, token })).body.data.customer;
    const setting = (valor: 'true' | 'false') => s.call({ method: 'PUT', url: '/api/configuration/privacidad/vendedores_ven_clientes', token: admin, payload: { valor } });
    expect(await read(seller)).toMatchObject({ name: 'Kiosco La Esquina', docNumber: '27111222' });
    expect((await setting('false')).status).toBe(200);
    try {
      expect(await read(seller)).toMatchObject({ name: 'Kiosco La Esquina', docNumber: null });
      expect(await read(admin)).toMatchObject({ docNumber: '27111222' });
    } finally {
      await setting('true');
    }
  });
});
