/**
 * Role matrix (docs/spec.md §6), generated from the route table: every /api route × (anonymous, vendedor, admin).
 * Each route's access comes from its own onRequest hooks (server/http/route-table.ts), so a new route is
 * checked without being listed here. Listed here: the only routes allowed to be public (a new public
 * route must be added on purpose) and the access docs/spec.md §6 gives the routes it names.
 */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../domain/messages';
import type { Access } from '../../server/http/route-table';
import { buildApp, testDialect } from '../helpers/server';

/** Open to anyone, with or without a session. Anything else must demand one. */
const PUBLIC_ROUTES = [
  'GET /api/health',
  'POST /api/auth/login',
  'GET /api/business-info',
  'GET /api/categories/public',
  'GET /api/products/catalog',
  'POST /api/contact',
  'POST /api/payments/webhook',
  'POST /api/payments/reconcile',
];

/** docs/spec.md §6: "METHOD /path" → who may call it. */
const SPEC: Record<string, Access> = {
  'GET /api/auth/me': 'staff',
  'POST /api/auth/change-password': 'staff',
  'POST /api/auth/logout': 'staff',
  'GET /api/users': 'admin',
  'POST /api/users': 'admin',
  'PUT /api/users/:id': 'admin',
  'PUT /api/business-info': 'admin',
  'GET /api/configuration': 'staff',
  'GET /api/configuration/categories': 'staff',
  'GET /api/configuration/:categoria/:clave': 'staff',
  'PUT /api/configuration/:categoria/:clave': 'admin',
  'POST /api/configuration': 'admin',
  'GET /api/categories': 'staff',
  'GET /api/categories/:id': 'staff',
  'POST /api/categories': 'admin',
  'PUT /api/categories/:id': 'admin',
  'DELETE /api/categories/:id': 'admin',
  'GET /api/brands': 'staff',
  'GET /api/brands/:id': 'staff',
  'POST /api/brands': 'admin',
  'PUT /api/brands/:id': 'admin',
  'DELETE /api/brands/:id': 'admin',
  'GET /api/products': 'staff',
  'GET /api/products/:id': 'staff',
  'POST /api/products': 'admin',
  'PUT /api/products/:id': 'admin',
  'PATCH /api/products/:id/stock': 'admin',
  'DELETE /api/products/:id': 'admin',
  'POST /api/products/import/preview': 'admin',
  'POST /api/products/import': 'admin',
  'GET /api/exports/:dataset': 'admin',
  'GET /api/contact/list': 'admin',
  'GET /api/contact/stats': 'admin',
  'GET /api/contact/:id': 'admin',
  'PUT /api/contact/:id': 'admin',
  'DELETE /api/contact/:id': 'admin',
  'POST /api/upload': 'admin',
  'DELETE /api/upload/:filename': 'admin',
  'POST /api/sales': 'staff',
  'GET /api/sales': 'staff',
  'GET /api/sales/summary': 'staff',
  'GET /api/sales/:id': 'staff',
  'POST /api/sales/:id/cancel': 'admin',
  'POST /api/sales/:id/returns': 'staff',
  'GET /api/sales/:id/returns': 'staff',
  'POST /api/sync/push': 'device',
  'POST /api/sync/cash': 'device',
  'GET /api/cash-sessions': 'admin',
  'GET /api/cash-sessions/:id': 'admin',
  'POST /api/sync/devices/register': 'staff',
  'GET /api/sync/pull': 'staff',
  'GET /api/sync/devices': 'admin',
  'GET /api/sync/quarantine': 'admin',
  'PUT /api/sync/devices/:id/caea-pto-vta': 'admin',
  'PUT /api/sync/devices/:id': 'admin',
  'POST /api/sync/devices/:id/revoke': 'admin',
  'DELETE /api/sync/devices/:id': 'admin',
  'POST /api/cash-sessions/:id/force-close': 'admin',
  'GET /api/backups/status': 'admin',
  'GET /api/backups': 'admin',
  'POST /api/backups': 'admin',
  'GET /api/backups/latest': 'admin',
  ...Object.fromEntries(PUBLIC_ROUTES.map((r) => [r, 'public' as const])),
  'GET /api/payments/availability': 'staff',
  'POST /api/payments/preference': 'staff',
  'POST /api/payments/sale': 'staff',
  'GET /api/payments/status/:id': 'staff',
  'POST /api/payments/confirm/:id': 'staff',
  'GET /api/payments/settings': 'admin',
  'PUT /api/payments/settings': 'admin',
  'POST /api/payments/orders': 'device',
  'GET /api/payments/orders/:id': 'device',
  'POST /api/payments/orders/:id/cancel': 'device',
  'GET /api/payments/counters': 'admin',
  'GET /api/payments/counters/stores': 'admin',
  'PUT /api/payments/counters/:deviceId': 'admin',
  'GET /api/payments/counters/:deviceId/terminals': 'admin',
  'GET /api/invoices/status': 'staff',
  'GET /api/invoices/tipos-comprobante': 'staff',
  'GET /api/invoices/tipos-documento': 'staff',
  'GET /api/invoices/condiciones-iva': 'staff',
  'POST /api/invoices/generate-for-sale/:saleId': 'staff',
  'GET /api/invoices/list': 'staff',
  'GET /api/invoices/sale/:saleId': 'staff',
  'GET /api/invoices/pending': 'staff',
  'POST /api/invoices/:id/retry': 'admin',
  'GET /api/invoices/caea': 'admin',
  'GET /api/invoices/settings': 'admin',
  'PUT /api/invoices/settings': 'admin',
  'PUT /api/invoices/settings/credentials': 'admin',
  'GET /api/receipts/channels': 'staff',
  'POST /api/sales/:id/receipt-link': 'staff',
  'POST /api/sales/:id/receipt-email': 'staff',
  'POST /api/invoices/settings/test': 'admin',
};

