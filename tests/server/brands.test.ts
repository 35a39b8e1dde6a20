import { describe, expect, it } from 'vitest';
import { buildApp } from '../helpers/server';

const { s, admin, seller } = await buildApp({ seller: 'vendedor1' });

const create = (payload: object, token = admin) => s.call({ method: 'POST', url: '/api/brands', token, payload });
const names = (data: { name: string }[]) => data.map((b) => b.name);

describe('brands', () => {
  it('creates a brand and lists it (by name) for a signed-in seller', async () => {
    const res = await create({ name: 'Logitech', description: 'Periféricos' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      message: 'Marca creada correctamente',
      data: { id: expect.any(Number), name: 'Logitech', description: 'Periféricos', isActive: true },
    });
    await create({ name: 'Genius' });
    const list = await s.call({ method: 'GET', url: '/api/brands', token: seller });
    expect(list.status).toBe(200);
    // Other tests of this file may have added brands: these two are there, and the whole list is by name.
    const listed = names(list.body.data);
    expect(listed.filter((name) => name === 'Genius' || name === 'Logitech')).toEqual(['Genius', 'Logitech']);
    expect(listed).toEqual([...listed].sort((a, b) => a.localeCompare(b, 'es')));
  });

  it('filters by active', async () => {
    await create({ name: 'Vigente' });
    const off = await create({ name: 'Discontinuada' });
    const upd = await s.call({ method: 'PUT', url: `/api/brands/${off.body.data.id}`, token: admin, payload: { isActive: false } });
    expect(upd.body).toMatchObject({ message: 'Marca actualizada correctamente', data: { isActive: false, name: 'Discontinuada' } });
    const inactive = await s.call({ method: 'GET', url: '/api/brands?active=false', token: admin });
    expect(names(inactive.body.data)).toContain('Discontinuada');
    expect(names(inactive.body.data)).not.toContain('Vigente');
    const active = await s.call({ method: 'GET', url: '/api/brands?active=true', token: admin });
    expect(names(active.body.data)).toContain('Vigente');
    expect(names(active.body.data)).not.toContain('Discontinuada');
    const bad = await s.call({ method: 'GET', url: '/api/brands?active=quizas', token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Activo');
  });

  it('gets one by id; unknown id → 404 in Spanish', async () => {
    const made = await create({ name: 'Kingston' });
    const one = await s.call({ method: 'GET', url: `/api/brands/${made.body.data.id}`, token: seller });
    expect(one.body.data).toEqual({ id: made.body.data.id, name: 'Kingston', description: null, isActive: true });
    const missing = await s.call({ method: 'GET', url: '/api/brands/424242', token: admin });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, message: 'Marca no encontrada' });
    expect((await s.call({ method: 'PUT', url: '/api/brands/424242', token: admin, payload: { name: 'X' } })).status).toBe(404);
    expect((await s.call({ method: 'DELETE', url: '/api/brands/424242', token: admin })).status).toBe(404);
  });

  it('validates: name required, duplicate name 409', async () => {
    const noName = await create({});
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe('Nombre: es obligatorio');
    const longDesc = await create({ name: 'Larga', description: 'x'.repeat(501) });
    expect(longDesc.status).toBe(400);
    expect(longDesc.body.message).toContain('Descripción');
    expect((await create({ name: 'Duplicada' })).status).toBe(201);
    const dup = await create({ name: 'DUPLICADA' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Ya existe una marca con ese nombre');
  });

  it('enforces roles', async () => {
    await create({ name: 'Visible' });
    expect((await s.call({ method: 'GET', url: '/api/brands' })).status).toBe(401);
    expect((await s.call({ method: 'GET', url: '/api/brands/1' })).status).toBe(401);
    expect((await create({ name: 'Nope' }, seller)).status).toBe(403);
    expect((await s.call({ method: 'POST', url: '/api/brands', payload: { name: 'Nope' } })).status).toBe(401);
    expect((await s.call({ method: 'PUT', url: '/api/brands/1', token: seller, payload: { name: 'x' } })).status).toBe(403);
    expect((await s.call({ method: 'DELETE', url: '/api/brands/1', token: seller })).status).toBe(403);
    const list = await s.call({ method: 'GET', url: '/api/brands', token: admin });
    expect(names(list.body.data)).not.toContain('Nope');
    expect(names(list.body.data)).toContain('Visible');
  });

  it('soft-deletes: hidden from lists, products lose the brand, the name can be reused', async () => {
    const brand = await create({ name: 'Efímera' });
    const id = brand.body.data.id;
    const product = await s.call({ method: 'POST', url: '/api/products', token: admin, payload: { name: 'Mouse', price: 5, stock: 1, brandId: id } });
    expect(product.body.data.brand).toEqual({ id, name: 'Efímera' });

    const del = await s.call({ method: 'DELETE', url: `/api/brands/${id}?products=detach`, token: admin });
    expect(del.body).toEqual({ success: true, message: 'Marca eliminada correctamente', data: { products: 1 } });
    const list = await s.call({ method: 'GET', url: '/api/brands', token: admin });
    expect(names(list.body.data)).not.toContain('Efímera');
    expect((await s.call({ method: 'GET', url: `/api/brands/${id}`, token: admin })).status).toBe(404);

    const after = await s.call({ method: 'GET', url: `/api/products/${product.body.data.id}`, token: admin });
    expect(after.body.data).toMatchObject({ brandId: null, brand: null });
    const badRef = await s.call({ method: 'POST', url: '/api/products', token: admin, payload: { name: 'Otro', price: 5, stock: 1, brandId: id } });
    expect(badRef.status).toBe(400);
    expect(badRef.body.message).toBe('Marca: la marca seleccionada no existe');

    const again = await create({ name: 'Efímera' });
    expect(again.status).toBe(201);
    expect(again.body.data.id).not.toBe(id);
  });
});
