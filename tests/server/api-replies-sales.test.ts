/**
 * The replies of the sales-side API (sales, returns, sync, devices, cash sessions, invoices, payments,
 * reports, exports) are what domain/api says (issue #19): real requests as an admin, a seller and a
 * counter device, on real data (pushed sales, invoices against the ARCA simulator, a cash session, a
 * payment against the Mercado Pago simulator), each reply parsed with its declared success envelope and
 * found equal to it (nothing outside the schema reached the wire). /api/docs describes every reply.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { replySerializer } from '../../server/http/reply-serializer';
import { afterAll, describe, expect, it, type RunnerTestFile, type RunnerTestSuite } from 'vitest';
import { cashApi } from '../../domain/api/cash';
import { successEnvelope, type Endpoint } from '../../domain/api/endpoint';
import { invoicesApi } from '../../domain/api/invoices';
import { paymentsApi } from '../../domain/api/payments';
import { reportsApi } from '../../domain/api/reports';
import { returnsApi } from '../../domain/api/returns';
import { salesApi } from '../../domain/api/sales';
import { syncApi } from '../../domain/api/sync';
import { SYNC_SCHEMA_VERSION } from '../../domain/constants';
import { PENDING_EXPORT_FORMAT } from '../../domain/schemas/sync';
import { localDateString } from '../../domain/time';
import { schemaOf } from '../../server/http/endpoint-schema';
import { startMercadoPagoSimulator, type MercadoPagoSimulator } from '../../server/integrations/mercadopago/simulator/server';
import { createProduct, pushedSale } from '../helpers/fixtures';
import { eventually, MP_SECRET, MP_TOKEN } from '../helpers/mercadopago';
import { buildApp, closeWithScope, type Envelope, type TestDevice } from '../helpers/server';
import { ISSUER_CUIT, scopedSimulator, testPki } from './arca/harness';

const apis = [salesApi, returnsApi, syncApi, cashApi, invoicesApi, paymentsApi, reportsApi];
const operations: Endpoint[] = apis.flatMap((a) => Object.values(a) as Endpoint[]);

/** Every test of the file (nested suites included). */
const testsOf = (suite: RunnerTestFile | RunnerTestSuite): { mode: string; result?: unknown }[] =>
  suite.tasks.flatMap((task) => (task.type === 'suite' ? testsOf(task) : [task]));
// The contract itself: the tests above called every described operation. A whole-file check, so it runs
// only when every test of the file ran (one test run alone, `vitest -t`, calls only its own).
// eslint-disable-next-line no-empty-pattern -- vitest passes the file as the second argument, after a context it requires to be destructured
afterAll(({}, file) => {
  if (testsOf(file as RunnerTestFile).some((test) => test.mode !== 'run' || !test.result)) return;
  expect(operations.map((e) => e.key).filter((k) => !seen.has(k)), 'operaciones descritas que ningún test llamó').toEqual([]);
});

const arca = await scopedSimulator('responsable_inscripto');
const mp: MercadoPagoSimulator = await startMercadoPagoSimulator({ webhookSecret: MP_SECRET, accessToken: MP_TOKEN });
closeWithScope(() => mp.close());
// A slow background retry: the test's own retry call finds the pending invoice still pending.
const { s, admin, seller } = await buildApp({
  env: { ...arca.env, ARCA_RETRY_BASE_MS: '600000', MP_ACCESS_TOKEN: MP_TOKEN, MP_WEBHOOK_SECRET: MP_SECRET, MP_API_URL: mp.url },
  seller: 'vendedora',
});
await s.app.listen({ port: 0, host: '127.0.0.1' });
const address = s.app.server.address();
const host = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const device: TestDevice = await s.registerDevice(seller);
const seen = new Set<string>();

/** The reply of `e` parsed with its declared envelope, which must give it back unchanged. */
function expectReply(e: Endpoint, res: { status: number; body: Envelope }, status = 200): Envelope {
  expect(res.status, `${e.key}: ${res.body.message}`).toBe(status);
  const parsed = successEnvelope(e.reply!, e.paginated ?? false).parse(res.body);
  expect(parsed, e.key).toEqual(res.body);
  seen.add(e.key);
  return res.body;
}

