/**
 * "Los vendedores ven costos y datos de clientes" (admin settings, categoria privacidad): sellers do not
 * see product cost (nor the dashboard's profit, which reveals it) unless the admin allows it, and lose customers' document and e-mail when the admin
 * turns that off. Admins always see everything; the setting is admin-only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../helpers/server';

let productId: number;
let saleId: number;

const { s, admin, seller } = await buildApp({ seller: 'visibilidad' });
beforeAll(async () => {
  productId = (await s.call({ method: 'POST', url: '/api/products', token: admin, payload: { name: 'Cable', price: 100, cost: 60, stock: 10 } })).body.data.id;
  saleId = (
    await s.call({
      method: 'POST',
      url: '/api/sales',
      token: admin,
      payload: { items: [{ productId, quantity: 1 }], paymentMethod: 'efectivo', customerName: 'Ana', customerDocument: '30111222', customerEmail: 'ana@example.com' },
    })
  ).body.data.id;
});

const setting = (clave: string, valor: 'true' | 'false', token = admin) =>
  s.call({ method: 'PUT', url: `/api/configuration/privacidad/${clave}`, token, payload: { valor } });
const productReplies = async (token: string) => [
  (await s.call({ method: 'GET', url: `/api/products/${productId}`, token })).body.data,
  ...(await s.call({ method: 'GET', url: '/api/products', token })).body.data,
];
const saleReplies = async (token: string) => [
  (await s.call({ method: 'GET', url: `/api/sales/${saleId}`, token })).body.data,
  ...(await s.call({ method: 'GET', url: '/api/sales', token })).body.data,
];

describe('seller visibility settings', () => {
  it('exist with their defaults: costs hidden, customer data shown', async () => {
    const entries = (await s.call({ method: 'GET', url: '/api/configuration?categoria=privacidad', token: admin })).body.data;
    expect(entries.map((e: { clave: string; valor: string; tipo: string }) => [e.clave, e.valor, e.tipo])).toEqual([
      ['vendedores_ven_clientes', 'true', 'boolean'],
      ['vendedores_ven_costos', 'false', 'boolean'],
    ]);
  });

  it('by default a seller gets products without cost; the admin gets it', async () => {
    for (const p of await productReplies(seller)) expect(p).not.toHaveProperty('cost');
    for (const p of await productReplies(seller)) expect(p).toHaveProperty('price', 100);
    for (const p of await productReplies(admin)) expect(p).toHaveProperty('cost', 60);
  });

  it('when the admin allows costs, the seller sees them', async () => {
    expect((await setting('vendedores_ven_costos', 'true')).status).toBe(200);
    for (const p of await productReplies(seller)) expect(p).toHaveProperty('cost', 60);
    await setting('vendedores_ven_costos', 'false');
    for (const p of await productReplies(seller)) expect(p).not.toHaveProperty('cost');
  });

  it('the dashboard profit (revenue − cost) follows the cost setting for a seller; the admin always gets it', async () => {
    const summary = async (token: string) => (await s.call({ method: 'GET', url: '/api/sales/summary', token })).body.data;
    const adminSummary = await summary(admin);
    expect(adminSummary.totalProfit).toBeGreaterThanOrEqual(40);
    const hidden = await summary(seller);
    expect(hidden).not.toHaveProperty('totalProfit');
    expect(hidden.totalRevenue).toBe(adminSummary.totalRevenue);
    expect((await setting('vendedores_ven_costos', 'true')).status).toBe(200);
    try {
      expect((await summary(seller)).totalProfit).toBe(adminSummary.totalProfit);
    } finally {
      await setting('vendedores_ven_costos', 'false');
    }
  });

  it('customer document and e-mail: shown by default, hidden from sellers when turned off, always shown to the admin', async () => {
    for (const sale of await saleReplies(seller)) expect(sale).toMatchObject({ customerDocument: '30111222', customerEmail: 'ana@example.com' });
    await setting('vendedores_ven_clientes', 'false');
    for (const sale of await saleReplies(seller)) {
      expect(sale).not.toHaveProperty('customerDocument');
      expect(sale).not.toHaveProperty('customerEmail');
      expect(sale).toHaveProperty('customerName', 'Ana');
    }
    for (const sale of await saleReplies(admin)) expect(sale).toMatchObject({ customerDocument: '30111222', customerEmail: 'ana@example.com' });
    await setting('vendedores_ven_clientes', 'true');
  });

  it('only the admin may change them, and only to true or false', async () => {
    expect((await setting('vendedores_ven_costos', 'true', seller)).status).toBe(403);
    const bad = await s.call({ method: 'PUT', url: '/api/configuration/privacidad/vendedores_ven_costos', token: admin, payload: { valor: 'quizas' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Valor: debe ser true o false');
  });

  it('the public catalogue never carries the cost, whatever the setting', async () => {
    await setting('vendedores_ven_costos', 'true');
    const catalog = (await s.call({ method: 'GET', url: '/api/products/catalog' })).body.data;
    for (const p of catalog) expect(p).not.toHaveProperty('cost');
    await setting('vendedores_ven_costos', 'false');
  });
});
