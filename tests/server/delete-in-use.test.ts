/**
 * Deleting a category or brand that products use never silently strips them: without a choice the
 * reply is 409 with the count and nothing changes; products=move&moveTo=<id> moves them,
 * products=detach leaves them without one. An unused one deletes at once.
 */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../helpers/server';

const { s, admin } = await buildApp();

const KINDS = [
  { path: 'categories', field: 'categoryId', one: 'categoría', deleted: 'Categoría eliminada correctamente' },
  { path: 'brands', field: 'brandId', one: 'marca', deleted: 'Marca eliminada correctamente' },
] as const;

describe.each(KINDS)('DELETE /$path/:id in use', ({ path, field, one, deleted }) => {
  const make = async (name: string) => (await s.call({ method: 'POST', url: `/api/${path}`, token: admin, payload: { name } })).body.data.id as number;
  const productsWith = async (id: number, n: number) => {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      ids.push((await s.call({ method: 'POST', url: '/api/products', token: admin, payload: { name: `${path} ${id} #${i}`, price: 1, stock: 0, [field]: id } })).body.data.id);
    }
    return ids;
  };
  const refOf = async (productId: number) => (await s.call({ method: 'GET', url: `/api/products/${productId}`, token: admin })).body.data[field];

  it('answers 409 with the count of products and changes nothing when the request does not say what to do', async () => {
    const id = await make(`${one} con 7`);
    const products = await productsWith(id, 7);
    const gone = await productsWith(id, 1);
    await s.call({ method: 'DELETE', url: `/api/products/${gone[0]}`, token: admin });

    const res = await s.call({ method: 'DELETE', url: `/api/${path}/${id}`, token: admin });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, data: { products: 7 } });
    expect(res.body.message).toContain(`está en uso por 7 productos`);
    expect((await s.call({ method: 'GET', url: `/api/${path}/${id}`, token: admin })).status).toBe(200);
    for (const p of products) expect(await refOf(p)).toBe(id);
  });

  it('products=move&moveTo moves every product to the other one, then deletes', async () => {
    const from = await make(`${one} origen`);
    const to = await make(`${one} destino`);
    const products = await productsWith(from, 3);
    const res = await s.call({ method: 'DELETE', url: `/api/${path}/${from}?products=move&moveTo=${to}`, token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: deleted, data: { products: 3 } });
    for (const p of products) expect(await refOf(p)).toBe(to);
  });

  it('refuses to move to itself, to a missing one or without moveTo, and changes nothing', async () => {
    const id = await make(`${one} terca`);
    const [product] = await productsWith(id, 1);
    for (const query of [`products=move&moveTo=${id}`, 'products=move&moveTo=999999', 'products=move', 'products=tirar']) {
      const res = await s.call({ method: 'DELETE', url: `/api/${path}/${id}?${query}`, token: admin });
      expect(res.status, query).toBe(400);
      expect(res.body.success).toBe(false);
      expect(typeof res.body.message).toBe('string');
    }
    expect(await refOf(product)).toBe(id);
  });

  it('products=detach leaves them without one; an unused one deletes without asking', async () => {
    const id = await make(`${one} suelta`);
    const [product] = await productsWith(id, 1);
    const res = await s.call({ method: 'DELETE', url: `/api/${path}/${id}?products=detach`, token: admin });
    expect(res.body).toEqual({ success: true, message: deleted, data: { products: 1 } });
    expect(await refOf(product)).toBeNull();

    const unused = await make(`${one} vacía`);
    expect((await s.call({ method: 'DELETE', url: `/api/${path}/${unused}`, token: admin })).body).toEqual({ success: true, message: deleted, data: { products: 0 } });
  });
});
