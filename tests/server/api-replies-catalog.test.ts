/**
 * Every operation of products, catalogue, categories, stock, uploads, business info, configuration,
 * contact, users, auth, health and backups (domain/api) answers real requests with exactly the reply it
 * declares: each success body parses with `successEnvelope(endpoint.reply, paginated)` and parsing drops
 * nothing (a stray field would make the parsed copy differ), and /api/docs shows each reply schema.
 * Stray fields are stripped by the serializer: a seller never receives the cost the admin does, and a
 * handler that returns internal columns sends only the declared fields.
 */
import Fastify from 'fastify';
import { validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { replySerializer } from '../../server/http/reply-serializer';
import sharp from 'sharp';
import { afterAll, describe, expect, it, type RunnerTestFile, type RunnerTestSuite } from 'vitest';
import { authApi } from '../../domain/api/auth';
import { backupsApi } from '../../domain/api/backups';
import { businessApi } from '../../domain/api/business';
import { categoriesApi } from '../../domain/api/categories';
import { configurationApi } from '../../domain/api/configuration';
import { contactApi } from '../../domain/api/contact';
import { pathOf, successEnvelope, type Endpoint } from '../../domain/api/endpoint';
import { healthApi } from '../../domain/api/health';
import { MSG } from '../../domain/messages';
import { productsApi } from '../../domain/api/products';
import { stockApi } from '../../domain/api/stock';
import { uploadsApi } from '../../domain/api/uploads';
import { usersApi } from '../../domain/api/users';
import { schemaOf } from '../../server/http/endpoint-schema';
import { buildApp, testDialect, type Envelope } from '../helpers/server';

const modules = [productsApi, categoriesApi, stockApi, uploadsApi, businessApi, configurationApi, contactApi, usersApi, authApi, healthApi, backupsApi];
const operations: Endpoint[] = modules.flatMap((m) => Object.values(m) as Endpoint[]);

const { s, admin, seller } = await buildApp({ seller: 'respuestas' });
const categoryId: number = (await s.call({ method: 'POST', url: '/api/categories', token: admin, payload: { name: 'Cables' } })).body.data.id;
const productId: number = (
  await s.call({ method: 'POST', url: '/api/products', token: admin, payload: { code: 'C-1', name: 'Cable USB', price: 1500.5, cost: 900, stock: 12, categoryId } })
).body.data.id;

const covered = new Set<string>();

/** Every test of the file (nested suites included). */
const testsOf = (suite: RunnerTestFile | RunnerTestSuite): { mode: string; result?: unknown }[] =>
  suite.tasks.flatMap((task) => (task.type === 'suite' ? testsOf(task) : [task]));
// The contract itself: the tests below called every operation of these modules. A whole-file check, so it
// runs only when every test of the file ran (one test run alone, `vitest -t`, calls only its own).
// eslint-disable-next-line no-empty-pattern -- vitest passes the file as the second argument, after a context it requires to be destructured
afterAll(({}, file) => {
  if (testsOf(file as RunnerTestFile).some((test) => test.mode !== 'run' || !test.result)) return;
  expect([...covered].sort(), 'operaciones descritas que ningún test llamó').toEqual(operations.map((e) => e.key).sort());
});

/** Calls the operation and checks its success reply against its declared schema, with nothing stray. */
async function expectDeclared(e: Endpoint, opts: { url?: string; token?: string; payload?: object; headers?: Record<string, string> } = {}): Promise<Envelope> {
  const res = await s.call({ method: e.key.slice(0, e.key.indexOf(' ')) as 'GET', url: `/api${opts.url ?? pathOf(e.key)}`, token: opts.token, payload: opts.payload as never, headers: opts.headers });
  expect(res.status, `${e.key}: ${JSON.stringify(res.body)}`).toBe(e.status ?? 200);
  expect(e.reply, e.key).not.toBeNull();
  const parsed = successEnvelope(e.reply!, e.paginated === true).parse(res.body);
  expect(parsed, `${e.key} sent a field its schema does not declare`).toEqual(res.body);
  covered.add(e.key);
  return res.body;
}

const BOUNDARY = '----mostrador-respuestas';
const multipart = (field: string, filename: string, content: Buffer) => ({
  payload: Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]),
  headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
});

