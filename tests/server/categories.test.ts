import { describe, expect, it } from 'vitest';
import { buildApp } from '../helpers/server';
import { sqlGet } from '../helpers/sql';


const { s, admin, seller } = await buildApp({ seller: 'vendedor1' });

const create = (payload: object, token = admin) => s.call({ method: 'POST', url: '/api/categories', token, payload });

describe('categories', () => {
  it('creates a category and lists it for a signed-in seller', async () => {
    const res = await create({ name: '  Cables  ', description: 'USB y HDMI', order: '2' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      message: 'Categoría creada correctamente',
      data: { id: expect.any(Number), name: 'Cables', description: 'USB y HDMI', order: 2, isActive: true },
    });
    const list = await s.call({ method: 'GET', url: '/api/categories', token: seller });
    expect(list.status).toBe(200);
    expect(list.body.data.filter((c: { name: string }) => c.name === 'Cables')).toHaveLength(1);
  });

  it('orders by order then name, and the public list shows only active ones as {id, name}', async () => {
    const b = await create({ name: 'Zeta', order: 0 });
    await create({ name: 'Audio', order: 1 });
    await create({ name: 'Cortes', order: 2 });
    const hidden = await create({ name: 'Oculta', order: 0 });
    await s.call({ method: 'PUT', url: `/api/categories/${hidden.body.data.id}`, token: admin, payload: { isActive: false } });
    // Only this test's categories, in the order each list gives them (other tests may add their own).
    const mine = (data: { name: string }[]) => data.map((c) => c.name).filter((name) => ['Zeta', 'Audio', 'Cortes', 'Oculta'].includes(name));

    const pub = await s.call({ method: 'GET', url: '/api/categories/public' });
    expect(pub.status).toBe(200);
    expect(mine(pub.body.data)).toEqual(['Zeta', 'Audio', 'Cortes']);
    expect(pub.body.data.find((c: { name: string }) => c.name === 'Zeta')).toEqual({ id: b.body.data.id, name: 'Zeta' });

    const all = await s.call({ method: 'GET', url: '/api/categories', token: admin });
    expect(mine(all.body.data)).toEqual(['Oculta', 'Zeta', 'Audio', 'Cortes']);
    const inactive = await s.call({ method: 'GET', url: '/api/categories?active=false', token: admin });
    expect(mine(inactive.body.data)).toEqual(['Oculta']);
    const active = await s.call({ method: 'GET', url: '/api/categories?active=true', token: admin });
    expect(mine(active.body.data)).toEqual(['Zeta', 'Audio', 'Cortes']);
  });

  it('gets one by id and answers 404 in Spanish for an unknown id', async () => {
    const made = await create({ name: 'Redes' });
    const one = await s.call({ method: 'GET', url: `/api/categories/${made.body.data.id}`, token: seller });
    expect(one.body.data).toMatchObject({ name: 'Redes', description: null, order: 0, isActive: true });
    const missing = await s.call({ method: 'GET', url: '/api/categories/99999', token: admin });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, message: 'Categoría no encontrada' });
    const badId = await s.call({ method: 'GET', url: '/api/categories/abc', token: admin });
    expect(badId.status).toBe(400);
  });

  it('validates the body and names the field', async () => {
    const noName = await create({ description: 'x' });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe('Nombre: es obligatorio');
    const blank = await create({ name: '   ' });
    expect(blank.body.message).toBe('Nombre: es obligatorio');
    const badOrder = await create({ name: 'Orden raro', order: 'primero' });
    expect(badOrder.status).toBe(400);
    expect(badOrder.body.message).toBe('Orden: debe ser un número entero');
    expect((await create({ name: 'Duplicada' })).status).toBe(201);
    const dup = await create({ name: 'duplicada' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Ya existe una categoría con ese nombre');
  });

  it('updates name, description, order and state', async () => {
    await create({ name: 'Ocupada' });
    const made = await create({ name: 'Energía', description: 'Cargadores' });
    const id = made.body.data.id;
    const res = await s.call({ method: 'PUT', url: `/api/categories/${id}`, token: admin, payload: { name: 'Energía y carga', description: '', order: 7, isActive: false } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Categoría actualizada correctamente',
      data: { id, name: 'Energía y carga', description: null, order: 7, isActive: false },
    });
    const missing = await s.call({ method: 'PUT', url: '/api/categories/99999', token: admin, payload: { name: 'X' } });
    expect(missing.status).toBe(404);
    const clash = await s.call({ method: 'PUT', url: `/api/categories/${id}`, token: admin, payload: { name: 'OCUPADA' } });
    expect(clash.status).toBe(409);
  });

  it('enforces roles: anonymous 401, seller 403 on writes', async () => {
    expect((await s.call({ method: 'GET', url: '/api/categories' })).status).toBe(401);
    expect((await create({ name: 'Nope' }, seller)).status).toBe(403);
    const anon = await s.call({ method: 'POST', url: '/api/categories', payload: { name: 'Nope' } });
    expect(anon.status).toBe(401);
    const target = await create({ name: 'Protegida' });
    const id = target.body.data.id;
    expect((await s.call({ method: 'PUT', url: `/api/categories/${id}`, token: seller, payload: { name: 'x' } })).status).toBe(403);
    expect((await s.call({ method: 'DELETE', url: `/api/categories/${id}`, token: seller })).status).toBe(403);
    expect((await s.call({ method: 'GET', url: `/api/categories/${id}`, token: admin })).body.data.name).toBe('Protegida');
  });

  it('soft-deletes (products=detach): hidden everywhere, products lose the category, the row stays as a tombstone', async () => {
    const cat = await create({ name: 'Temporal' });
    const id = cat.body.data.id;
    const product = await s.call({ method: 'POST', url: '/api/products', token: admin, payload: { name: 'Cosa', price: 10, stock: 1, categoryId: id } });
    expect(product.body.data.category).toEqual({ id, name: 'Temporal' });

    const del = await s.call({ method: 'DELETE', url: `/api/categories/${id}?products=detach`, token: admin });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ success: true, message: 'Categoría eliminada correctamente', data: { products: 1 } });

    expect((await s.call({ method: 'GET', url: `/api/categories/${id}`, token: admin })).status).toBe(404);
    const list = await s.call({ method: 'GET', url: '/api/categories', token: admin });
    expect(list.body.data.some((c: { id: number }) => c.id === id)).toBe(false);
    const pub = await s.call({ method: 'GET', url: '/api/categories/public' });
    expect(pub.body.data.some((c: { id: number }) => c.id === id)).toBe(false);

    const after = await s.call({ method: 'GET', url: `/api/products/${product.body.data.id}`, token: admin });
    expect(after.body.data).toMatchObject({ categoryId: null, category: null });
    const row = (await sqlGet(s.app, 'SELECT deleted_at FROM categories WHERE id = ?', id)) as { deleted_at: string | null };
    expect(row.deleted_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    expect((await s.call({ method: 'DELETE', url: `/api/categories/${id}`, token: admin })).status).toBe(404);
    const noLongerRef = await s.call({ method: 'POST', url: '/api/products', token: admin, payload: { name: 'Otra', price: 1, stock: 0, categoryId: id } });
    expect(noLongerRef.status).toBe(400);
    expect(noLongerRef.body.message).toBe('Categoría: la categoría seleccionada no existe');
  });

  it('bumps the revision on every change', async () => {
    const made = await create({ name: 'Revisada' });
    const id = made.body.data.id;
    const rev = async () => ((await sqlGet(s.app, 'SELECT revision FROM categories WHERE id = ?', id)) as { revision: number }).revision;
    const r1 = await rev();
    await s.call({ method: 'PUT', url: `/api/categories/${id}`, token: admin, payload: { order: 3 } });
    const r2 = await rev();
    await s.call({ method: 'DELETE', url: `/api/categories/${id}`, token: admin });
    const r3 = await rev();
    expect(r2).toBeGreaterThan(r1);
    expect(r3).toBeGreaterThan(r2);
  });
});