const SAMPLE_PARAMS: Record<string, string> = { id: '999999', saleId: '999999', categoria: 'ventas', clave: 'prefijo', filename: 'no-existe.webp', dataset: 'productos' };

// The table is read at collection time so each route is its own test.
const { s, admin } = await buildApp();
const seller = await s.sellerToken('matriz');
const table = s.app.routeTable.map((r) => ({ route: `${r.method} ${r.url}`, access: r.access }));

const urlOf = (route: string) => {
  const [method, template] = route.split(' ');
  return { method, url: template.replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? '1') };
};

describe('route table', () => {
  it('lists the same routes as the OpenAPI document', async () => {
    const doc = (await s.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths).flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`));
    expect(table.map((r) => r.route).sort()).toEqual(documented.sort());
  });

  it('only the listed routes are public, and each of them is', () => {
    expect(table.filter((r) => r.access === 'public').map((r) => r.route).sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('every route docs/spec.md §6 names exists with the spec\'s access', () => {
    const byRoute = Object.fromEntries(table.map((r) => [r.route, r.access]));
    expect(Object.fromEntries(Object.keys(SPEC).map((r) => [r, byRoute[r]]))).toEqual(SPEC);
  });
});

describe('role matrix (anonymous / vendedor / admin × every route)', () => {
  it.each(table)('$route is $access', async ({ route, access }) => {
    const { method, url } = urlOf(route);
    const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
    const as = async (token?: string) => (await s.call({ method: method as 'GET', url, payload, token })).status;
    // Signing out revokes the token it presents: that route gets sessions of its own.
    const signsOut = route === 'POST /api/auth/logout';
    const [sellerToken, adminToken] = signsOut ? [await s.sellerToken(), await s.login()] : [seller, admin];
    const [anonymous, vendedor, administrador] = [await as(), await as(sellerToken), await as(adminToken)];

    if (access === 'device') {
      expect([anonymous, vendedor, administrador]).toEqual([401, 401, 401]);
      return;
    }
    if (access === 'public') expect([401, 403]).not.toContain(anonymous);
    else expect(anonymous).toBe(401);
    if (access === 'admin') expect(vendedor).toBe(403);
    else expect([401, 403]).not.toContain(vendedor);
    expect([401, 403]).not.toContain(administrador);
    // Allowed callers get an answer, never a server fault, even with an empty body / unknown id.
    for (const status of [anonymous, vendedor, administrador]) expect(status).toBeLessThan(500);
  });

  it('a stale or forged token is 401 on every non-public route', async () => {
    const forged = `${admin.slice(0, -4)}AAAA`;
    for (const { route } of table.filter((r) => r.access !== 'public')) {
      const { method, url } = urlOf(route);
      expect({ route, status: (await s.call({ method: method as 'GET', url, token: forged })).status }).toEqual({ route, status: 401 });
    }
  });

  it('admin GET routes without parameters answer 2xx', async () => {
    // GET /backups/latest downloads the newest copy, so make one; on PostgreSQL there is none (below).
    if (testDialect === 'sqlite') expect((await s.call({ method: 'POST', url: '/api/backups', token: admin })).status).toBe(201);
    // A device route (GET /printing/settings: a counter reads its own printer) answers the device's credential, never a token alone.
    for (const { route } of table.filter((r) => r.route.startsWith('GET ') && !r.route.includes(':') && r.access !== 'device')) {
      const status = (await s.call({ method: 'GET', url: urlOf(route).url, token: admin })).status;
      // The accountant's sales book and IVA Simple summary need the issuer's CUIT, which this server has not configured (issue #37);
      // Mercado Pago's stores need its credentials (none here).
      const needsSetup = ['GET /api/accounting/sales-book', 'GET /api/accounting/iva-simple', 'GET /api/payments/counters/stores'];
      const expected = testDialect === 'postgres' && route === 'GET /api/backups/latest' ? 404 : needsSetup.includes(route) ? 409 : 200;
      expect({ route, status }).toEqual({ route, status: expected });
    }
  });
});

describe.runIf(testDialect === 'postgres')('backups on PostgreSQL (the provider’s or pg_dump, docs/operations.md)', () => {
  it('POST /backups answers 409 with the reason to the admin, 403 to a seller; there is no newest copy', async () => {
    expect(await s.call({ method: 'POST', url: '/api/backups', token: admin })).toEqual({ status: 409, body: { success: false, message: MSG.backupsOnPostgres } });
    expect((await s.call({ method: 'POST', url: '/api/backups', token: seller })).status).toBe(403);
    expect(await s.call({ method: 'GET', url: '/api/backups/latest', token: admin })).toEqual({ status: 404, body: { success: false, message: MSG.backupNone } });
  });
});
