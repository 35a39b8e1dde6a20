/**
 * Role matrix of spec §6: every API route × (anonymous, vendedor, admin).
 * The route list comes from the OpenAPI document, so a new route without an entry here fails the test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../helpers/server';

type Access = 'public' | 'staff' | 'admin';

/** "METHOD /path" → who may call it. */
const MATRIX: Record<string, Access> = {
  'GET /api/health': 'public',
  'POST /api/auth/login': 'public',
  'GET /api/auth/me': 'staff',
  'POST /api/auth/change-password': 'staff',
  'GET /api/users': 'admin',
  'POST /api/users': 'admin',
  'PUT /api/users/{id}': 'admin',
  'GET /api/business-info': 'public',
  'PUT /api/business-info': 'admin',
  'GET /api/configuration': 'staff',
  'GET /api/configuration/categories': 'staff',
  'GET /api/configuration/{categoria}/{clave}': 'staff',
  'PUT /api/configuration/{categoria}/{clave}': 'admin',
  'POST /api/configuration': 'admin',
  'GET /api/categories/public': 'public',
  'GET /api/categories': 'staff',
  'GET /api/categories/{id}': 'staff',
  'POST /api/categories': 'admin',
  'PUT /api/categories/{id}': 'admin',
  'DELETE /api/categories/{id}': 'admin',
  'GET /api/brands': 'staff',
  'GET /api/brands/{id}': 'staff',
  'POST /api/brands': 'admin',
  'PUT /api/brands/{id}': 'admin',
  'DELETE /api/brands/{id}': 'admin',
  'GET /api/products/catalog': 'public',
  'GET /api/products': 'staff',
  'GET /api/products/{id}': 'staff',
  'POST /api/products': 'admin',
  'PUT /api/products/{id}': 'admin',
  'PATCH /api/products/{id}/stock': 'admin',
  'DELETE /api/products/{id}': 'admin',
  'POST /api/contact': 'public',
  'GET /api/contact/list': 'admin',
  'GET /api/contact/stats': 'admin',
  'GET /api/contact/{id}': 'admin',
  'PUT /api/contact/{id}': 'admin',
  'DELETE /api/contact/{id}': 'admin',
  'POST /api/upload': 'admin',
  'DELETE /api/upload/{filename}': 'admin',
  'POST /api/sales': 'staff',
  'GET /api/sales': 'staff',
  'GET /api/sales/summary': 'staff',
  'GET /api/sales/{id}': 'staff',
  'POST /api/sales/{id}/cancel': 'admin',
  'POST /api/sync/push': 'staff',
  'GET /api/sync/pull': 'staff',
  'GET /api/sync/devices': 'admin',
  'GET /api/invoices/status': 'staff',
  'GET /api/invoices/tipos-comprobante': 'staff',
  'GET /api/invoices/tipos-documento': 'staff',
  'GET /api/invoices/condiciones-iva': 'staff',
  'POST /api/invoices/generate-for-sale/{saleId}': 'staff',
  'GET /api/invoices/list': 'staff',
  'GET /api/invoices/sale/{saleId}': 'staff',
  'GET /api/invoices/pending': 'staff',
  'POST /api/invoices/{id}/retry': 'admin',
  'GET /api/invoices/settings': 'admin',
  'PUT /api/invoices/settings': 'admin',
  'PUT /api/invoices/settings/credentials': 'admin',
  'POST /api/invoices/settings/test': 'admin',
};

const SAMPLE_PARAMS: Record<string, string> = { id: '999999', saleId: '999999', categoria: 'ventas', clave: 'prefijo', filename: 'no-existe.webp' };

let s: TestServer;
let seller: string;
let admin: string;
let routes: string[];

beforeAll(async () => {
  s = await createTestServer();
  admin = await s.login();
  seller = await s.sellerToken('matriz');
  const doc = (await s.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths).flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`));
});
afterAll(() => s.close());

function urlOf(route: string): { method: string; url: string } {
  const [method, template] = route.split(' ');
  return { method, url: template.replace(/\{(\w+)\}/g, (_, name: string) => SAMPLE_PARAMS[name] ?? '1') };
}

describe('role matrix (spec §6)', () => {
  it('every route of the API has an expected access level, and every expected route exists', () => {
    expect(routes.filter((r) => !(r in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it.each(Object.entries(MATRIX))('%s is %s', async (route, access) => {
    const { method, url } = urlOf(route);
    const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
    const as = async (token?: string) => (await s.call({ method: method as 'GET', url, payload, token })).status;

    const anonymous = await as();
    const vendedor = await as(seller);
    const administrador = await as(admin);

    if (access === 'public') {
      expect([401, 403]).not.toContain(anonymous);
    } else {
      expect(anonymous).toBe(401);
    }
    if (access === 'admin') expect(vendedor).toBe(403);
    else expect([401, 403]).not.toContain(vendedor);
    expect([401, 403]).not.toContain(administrador);
    // Allowed callers get an answer, never a server fault, even with an empty body / unknown id.
    for (const status of [anonymous, vendedor, administrador]) expect(status).toBeLessThan(500);
  });

  it('admin GET routes without parameters answer 2xx', async () => {
    const plainGets = Object.keys(MATRIX).filter((r) => r.startsWith('GET ') && !r.includes('{'));
    for (const route of plainGets) {
      const { url } = urlOf(route);
      const status = (await s.call({ method: 'GET', url, token: admin })).status;
      expect({ route, status }).toEqual({ route, status: 200 });
    }
  });
});