describe('replies match their declared schemas', () => {
  it('health, auth and users', async () => {
    await expectDeclared(healthApi.health);
    const login = await expectDeclared(authApi.login, { payload: { username: 'respuestas', password: 'clave-vendedor' } });
    expect(login.data.user).toMatchObject({ username: 'respuestas', role: 'vendedor' });
    for (const token of [admin, seller]) await expectDeclared(authApi.me, { token });
    const users = await expectDeclared(usersApi.list, { token: admin });
    for (const user of users.data) expect(Object.keys(user).sort()).toEqual(['active', 'email', 'fullName', 'id', 'role', 'username']);
    const created = await expectDeclared(usersApi.create, { token: admin, payload: { username: 'clave', fullName: 'Clave Nueva', email: null, password: 'secreto-1' } });
    await expectDeclared(usersApi.update, { url: `/users/${created.data.id}`, token: admin, payload: { fullName: 'Clave Cambiada' } });
    const own = await s.login('clave', 'secreto-1');
    await expectDeclared(authApi.changePassword, { token: own, payload: { currentPassword: 'secreto-1', newPassword: 'secreto-2' } });
    const leaving = await s.login('clave', 'secreto-2');
    await expectDeclared(authApi.logout, { token: leaving });
    expect((await s.call({ method: 'GET', url: '/api/auth/me', token: leaving })).status).toBe(401);
  });

  it('business info and configuration', async () => {
    const info = await expectDeclared(businessApi.get);
    await expectDeclared(businessApi.update, { token: admin, payload: { ...info.data, businessName: 'Kiosco Ana', cuit: '20-12345678-6' } });
    for (const token of [admin, seller]) await expectDeclared(configurationApi.list, { token });
    await expectDeclared(configurationApi.categories, { token: seller });
    await expectDeclared(configurationApi.get, { url: '/configuration/ventas/formato', token: seller });
    await expectDeclared(configurationApi.create, { token: admin, payload: { categoria: 'pruebas', clave: 'clave_uno', valor: '1', tipo: 'number' } });
    await expectDeclared(configurationApi.update, { url: '/configuration/pruebas/clave_uno', token: admin, payload: { valor: '2' } });
  });

  it('categories', async () => {
    await expectDeclared(categoriesApi.listPublic);
    for (const token of [admin, seller]) await expectDeclared(categoriesApi.list, { token });
    await expectDeclared(categoriesApi.get, { url: `/categories/${categoryId}`, token: seller });
    const other = await expectDeclared(categoriesApi.create, { token: admin, payload: { name: 'Sin uso' } });
    await expectDeclared(categoriesApi.update, { url: `/categories/${other.data.id}`, token: admin, payload: { order: 3 } });
    await expectDeclared(categoriesApi.remove, { url: `/categories/${other.data.id}`, token: admin });
  });

  it('products, the public catalogue, bulk prices and the import', async () => {
    const catalog = await expectDeclared(productsApi.catalog, { url: '/products/catalog?search=cable' });
    expect(catalog.data.map((p: { id: number }) => p.id)).toContain(productId);
    for (const token of [admin, seller]) {
      await expectDeclared(productsApi.list, { token });
      await expectDeclared(productsApi.get, { url: `/products/${productId}`, token });
    }
    const created = await expectDeclared(productsApi.create, { token: admin, payload: { name: 'Cargador', price: '2500,50', stock: 3 } });
    await expectDeclared(productsApi.update, { url: `/products/${created.data.id}`, token: admin, payload: { price: 2600 } });
    await expectDeclared(productsApi.setStock, { url: `/products/${created.data.id}/stock`, token: admin, payload: { stock: 2, operation: 'add' } });
    const prices = { scope: 'selection', productIds: [created.data.id], mode: 'percent', value: 10, rounding: 'none' };
    await expectDeclared(productsApi.previewPrices, { token: admin, payload: prices });
    await expectDeclared(productsApi.applyPrices, { token: admin, payload: prices });
    await expectDeclared(productsApi.remove, { url: `/products/${created.data.id}`, token: admin });

    const csv = Buffer.from('codigo;nombre;precio;stock\nIMP-1;Adaptador;1234,50;4\n');
    const preview = await expectDeclared(productsApi.previewImport, { token: admin, ...multipart('file', 'productos.csv', csv) });
    expect(preview.data.creates).toBe(1);
    const applied = await expectDeclared(productsApi.applyImport, {
      url: `/products/import?fingerprint=${preview.data.fingerprint}`,
      token: admin,
      ...multipart('file', 'productos.csv', csv),
    });
    expect(applied.data.created).toBe(1);
  });

  it('stock adjustments, history and counts', async () => {
    await expectDeclared(stockApi.adjust, { url: `/products/${productId}/stock/adjustments`, token: admin, payload: { reason: 'purchase', quantity: 5, note: null } });
    const history = await expectDeclared(stockApi.history, { url: `/products/${productId}/stock/history`, token: admin });
    expect(history.data.length).toBeGreaterThanOrEqual(2);
    await expectDeclared(stockApi.count, { token: admin, payload: { note: 'Recuento', items: [{ productId, counted: 20, shown: 0 }] } });
  });

  it('uploads', async () => {
    const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 10 } } }).png().toBuffer();
    const stored = await expectDeclared(uploadsApi.upload, { token: admin, ...multipart('image', 'foto.png', image) });
    await expectDeclared(uploadsApi.remove, { url: `/upload/${stored.data.filename}`, token: admin });
  });

  it('contact', async () => {
    const sent = await expectDeclared(contactApi.send, { payload: { name: 'Ana', email: 'ana@example.com', message: 'Quisiera saber si tienen cables largos.', productId } });
    expect(Object.keys(sent.data)).toEqual(['id']);
    await expectDeclared(contactApi.list, { token: admin });
    await expectDeclared(contactApi.stats, { token: admin });
    await expectDeclared(contactApi.get, { url: `/contact/${sent.data.id}`, token: admin });
    await expectDeclared(contactApi.update, { url: `/contact/${sent.data.id}`, token: admin, payload: { status: 'leido', notes: 'Llamar' } });
    await expectDeclared(contactApi.remove, { url: `/contact/${sent.data.id}`, token: admin });
  });

  it('backups: on SQLite the newest one is a file, not the envelope; on PostgreSQL the provider’s, so making one is a 409 with the reason and none is listed', async () => {
    if (testDialect !== 'postgres') {
      await expectDeclared(backupsApi.create, { token: admin });
      await expectDeclared(backupsApi.status, { token: admin });
      await expectDeclared(backupsApi.list, { token: admin });
      const file = await s.app.inject({ method: 'GET', url: '/api/backups/latest', headers: { authorization: `Bearer ${admin}` } });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/gzip');
      covered.add(backupsApi.latest.key);
      return;
    }
    const made = await s.call({ method: 'POST', url: '/api/backups', token: admin });
    expect(made).toEqual({ status: 409, body: { success: false, message: MSG.backupsOnPostgres } });
    covered.add(backupsApi.create.key);
    const status = await expectDeclared(backupsApi.status, { token: admin });
    expect(status.data).toMatchObject({ lastBackupAt: null, lastBackupBytes: null, lastError: MSG.backupsOnPostgres });
    expect((await expectDeclared(backupsApi.list, { token: admin })).data).toEqual([]);
    const latest = await s.call({ method: 'GET', url: '/api/backups/latest', token: admin });
    expect(latest).toEqual({ status: 404, body: { success: false, message: MSG.backupNone } });
    covered.add(backupsApi.latest.key);
  });
});