const today = () => localDateString(new Date().toISOString(), s.config.timeZone);
const get = (url: string, token = admin) => s.call({ method: 'GET', url, token });
const post = (url: string, payload: unknown, token = admin) => s.call({ method: 'POST', url, token, payload: payload as object });

describe('sales, returns and the dashboard', () => {
  it('answers sales to an admin and a seller as described', async () => {
    const productId = await createProduct(s.app.store, { price: 250, stock: 100 });
    const clientSaleId = randomUUID();
    const body = { items: [{ productId, quantity: 2 }], paymentMethod: 'efectivo', customerDocument: '20123456', customerEmail: 'ana@example.com', clientSaleId };
    const sale = expectReply(salesApi.create, await post('/api/sales', body, seller), 201).data;
    expectReply(salesApi.create, await post('/api/sales', body, seller), 200);
    for (const token of [admin, seller]) {
      expectReply(salesApi.get, await get(`/api/sales/${sale.id}`, token));
      const list = expectReply(salesApi.list, await get(`/api/sales?startDate=${today()}&endDate=${today()}`, token));
      expect(list.pagination.totalAmount).toBeGreaterThanOrEqual(500);
      expectReply(salesApi.summary, await get(`/api/sales/summary?startDate=${today()}&endDate=${today()}`, token));
    }
    expectReply(reportsApi.sales, await get(`/api/reports/sales?startDate=${today()}&endDate=${today()}`));
  });

  it('answers returns and cancellations with their credit notes as described', async () => {
    const productId = await createProduct(s.app.store, { price: 121, stock: 100 });
    const sale = (await post('/api/sales', { items: [{ productId, quantity: 3 }], paymentMethod: 'efectivo' })).body.data;
    expectReply(invoicesApi.generate, await post(`/api/invoices/generate-for-sale/${sale.id}`, { tipo_comprobante: 6 }), 201);
    const ret = expectReply(returnsApi.create, await post(`/api/sales/${sale.id}/returns`, { items: [{ saleItemId: sale.items[0].id, quantity: 1 }], requestId: randomUUID() }), 201);
    expect(ret.data.creditNote).toMatchObject({ status: 'autorizada', invoiceType: 8 });
    const returned = expectReply(returnsApi.list, await get(`/api/sales/${sale.id}/returns`, seller));
    expect(returned.data).toMatchObject({ returns: [{ id: ret.data.id }], cancellationNote: null });

    const other = (await post('/api/sales', { items: [{ productId, quantity: 1 }], paymentMethod: 'efectivo' })).body.data;
    expectReply(invoicesApi.generate, await post(`/api/invoices/generate-for-sale/${other.id}`, { tipo_comprobante: 6 }), 201);
    const cancelled = expectReply(returnsApi.cancel, await post(`/api/sales/${other.id}/cancel`, {}));
    expect(cancelled.data.paymentStatus).toBe('cancelado');
    const notes = expectReply(returnsApi.list, await get(`/api/sales/${other.id}/returns`, seller));
    expect(notes.data.cancellationNote).toMatchObject({ status: 'autorizada', invoiceType: 8 });
  });
});

