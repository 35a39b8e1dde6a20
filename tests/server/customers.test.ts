/**
 * The customer file (issue #33 item 1) on the real server and database (SQLite, and PostgreSQL in the
 * server-pg project): create, search in one field, the CUIT check digit, one customer per document, roles and
 * the privacy setting, the customers in the pull pages, and the customers devices push — alone or inside a
 * sale — applied exactly once, with two tablets that created the same document offline ending in one customer.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '../../domain/constants';
import { customerAliases, customers, sales } from '../../server/db/schema';
import { createProduct, pushedSale } from '../helpers/fixtures';
import { buildApp, type Envelope, type TestDevice } from '../helpers/server';

const { s, admin, seller } = await buildApp({ seller: 'mostrador' });

const CUIT_A = '20123456786';
const CUIT_B = '27111111117';
const CUIT_C = '30700000008';
const CUIT_D = '20300000011';
const CUIT_E = '23333333333';
const CUIT_F = '20444444445';

const create = (payload: Record<string, unknown>, token = admin) => s.call({ method: 'POST', url: '/api/customers', token, payload });
const list = (query: string, token = admin) => s.call({ method: 'GET', url: `/api/customers?${query}`, token });
const setting = (valor: 'true' | 'false') => s.call({ method: 'PUT', url: '/api/configuration/privacidad/vendedores_ven_clientes', token: admin, payload: { valor } });
const customerRows = () => s.app.store.read((q) => q.select().from(customers));

let tabletA: TestDevice;
let tabletB: TestDevice;
beforeAll(async () => {
  tabletA = await s.registerDevice(admin);
  tabletB = await s.registerDevice(admin);
});

const pushCustomers = (device: TestDevice, list: unknown[]) =>
  s.call({ method: 'POST', url: '/api/sync/customers', headers: device.headers, payload: { deviceId: device.id, customers: list } });
const pushSales = (device: TestDevice, list: unknown[]) =>
  s.call({ method: 'POST', url: '/api/sync/push', headers: device.headers, payload: { deviceId: device.id, schemaVersion: SYNC_SCHEMA_VERSION, sales: list } });

async function pullAll(token: string, since = 0): Promise<Envelope['data'][]> {
  const pages = [];
  for (let cursor = since; ; ) {
    const res = await s.call({ method: 'GET', url: `/api/sync/pull?since=${cursor}&limit=3`, token });
    expect(res.status).toBe(200);
    pages.push(res.body.data);
    cursor = res.body.data.cursor;
    if (!res.body.data.hasMore) return pages;
  }
}

describe('the customer file (back office and counter)', () => {
  it('creates a customer with a CUIT typed with dashes and finds it by name, CUIT or phone in one field', async () => {
    const res = await create({ docType: 80, docNumber: '20-12345678-6', name: 'Ferretería Núñez SRL', ivaConditionId: 1, phone: '11 4567-8901', email: 'compras@nunez.com.ar', address: 'Av. Siempreviva 742' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Cliente creado');
    expect(res.body.data).toMatchObject({ docType: 80, docNumber: CUIT_A, name: 'Ferretería Núñez SRL', ivaConditionId: 1, balance: 0, creditLimit: null, accountEnabled: false, active: true });
    expect(res.body.data.uuid).toMatch(/^[0-9a-f-]{36}$/);
    for (const search of ['nunez', 'FERRETERIA', '20-12345678-6', '12345678', '4567-8901', '45678901', 'ferre nun']) {
      const found = await list(`search=${encodeURIComponent(search)}`);
      expect(found.status, search).toBe(200);
      expect(found.body.data.map((c: { id: number }) => c.id), search).toContain(res.body.data.id);
    }
    expect((await list('search=zzzz')).body.data).toEqual([]);
  });

  it('refuses an invalid CUIT, a number on «sin identificar» and a Factura A condition without a CUIT, in Spanish and naming the field', async () => {
    const badDigit = await create({ docType: 80, docNumber: '20123456787', name: 'Mal CUIT' });
    expect(badDigit.status).toBe(400);
    expect(badDigit.body.message).toMatch(/Número de documento.*dígito verificador/);
    const short = await create({ docType: 80, docNumber: '2012345', name: 'Corto' });
    expect(short.body.message).toMatch(/11 dígitos/);
    expect((await create({ docType: 99, docNumber: '123', name: 'Sin id' })).status).toBe(400);
    const riWithDni = await create({ docType: 96, docNumber: '30111222', name: 'RI con DNI', ivaConditionId: 1 });
    expect(riWithDni.status).toBe(400);
    expect(riWithDni.body.message).toMatch(/CUIT/);
    expect((await create({ docType: 96, docNumber: '30111222', name: 'Consumidor con DNI' })).status).toBe(201);
    expect((await create({ name: 'Mostrador sin datos' })).body.data).toMatchObject({ docType: 99, docNumber: null, ivaConditionId: 5 });
    expect((await create({ name: '' })).status).toBe(400);
  });

  it('one customer per document: a second one is a 409 naming the first; the same uuid again is that customer', async () => {
    const first = await create({ docType: 80, docNumber: CUIT_B, name: 'Almacén Doña Rosa' });
    expect(first.status).toBe(201);
    const again = await create({ docType: 80, docNumber: CUIT_B, name: 'Otra Rosa' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Ya existe un cliente con ese documento: Almacén Doña Rosa.');
    const other = await create({ docType: 96, docNumber: '22333444', name: 'Pepe' });
    const edit = await s.call({ method: 'PUT', url: `/api/customers/${other.body.data.id}`, token: admin, payload: { docType: 80, docNumber: CUIT_B } });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toMatch(/Almacén Doña Rosa/);

    const uuid = randomUUID();
    const created = await create({ uuid, name: 'Cliente con uuid', docType: 96, docNumber: '40111222' });
    const retried = await create({ uuid, name: 'Cliente con uuid', docType: 96, docNumber: '40111222' });
    expect([created.status, retried.status]).toEqual([201, 200]);
    expect(retried.body.data.id).toBe(created.body.data.id);
    expect((await customerRows()).filter((c) => c.uuid === uuid)).toHaveLength(1);
  });

  it('edits only what is sent, checks the document against the stored type, and deactivates (admin only)', async () => {
    const c = (await create({ docType: 80, docNumber: CUIT_C, name: 'Distribuidora Sur SA', ivaConditionId: 1, phone: '221 555-0000' })).body.data;
    const res = await s.call({ method: 'PUT', url: `/api/customers/${c.id}`, token: seller, payload: { phone: '221 555-1111', notes: 'Paga los viernes' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Distribuidora Sur SA', phone: '221 555-1111', notes: 'Paga los viernes', docNumber: CUIT_C });
    expect((await list('search=5551111')).body.data.map((x: { id: number }) => x.id)).toContain(c.id);
    // A DNI with the stored «Responsable Inscripto»: refused with the rule, nothing saved.
    const bad = await s.call({ method: 'PUT', url: `/api/customers/${c.id}`, token: admin, payload: { docType: 96, docNumber: '30111223' } });
    expect(bad.status).toBe(400);
    expect((await s.call({ method: 'GET', url: `/api/customers/${c.id}`, token: admin })).body.data.docType).toBe(80);

    expect((await s.call({ method: 'POST', url: `/api/customers/${c.id}/deactivate`, token: seller })).status).toBe(403);
    expect((await s.call({ method: 'PUT', url: `/api/customers/${c.id}`, token: seller, payload: { creditLimit: 1000 } })).status).toBe(403);
    expect((await create({ name: 'Fiado', accountEnabled: true }, seller)).status).toBe(403);
    const off = await s.call({ method: 'POST', url: `/api/customers/${c.id}/deactivate`, token: admin });
    expect(off.status).toBe(200);
    expect(off.body.data.active).toBe(false);
    expect((await list('search=distribuidora&active=true')).body.data).toEqual([]);
    expect((await list('search=distribuidora&active=false')).body.data).toHaveLength(1);
    const limit = await s.call({ method: 'PUT', url: `/api/customers/${c.id}`, token: admin, payload: { accountEnabled: true, creditLimit: '150000,50' } });
    expect(limit.body.data).toMatchObject({ accountEnabled: true, creditLimit: 150000.5 });
    expect((await s.call({ method: 'GET', url: '/api/customers/999999', token: admin })).status).toBe(404);
    expect((await s.call({ method: 'GET', url: '/api/customers', })).status).toBe(401);
  });

  it('sellers see names always, and documents and e-mails only while the admin lets them (lists, pull)', async () => {
    const c = (await create({ docType: 80, docNumber: CUIT_D, name: 'Privado SA', email: 'privado@example.com' }, seller)).body.data;
    const sees = async (token: string) => (await s.call({ method: 'GET', url: `/api/customers/${c.id}`, token })).body.data;
    expect(await sees(seller)).toMatchObject({ docNumber: CUIT_D, email: 'privado@example.com' });
    const before = (await pullAll(seller)).at(-1)!.cursor;
    try {
      expect((await setting('false')).status).toBe(200);
      const hidden = await sees(seller);
      expect(hidden.name).toBe('Privado SA');
      expect(hidden).not.toHaveProperty('docNumber');
      expect(hidden).not.toHaveProperty('email');
      expect((await list('search=privado', seller)).body.data[0]).not.toHaveProperty('docNumber');
      expect(await sees(admin)).toMatchObject({ docNumber: CUIT_D, email: 'privado@example.com' });
      // The setting re-stamps every customer: a tablet at its cursor receives them again, without documents.
      const pulled = (await pullAll(seller, before)).flatMap((p) => p.customers);
      expect(pulled.find((x: { id: number }) => x.id === c.id)).toMatchObject({ name: 'Privado SA', docNumber: null, email: null });
      expect(pulled.length).toBe((await customerRows()).length);
    } finally {
      await setting('true');
    }
    const again = (await pullAll(seller, before)).flatMap((p) => p.customers);
    expect(again.find((x: { id: number }) => x.id === c.id)).toMatchObject({ docNumber: CUIT_D, email: 'privado@example.com' });
  });

  it('customers travel in the pull pages on the catalogue cursor, each edit once more, deactivated ones as inactive', async () => {
    const cursor = (await pullAll(seller)).at(-1)!.cursor;
    const c = (await create({ docType: 96, docNumber: '35111222', name: 'Juan Pull', phone: '351 444' })).body.data;
    await createProduct(s.app.store, { name: 'Producto del medio' });
    await s.call({ method: 'PUT', url: `/api/customers/${c.id}`, token: admin, payload: { name: 'Juan Pull Editado' } });
    const pages = await pullAll(seller, cursor);
    const pulled = pages.flatMap((p) => p.customers);
    expect(pulled).toEqual([expect.objectContaining({ id: c.id, uuid: c.uuid, name: 'Juan Pull Editado', docType: 96, docNumber: '35111222', phone: '351 444', active: true, balance: 0 })]);
    expect(pages.flatMap((p) => p.products).map((p: { name: string }) => p.name)).toEqual(['Producto del medio']);
    await s.call({ method: 'POST', url: `/api/customers/${c.id}/deactivate`, token: admin });
    const after = (await pullAll(seller, pages.at(-1)!.cursor)).flatMap((p) => p.customers);
    expect(after).toEqual([expect.objectContaining({ id: c.id, active: false })]);
  });
});

describe('customers created at the counter reach the server exactly once', () => {
  it('POST /sync/customers: applied once by uuid; a second tablet with the same document is merged onto the first; invalid ones rejected alone', async () => {
    const uuidA = randomUUID();
    const uuidB = randomUUID();
    const onA = { uuid: uuidA, docType: 80, docNumber: CUIT_E, name: 'Kiosco El Sol', ivaConditionId: 6 };
    const onB = { uuid: uuidB, docType: 80, docNumber: '23-33333333-3', name: 'Kiosco el sol (tablet 2)', ivaConditionId: 6 };
    const first = await pushCustomers(tabletA, [onA, { uuid: randomUUID(), docType: 80, docNumber: '20123456780', name: 'CUIT mal' }, { name: 'sin uuid' }]);
    expect(first.status).toBe(200);
    const [applied, badCuit, noUuid] = first.body.data.results;
    expect(applied).toMatchObject({ uuid: uuidA, status: 'applied', customer: { uuid: uuidA, name: 'Kiosco El Sol', docNumber: CUIT_E } });
    expect(badCuit.status).toBe('rejected');
    expect(badCuit.reason).toMatch(/Número de documento.*dígito verificador/);
    expect(noUuid).toMatchObject({ uuid: null, status: 'rejected' });

    const second = await pushCustomers(tabletB, [onB]);
    expect(second.body.data.results[0]).toMatchObject({ uuid: uuidB, status: 'merged', customer: { uuid: uuidA, id: applied.customer.id, name: 'Kiosco El Sol' } });
    // Replays from either tablet change nothing.
    expect((await pushCustomers(tabletA, [onA])).body.data.results[0]).toMatchObject({ status: 'duplicate', customer: { uuid: uuidA } });
    expect((await pushCustomers(tabletB, [onB])).body.data.results[0]).toMatchObject({ status: 'duplicate', customer: { uuid: uuidA } });
    expect((await customerRows()).filter((c) => c.docNumber === CUIT_E)).toHaveLength(1);
    const aliases = await s.app.store.read((q) => q.select().from(customerAliases).where(eq(customerAliases.uuid, uuidB)));
    expect(aliases).toEqual([expect.objectContaining({ customerId: applied.customer.id, deviceId: tabletB.id })]);

    expect((await s.call({ method: 'POST', url: '/api/sync/customers', headers: tabletA.headers, payload: { deviceId: tabletB.id, customers: [] } })).status).toBe(403);
    expect((await s.call({ method: 'POST', url: '/api/sync/customers', token: admin, payload: { deviceId: tabletA.id, customers: [] } })).status).toBe(401);
  });

  it('two tablets pushing the same new document at the same moment end with one customer', async () => {
    const bodies = [tabletA, tabletB].map((d, i) => ({ d, c: { uuid: randomUUID(), docType: 96, docNumber: '28999000', name: `Simultáneo ${i}` } }));
    const replies = await Promise.all(bodies.map(({ d, c }) => pushCustomers(d, [c])));
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    const statuses = replies.map((r) => r.body.data.results[0].status).sort();
    expect(statuses).toEqual(['applied', 'merged']);
    const ids = new Set(replies.map((r) => r.body.data.results[0].customer.id));
    expect(ids.size).toBe(1);
    expect((await customerRows()).filter((c) => c.docNumber === '28999000')).toHaveLength(1);
  });

  it('a sale carrying a customer created offline books it once; a replay lands nothing new; the other tablet’s sale with the same document books the same customer', async () => {
    const productId = await createProduct(s.app.store, { name: 'Yerba', price: 1500, stock: 100 });
    const uuidA = randomUUID();
    const uuidB = randomUUID();
    const customer = { uuid: uuidA, docType: 80, docNumber: CUIT_F, name: 'Bar La Esquina', ivaConditionId: 1, address: 'San Martín 100' };
    const saleA = pushedSale(1, [{ productId, quantity: 2, unitPrice: 1500 }], { customerUuid: uuidA, customer } as never);
    const resA = await pushSales(tabletA, [saleA]);
    expect(resA.status).toBe(200);
    const [a] = resA.body.data.results;
    expect(a).toMatchObject({ status: 'applied', customerUuid: uuidA });
    expect(a.flags ?? []).not.toContain('review');
    expect((await pushSales(tabletA, [saleA])).body.data.results[0]).toMatchObject({ status: 'duplicate', customerUuid: uuidA, customerId: a.customerId });

    const saleB = pushedSale(1, [{ productId, quantity: 1, unitPrice: 1500 }], { customerUuid: uuidB, customer: { ...customer, uuid: uuidB, name: 'La Esquina' } } as never);
    const [b] = (await pushSales(tabletB, [saleB])).body.data.results;
    expect(b).toMatchObject({ status: 'applied', customerId: a.customerId, customerUuid: uuidA });
    // Later sales of tablet B may name the customer by its own uuid only.
    const [c] = (await pushSales(tabletB, [pushedSale(2, [{ productId, quantity: 1, unitPrice: 1500 }], { customerUuid: uuidB } as never)])).body.data.results;
    expect(c).toMatchObject({ status: 'applied', customerId: a.customerId });

    expect((await customerRows()).filter((x) => x.docNumber === CUIT_F)).toHaveLength(1);
    const stored = await s.app.store.read((q) => q.select({ id: sales.id, customerId: sales.customerId, customerName: sales.customerName, customerDocument: sales.customerDocument }).from(sales).where(eq(sales.customerId, a.customerId)));
    expect(stored).toHaveLength(3);
    expect(stored[0]).toMatchObject({ customerName: 'Bar La Esquina', customerDocument: CUIT_F });
    const sale = await s.call({ method: 'GET', url: `/api/sales?search=esquina`, token: admin });
    expect(sale.body.data.length).toBeGreaterThanOrEqual(3);
  });

  it('a sale naming an unknown or invalid customer still lands, without a customer and flagged with the reason', async () => {
    const productId = await createProduct(s.app.store, { name: 'Galletitas', price: 800, stock: 100 });
    const unknown = randomUUID();
    const sales = [
      pushedSale(10, [{ productId, quantity: 1, unitPrice: 800 }], { customerUuid: unknown } as never),
      pushedSale(11, [{ productId, quantity: 1, unitPrice: 800 }], { customerUuid: 'no-es-un-uuid' } as never),
      pushedSale(12, [{ productId, quantity: 1, unitPrice: 800 }], { customer: { uuid: randomUUID(), docType: 80, docNumber: '20111111110', name: 'CUIT inválido' } } as never),
      pushedSale(13, [{ productId, quantity: 1, unitPrice: 800 }], { customer: 'basura' } as never),
    ];
    const res = await pushSales(tabletA, sales);
    expect(res.status).toBe(200);
    const results = res.body.data.results;
    expect(results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    for (const r of results) {
      expect(r.flags).toContain('review');
      expect(r).not.toHaveProperty('customerId');
    }
    const notes = await Promise.all(results.map(async (r: { saleId: number }) => (await s.call({ method: 'GET', url: `/api/sales/${r.saleId}`, token: admin })).body.data.reviewNote));
    expect(notes[0]).toContain(`El cliente de la venta (${unknown}) no existe en el servidor`);
    expect(notes[1]).toContain('no-es-un-uuid');
    expect(notes[2]).toMatch(/El cliente creado en el dispositivo no es válido \(.*dígito verificador/);
    expect(notes[3]).toMatch(/no es válido/);
    expect((await customerRows()).some((c) => c.name === 'CUIT inválido')).toBe(false);
  });
});