describe('stray fields never leave the server', () => {
  it('a seller receives products without the cost, which the admin receives', async () => {
    const seen = async (token: string) => [
      (await expectDeclared(productsApi.get, { url: `/products/${productId}`, token })).data,
      ...(await expectDeclared(productsApi.list, { token })).data,
    ];
    for (const product of await seen(seller)) expect(product).not.toHaveProperty('cost');
    for (const product of await seen(admin)) expect(product).toHaveProperty('cost');
    const catalog = await expectDeclared(productsApi.catalog, { token: admin });
    for (const item of catalog.data) expect(item).not.toHaveProperty('cost');
  });

  it('the reply schema strips what a handler adds beyond it, and a reply that breaks it is a 500', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(replySerializer);
    const product = (await s.call({ method: 'GET', url: `/api/products/${productId}`, token: admin })).body.data;
    const routes: FastifyPluginAsyncZod = async (api) => {
      api.get(pathOf(productsApi.get.key), { schema: schemaOf(productsApi.get, { tags: [], summary: '' }) }, async (req) =>
        req.params.id === productId
          ? { success: true as const, data: { ...product, costCents: 90000, searchText: 'cable usb', deletedAt: null } }
          : { success: true as const, data: { ...product, price: 'mil' as unknown as number } },
      );
    };
    await app.register(routes);
    const stripped = await app.inject({ method: 'GET', url: `/products/${productId}` });
    expect(stripped.statusCode).toBe(200);
    expect(stripped.json()).toEqual({ success: true, data: product });
    const broken = await app.inject({ method: 'GET', url: `/products/${productId + 1}` });
    expect(broken.statusCode).toBe(500);
    await app.close();
  });
});

describe('/api/docs', () => {
  it('shows the success reply schema of each operation (a file reply as binary)', async () => {
    const doc = (await s.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const e of operations) {
      const path = `/api${pathOf(e.key).replace(/:(\w+)/g, '{$1}')}`;
      const responses = doc.paths[path]?.[e.key.slice(0, e.key.indexOf(' ')).toLowerCase()]?.responses;
      expect(responses, e.key).toBeDefined();
      const success = responses[String(e.status ?? 200)]?.content?.['application/json']?.schema;
      if (e.reply === null) expect(success, e.key).toMatchObject({ type: 'string', format: 'binary' });
      else expect(success?.properties?.data, `${e.key} has no reply schema in /api/docs`).toBeDefined();
      expect(responses['4XX'] ?? responses['4xx'], e.key).toBeDefined();
    }
  });
});