describe('sync, devices and cash sessions', () => {
  it('answers a device push, a device pull, a session pull and the admin device views as described', async () => {
    const productId = await createProduct(s.app.store, { price: 100, stock: 20 });
    const sale = pushedSale(1, [{ productId, quantity: 1, unitPrice: 100 }], { invoice: { tipo_comprobante: 6 } });
    const pushed = expectReply(syncApi.push, await s.call({ method: 'POST', url: '/api/sync/push', headers: device.headers, payload: { deviceId: device.id, schemaVersion: SYNC_SCHEMA_VERSION, sales: [sale] } }));
    expect(pushed.data.results[0]).toMatchObject({ status: 'applied', invoice: { status: 'autorizada' } });
    expectReply(syncApi.push, await s.call({ method: 'POST', url: '/api/sync/push', headers: device.headers, payload: { deviceId: device.id, schemaVersion: SYNC_SCHEMA_VERSION, sales: [sale, { junk: true }] } }));
    const quarantined = expectReply(syncApi.quarantine, await get('/api/sync/quarantine'));
    expect(quarantined.data.find((q: { deviceId: string }) => q.deviceId === device.id)).toMatchObject({ body: '{"junk":true}', sale: null });

    expectReply(syncApi.setCaeaPtoVta, await s.call({ method: 'PUT', url: `/api/sync/devices/${device.id}/caea-pto-vta`, token: admin, payload: { caeaPtoVta: 7 } }));
    const pulled = expectReply(syncApi.pull, await s.call({ method: 'GET', url: '/api/sync/pull?since=0', headers: device.headers }));
    expect(pulled.data.products.some((p: { id: number }) => p.id === productId)).toBe(true);
    expect(pulled.data.caea).toMatchObject({ ptoVta: 7, issuer: { cuit: ISSUER_CUIT } });
    expectReply(syncApi.pull, await get('/api/sync/pull?since=0', seller));
    const devices = expectReply(syncApi.devices, await get('/api/sync/devices'));
    expect(devices.data.find((d: { id: string }) => d.id === device.id)).toMatchObject({ salesCount: 1, caeaPtoVta: 7 });
    expectReply(syncApi.register, await s.call({ method: 'POST', url: '/api/sync/devices/register', token: seller, payload: { deviceId: randomUUID(), deviceName: 'Caja 2' } }), 201);
  });

  it('answers a cash session pushed by the device, and the back office views of it, as described', async () => {
    const session = randomUUID();
    const at = new Date().toISOString();
    const events = [
      { type: 'open', eventId: randomUUID(), clientSessionId: session, at, userId: 1, float: 1000, denominations: { 100000: 1 } },
      { type: 'movement', eventId: randomUUID(), clientSessionId: session, at, userId: 1, kind: 'out', amount: 200, reason: 'cambio', note: null },
      { type: 'close', eventId: randomUUID(), clientSessionId: session, at, userId: 1, counted: 800, denominations: null, comment: 'ok', declared: { tarjeta: 0 } },
      { type: 'close', eventId: 'no' },
    ];
    const pushed = expectReply(cashApi.push, await s.call({ method: 'POST', url: '/api/sync/cash', headers: device.headers, payload: { deviceId: device.id, events } }));
    expect(pushed.data.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied', 'rejected']);
    const list = expectReply(cashApi.list, await get('/api/cash-sessions'));
    const id = list.data.find((c: { clientSessionId: string }) => c.clientSessionId === session).id;
    const detail = expectReply(cashApi.get, await get(`/api/cash-sessions/${id}`));
    expect(detail.data).toMatchObject({ status: 'cerrada', expected: 800, difference: 0, movements: [{ kind: 'out', amount: 200 }] });
  });

  it('answers the admin device actions, a pending-sales import and a forced cash close as described', async () => {
    const lost = await s.registerDevice(seller);
    const productId = await createProduct(s.app.store, { price: 100, stock: 20 });
    const file = { format: PENDING_EXPORT_FORMAT, deviceId: lost.id, deviceName: 'Caja perdida', schemaVersion: SYNC_SCHEMA_VERSION, exportedAt: new Date().toISOString(), sales: [pushedSale(1, [{ productId, quantity: 1, unitPrice: 100 }])] };
    const imported = expectReply(syncApi.importPending, await post('/api/sync/import', file));
    expect([imported.data.applied, imported.data.duplicates, imported.data.rejected]).toEqual([1, 0, 0]);

    const session = randomUUID();
    const open = { type: 'open', eventId: randomUUID(), clientSessionId: session, at: new Date().toISOString(), userId: 1, float: 500, denominations: null };
    expectReply(cashApi.push, await s.call({ method: 'POST', url: '/api/sync/cash', headers: lost.headers, payload: { deviceId: lost.id, events: [open] } }));
    const id = expectReply(cashApi.list, await get('/api/cash-sessions')).data.find((c: { clientSessionId: string }) => c.clientSessionId === session).id;
    const closed = expectReply(cashApi.forceClose, await post(`/api/cash-sessions/${id}/force-close`, {}));
    expect(closed.data).toMatchObject({ forceClosed: true });

    const renamed = expectReply(syncApi.rename, await s.call({ method: 'PUT', url: `/api/sync/devices/${lost.id}`, token: admin, payload: { name: 'Caja del depósito' } }));
    expect(renamed.data).toMatchObject({ id: lost.id, name: 'Caja del depósito' });
    expectReply(syncApi.revoke, await post(`/api/sync/devices/${lost.id}/revoke`, {}));
    const unused = await s.registerDevice(seller);
    expectReply(syncApi.remove, await s.call({ method: 'DELETE', url: `/api/sync/devices/${unused.id}`, token: admin }));
  });
});

describe('invoices', () => {
  it('answers the invoicing views, a pending invoice and its retry, and the settings as described', async () => {
    for (const e of [invoicesApi.status, invoicesApi.invoiceTypes, invoicesApi.documentTypes, invoicesApi.ivaConditions]) expectReply(e, await get(`/api${e.key.slice(4)}`, seller));
    const productId = await createProduct(s.app.store, { price: 50, stock: 10 });
    const sale = (await post('/api/sales', { items: [{ productId, quantity: 1 }], paymentMethod: 'tarjeta' }, seller)).body.data;
    expectReply(invoicesApi.forSale, await get(`/api/invoices/sale/${sale.id}`, seller));
    arca.sim.faults.err501Count = 1000;
    const pending = await post(`/api/invoices/generate-for-sale/${sale.id}`, { tipo_comprobante: 6 }, seller);
    expect(pending.status).toBe(503);
    const unsettled = expectReply(invoicesApi.pending, await get('/api/invoices/pending', seller));
    expect(unsettled.data.map((i: { saleId: number }) => i.saleId)).toContain(sale.id);
    arca.sim.faults.err501Count = 0;
    expectReply(invoicesApi.retry, await post(`/api/invoices/${pending.body.data.id}/retry`, {}));
    expectReply(invoicesApi.generate, await post(`/api/invoices/generate-for-sale/${sale.id}`, {}, seller), 200);
    expectReply(invoicesApi.forSale, await get(`/api/invoices/sale/${sale.id}`, seller));
    const list = expectReply(invoicesApi.list, await get(`/api/invoices/list?startDate=${today()}&endDate=${today()}`, seller));
    expect(list.data.length).toBeGreaterThan(0);

    expectReply(invoicesApi.caea, await get('/api/invoices/caea'));
    const settings = expectReply(invoicesApi.settings, await get('/api/invoices/settings'));
    expect(settings.data.certificate.fingerprint).toMatch(/^[0-9a-f:]+$/i);
    const body = { ptoVta: 4, environment: 'homologacion', caeaPtoVta: 9 };
    expectReply(invoicesApi.updateSettings, await s.call({ method: 'PUT', url: '/api/invoices/settings', token: admin, payload: body }));
    const test = expectReply(invoicesApi.test, await post('/api/invoices/settings/test', {}));
    expect(test.data.ok).toBe(true);
    const { certPem, keyPem } = testPki();
    const saved = expectReply(invoicesApi.credentials, await s.call({ method: 'PUT', url: '/api/invoices/settings/credentials', token: admin, payload: { certificate: certPem, privateKey: keyPem } }));
    expect(JSON.stringify(saved)).not.toContain('PRIVATE KEY');
    // A refusal travels in the failure envelope.
    const bad = await s.call({ method: 'PUT', url: '/api/invoices/settings/credentials', token: admin, payload: { certificate: 'x', privateKey: 'y' } });
    expect(bad).toMatchObject({ status: 400, body: { success: false, message: expect.any(String) } });
  });
});

describe('payments (Mercado Pago simulator)', () => {
  it('answers a preference, its sale, its status once paid and the settings as described', async () => {
    const productId = await createProduct(s.app.store, { price: 1500, stock: 10 });
    const items = [{ productId, quantity: 2 }];
    expectReply(paymentsApi.availability, await get('/api/payments/availability', seller));
    const pref = expectReply(paymentsApi.preference, await s.call({ method: 'POST', url: '/api/payments/preference', token: seller, headers: { host }, payload: { items, payer: { name: 'Ana', email: 'ana@example.com' } } }), 201);
    const salePayload = { preferenceId: pref.data.preferenceId, customerName: 'Ana', customerEmail: 'ana@example.com', items };
    const sale = expectReply(paymentsApi.sale, await post('/api/payments/sale', salePayload, seller), 201).data;
    expectReply(paymentsApi.sale, await post('/api/payments/sale', salePayload, seller), 200);
    expectReply(paymentsApi.status, await get(`/api/payments/status/${sale.id}`, seller));
    mp.pay(pref.data.preferenceId, 'approved');
    await eventually(() => get(`/api/sales/${sale.id}`), (res) => res.body.data.paymentStatus === 'pagado');
    const confirmed = expectReply(paymentsApi.confirm, await post(`/api/payments/confirm/${sale.id}`, {}, seller));
    expect(confirmed.data).toMatchObject({ paymentStatus: 'pagado', events: [expect.objectContaining({ status: 'approved' })] });

    const reconcile = await s.call({ method: 'POST', url: '/api/payments/reconcile', payload: { externalReference: pref.data.externalReference } });
    expectReply(paymentsApi.reconcile, reconcile, 202);
    expectReply(paymentsApi.webhook, await s.call({ method: 'POST', url: '/api/payments/webhook?type=merchant_order&id=1' }));
    const settings = expectReply(paymentsApi.settings, await get('/api/payments/settings'));
    expect(settings.data).not.toHaveProperty('accessToken');
    expectReply(paymentsApi.saveSettings, await s.call({ method: 'PUT', url: '/api/payments/settings', token: admin, payload: { publicUrl: 'https://tienda.example.com' } }));
  });
});

describe('exports', () => {
  it('answers the file, not an envelope, and a refusal in the failure envelope', async () => {
    const res = await s.app.inject({ method: 'GET', url: `/api/exports/ventas?format=csv&startDate=${today()}&endDate=${today()}`, headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.body).toContain(';');
    const refused = await s.call({ method: 'GET', url: '/api/exports/ventas', token: seller });
    expect(refused).toMatchObject({ status: 403, body: { success: false } });
    seen.add(reportsApi.export.key);
  });
});

describe('the contract itself', () => {
  it('strips a field the reply schema does not have (an internal column a service might let through)', async () => {
    const productId = await createProduct(s.app.store, { price: 10, stock: 5 });
    const sale = (await post('/api/sales', { items: [{ productId, quantity: 1 }], paymentMethod: 'efectivo' })).body.data;
    const leaky = { ...sale, costCents: 600, items: sale.items.map((i: object) => ({ ...i, costCents: 600 })) };
    // The same schema the real route registers, on a bare Fastify with the same zod serialiser.
    const bare = Fastify();
    bare.setValidatorCompiler(validatorCompiler);
    bare.setSerializerCompiler(replySerializer);
    bare.get('/sales/:id', { schema: schemaOf(salesApi.get, { tags: [], summary: 'prueba' }) }, async () => ({ success: true as const, data: leaky }));
    const res = await bare.inject({ method: 'GET', url: `/sales/${sale.id}` });
    await bare.close();
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('costCents');
    expect(res.json()).toEqual({ success: true, data: sale });
  });


  it('describes the reply of every operation in /api/docs', async () => {
    const doc = (await s.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const e of operations) {
      const [method, path] = e.key.split(' ');
      const op = doc.paths[`/api${path.replace(/:(\w+)/g, '{$1}')}`]?.[method.toLowerCase()];
      expect(op, e.key).toBeDefined();
      expect(op.responses['4XX'] ?? op.responses['4xx'], e.key).toBeDefined();
      if (!e.reply) continue;
      const statuses = e.status === undefined ? [200] : typeof e.status === 'number' ? [e.status] : e.status;
      for (const status of statuses) {
        const schema = op.responses[String(status)]?.content?.['application/json']?.schema;
        expect(schema?.properties?.success, `${e.key} ${status}`).toBeDefined();
        expect(schema.required, `${e.key} ${status}`).toContain('success');
      }
    }
  });
});
