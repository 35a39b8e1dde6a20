/**
 * A product edit never undoes what happened while the dialog was open: stock sold meanwhile stays sold,
 * a stock edit is an adjustment relative to what the editor loaded, and a field someone else changed
 * meanwhile is a 409 "El producto cambió mientras lo editabas" instead of a silent overwrite.
 */
import { describe, expect, it } from 'vitest';
import { ledgerStock } from '../../server/modules/stock/repository';
import { buildApp } from '../helpers/server';
import { sqlAll, sqlRun } from '../helpers/sql';

const { s, admin } = await buildApp();

const create = async (payload: object = {}) =>
  (await s.call({ method: 'POST', url: '/api/products', token: admin, payload: { name: `Producto ${Math.random()}`, price: 100, cost: 60, stock: 19, ...payload } })).body.data;
const get = async (id: number) => (await s.call({ method: 'GET', url: `/api/products/${id}`, token: admin })).body.data;
const sell = async (productId: number, quantity: number) => {
  const res = await s.call({ method: 'POST', url: '/api/sales', token: admin, payload: { items: [{ productId, quantity }], paymentMethod: 'efectivo' } });
  expect(res.status).toBe(201);
};
const put = (id: number, payload: object) => s.call({ method: 'PUT', url: `/api/products/${id}`, token: admin, payload });

describe('editing a product while the counter sells it', () => {
  it('dialog opened at 19, 3 sold (16), only the price changed and saved → stock stays 16', async () => {
    const loaded = await create();
    await sell(loaded.id, 3);
    const res = await put(loaded.id, { price: 120, base: { price: loaded.price } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ price: 120, stock: 16 });
    expect(await s.app.store.read((q) => ledgerStock(q, loaded.id))).toBe(16);
  });

  it('the old form body (every field, stock included, with its base) keeps the sale too', async () => {
    const loaded = await create();
    await sell(loaded.id, 3);
    const { id: _id, category: _c, brand: _b, createdAt: _ca, updatedAt: _u, ...fields } = loaded;
    const res = await put(loaded.id, { ...fields, price: 130, base: fields });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ price: 130, stock: 16 });
  });

  it('GET, 3 sold, PUT of the GET body without base (new price) → 409, nothing saved, the sale stays', async () => {
    const read = await get((await create()).id);
    await sell(read.id, 3);
    const { id: _id, category: _c, brand: _b, createdAt: _ca, updatedAt: _u, ...body } = read;
    const res = await put(read.id, { ...body, price: 140 });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^No se guardó nada: el stock enviado no es el actual/);
    expect(res.body.data.product).toMatchObject({ stock: 16 });
    expect(await get(read.id)).toMatchObject({ stock: 16, price: 100 });
    expect(await s.app.store.read((q) => ledgerStock(q, read.id))).toBe(16);
    // The same body re-read after the sale carries today's stock: saved, and no movement is written.
    const again = await put(read.id, { ...body, stock: 16, price: 140 });
    expect(again.status, again.body.message).toBe(200);
    expect(again.body.data).toMatchObject({ stock: 16, price: 140 });
    const reasons = (await sqlAll<{ reason: string }>(s.app, 'SELECT reason FROM stock_movements WHERE product_id = ? ORDER BY id', read.id)).map((r) => r.reason);
    expect(reasons).toEqual(['initial', 'sale']);
  });

  it('a stock edited in the dialog moves by the difference from what it loaded (19 → 25 while 3 sold = 22)', async () => {
    const loaded = await create();
    await sell(loaded.id, 3);
    const res = await put(loaded.id, { stock: 25, base: { stock: 19 } });
    expect(res.status).toBe(200);
    expect(res.body.data.stock).toBe(22);
    expect(await s.app.store.read((q) => ledgerStock(q, loaded.id))).toBe(22);
    const kinds = (await sqlAll(s.app, 'SELECT reason, delta FROM stock_movements WHERE product_id = ? ORDER BY id', loaded.id));
    expect(kinds).toEqual([
      { reason: 'initial', delta: 19 },
      { reason: 'sale', delta: -3 },
      { reason: 'add', delta: 6 },
    ]);
  });

  it('a relative decrease that would go below 0 is refused and nothing is saved', async () => {
    const loaded = await create({ stock: 5 });
    await sell(loaded.id, 4);
    const res = await put(loaded.id, { stock: 0, price: 1, base: { stock: 5, price: loaded.price } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('El stock no puede quedar negativo');
    expect(await get(loaded.id)).toMatchObject({ stock: 1, price: 100 });
  });

  it('a field someone else changed meanwhile → 409 and nothing is written; other fields merge', async () => {
    const loaded = await create();
    expect((await put(loaded.id, { price: 150, base: { price: loaded.price } })).status).toBe(200);

    const stale = await put(loaded.id, { price: 110, name: 'Nombre nuevo', base: { price: loaded.price, name: loaded.name } });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ success: false, message: 'El producto cambió mientras lo editabas' });
    expect(stale.body.data.product).toMatchObject({ price: 150 });
    expect(await get(loaded.id)).toMatchObject({ price: 150, name: loaded.name });

    const merged = await put(loaded.id, { name: 'Nombre nuevo', base: { name: loaded.name } });
    expect(merged.status).toBe(200);
    expect(merged.body.data).toMatchObject({ name: 'Nombre nuevo', price: 150 });
  });

  it('a loaded stock below 0 (offline oversell) is a valid base', async () => {
    const loaded = await create({ stock: 1 });
    await s.call({ method: 'PATCH', url: `/api/products/${loaded.id}/stock`, token: admin, payload: { stock: 1, operation: 'subtract' } });
    await sqlRun(s.app, "INSERT INTO stock_movements (product_id, delta, reason) VALUES (?, -2, 'sale')", loaded.id);
    await sqlRun(s.app, 'UPDATE products SET stock = stock - 2 WHERE id = ?', loaded.id);
    const res = await put(loaded.id, { stock: 3, base: { stock: -2 } });
    expect(res.status).toBe(200);
    expect(res.body.data.stock).toBe(3);
  });
});
