/** Money with more than 2 decimals is refused with a Spanish message, never rounded to 0 cents. */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../helpers/server';

const { s, admin } = await buildApp();

const createProduct = (payload: object) =>
  s.call({ method: 'POST', url: '/api/products', token: admin, payload: { name: `P ${Math.random()}`, price: 10, stock: 5, ...payload } });

describe('money precision', () => {
  it.each([{ price: 0.004 }, { price: '0.004' }, { price: '12,345' }, { cost: 0.001 }, { price: 19.999 }])('refuses %o with "no puede tener más de 2 decimales"', async (payload) => {
    const res = await createProduct(payload);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false });
    expect(res.body.message).toMatch(/(Precio|Costo): no puede tener más de 2 decimales/);
  });

  it('accepts amounts with up to 2 decimals exactly, including float-looking ones (0.1 + 0.2)', async () => {
    for (const [price, expected] of [[19.99, 19.99], ['1234,56', 1234.56], [0.1 + 0.2, 0.3], [0.07, 0.07], ['5', 5]] as const) {
      const res = await createProduct({ price });
      expect(res.status, String(price)).toBe(201);
      expect(res.body.data.price).toBe(expected);
    }
  });

  it('a product update and a sale discount refuse 0.004 too, and nothing is stored', async () => {
    const product = (await createProduct({ price: 10 })).body.data;
    const update = await s.call({ method: 'PUT', url: `/api/products/${product.id}`, token: admin, payload: { price: 0.004 } });
    expect(update.status).toBe(400);
    expect((await s.call({ method: 'GET', url: `/api/products/${product.id}`, token: admin })).body.data.price).toBe(10);
    const sale = await s.call({
      method: 'POST',
      url: '/api/sales',
      token: admin,
      payload: { items: [{ productId: product.id, quantity: 1 }], paymentMethod: 'efectivo', discount: 0.004 },
    });
    expect(sale.status).toBe(400);
    expect(sale.body.message).toMatch(/no puede tener más de 2 decimales/);
  });
});
