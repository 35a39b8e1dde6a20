import { beforeAll, describe, expect, it } from 'vitest';
import { ledgerStock } from '../../server/modules/stock/repository';
import { buildApp } from '../helpers/server';
import { sqlAll, sqlGet } from '../helpers/sql';

let categoryId: number;
let brandId: number;

const { s, admin, seller } = await buildApp({ seller: 'vendedor1' });
beforeAll(async () => {
  categoryId = (await s.call({ method: 'POST', url: '/api/categories', token: admin, payload: { name: 'Audio' } })).body.data.id;
  brandId = (await s.call({ method: 'POST', url: '/api/brands', token: admin, payload: { name: 'JBL' } })).body.data.id;
});

let codes = 0;
const create = (payload: object, token = admin) =>
  s.call({ method: 'POST', url: '/api/products', token, payload: { name: 'Producto', price: 100, stock: 1, ...payload } });
const put = (id: number, payload: object, token = admin) => s.call({ method: 'PUT', url: `/api/products/${id}`, token, payload });
const patchStock = (id: number, payload: object, token = admin) => s.call({ method: 'PATCH', url: `/api/products/${id}/stock`, token, payload });
const row = async (id: number) =>
  // `active` as 0/1 on both dialects (a boolean column on PostgreSQL, an integer-mode one on SQLite).
  (await sqlGet(s.app, 'SELECT stock, revision, search_text, deleted_at, CASE WHEN active THEN 1 ELSE 0 END AS active FROM products WHERE id = ?', id)) as {
    stock: number;
    revision: number;
    search_text: string;
    deleted_at: string | null;
    active: number;
  };
const movements = async (id: number) => (await sqlAll(s.app, 'SELECT delta, reason FROM stock_movements WHERE product_id = ? ORDER BY id', id));

describe('POST /products', () => {
  it('creates a product with decimal money, names, defaults and an initial ledger movement', async () => {
    const res = await create({
      code: '7790000000017',
      name: 'Auriculares inalámbricos Bluetooth',
      description: 'Con micrófono',
      price: '89999.99',
      cost: 54000.5,
      stock: 12,
      categoryId,
      brandId,
      image: '/uploads/auris.webp',
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Producto creado correctamente');
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      code: '7790000000017',
      name: 'Auriculares inalámbricos Bluetooth',
      description: 'Con micrófono',
      price: 89999.99,
      cost: 54000.5,
      stock: 12,
      minStock: 5,
      categoryId,
      brandId,
      showInCatalog: true,
      image: '/uploads/auris.webp',
      active: true,
      ivaRate: 21,
      category: { id: categoryId, name: 'Audio' },
      brand: { id: brandId, name: 'JBL' },
      createdAt: expect.stringMatching(/Z$/),
      updatedAt: expect.stringMatching(/Z$/),
    });
    const id = res.body.data.id;
    expect(await movements(id)).toEqual([{ delta: 12, reason: 'initial' }]);
    expect(await s.app.store.read((q) => ledgerStock(q, id))).toBe(12);
    expect((await row(id)).search_text).toBe('auriculares inalambricos bluetooth 7790000000017 con microfono');
    const cents = (await sqlGet(s.app, 'SELECT price_cents, cost_cents FROM products WHERE id = ?', id));
    expect(cents).toEqual({ price_cents: 8999999, cost_cents: 5400050 });
  });

  it('accepts 2 decimals with a comma, a blank cost and an https image (more decimals: money-precision.test.ts)', async () => {
    const good = await create({ price: '10,56', cost: '', stock: '0', minStock: 2, image: 'https://cdn.example.com/a.png' });
    expect(good.status).toBe(201);
    expect(good.body.data).toMatchObject({ price: 10.56, cost: 0, stock: 0, minStock: 2, image: 'https://cdn.example.com/a.png' });
    expect(await movements(good.body.data.id)).toEqual([]);
  });

  it.each([
    [{ name: undefined }, 'Nombre: es obligatorio'],
    [{ name: '  ' }, 'Nombre: es obligatorio'],
    [{ price: undefined }, 'Precio: es obligatorio'],
    [{ price: -1 }, 'Precio: no puede ser negativo'],
    [{ price: 'caro' }, 'Precio: debe ser un número'],
    [{ price: '' }, 'Precio: es obligatorio'],
    [{ cost: -5 }, 'Costo: no puede ser negativo'],
    [{ stock: undefined }, 'Stock: es obligatorio'],
    [{ stock: 1.5 }, 'Stock: debe ser un número entero'],
    [{ stock: -3 }, 'Stock: no puede ser negativo'],
    [{ minStock: 'mucho' }, 'Stock Mínimo: debe ser un número entero'],
    [{ image: 'javascript:alert(1)' }, 'Imagen: debe ser una ruta /uploads/... o una URL http(s)'],
    [{ image: '/uploads/../secret' }, 'Imagen: debe ser una ruta /uploads/... o una URL http(s)'],
    [{ categoryId: 'x' }, 'Categoría: debe ser un identificador válido'],
  ])('rejects %j with 400: %s', async (payload, message) => {
    const before = (await sqlGet(s.app, 'SELECT count(*) AS n FROM products'));
    const res = await create(payload);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message });
    expect((await sqlGet(s.app, 'SELECT count(*) AS n FROM products'))).toEqual(before);
  });

  it('rejects unknown category or brand (400 naming the field) and a duplicate code (409)', async () => {
    const cat = await create({ categoryId: 9999 });
    expect(cat.status).toBe(400);
    expect(cat.body.message).toBe('Categoría: la categoría seleccionada no existe');
    const brand = await create({ brandId: 9999 });
    expect(brand.status).toBe(400);
    expect(brand.body.message).toBe('Marca: la marca seleccionada no existe');
    expect((await create({ code: '7790000000994' })).status).toBe(201);
    const dup = await create({ code: '7790000000994' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Ya existe un producto con ese código');
  });

  it('enforces roles: anonymous 401, seller 403', async () => {
    expect((await create({ name: 'Nope' }, '')).status).toBe(401);
    expect((await create({ name: 'Nope' }, seller)).status).toBe(403);
    const list = await s.call({ method: 'GET', url: '/api/products?search=nope', token: admin });
    expect(list.body.data).toEqual([]);
  });
});

describe('GET /products', () => {
  it('lists for any signed-in user, by name, paginated, with filters', async () => {
    await create({ name: 'Cable HDMI', code: `A${++codes}`, stock: 10, minStock: 2 });
    await create({ name: 'Batería externa', stock: 1, minStock: 5, categoryId });
    await create({ name: 'Parlante apagado', active: false, stock: 9, brandId });
    await create({ name: 'Adaptador con marca', stock: 9, categoryId, brandId });
    const names = (res: { body: { data?: unknown } }) => (res.body.data as { name: string }[]).map((p) => p.name);

    expect((await s.call({ method: 'GET', url: '/api/products' })).status).toBe(401);
    const all = await s.call({ method: 'GET', url: '/api/products?limit=10000', token: seller });
    expect(all.status).toBe(200);
    const allNames = all.body.data.map((p: { name: string }) => p.name);
    expect(allNames).toEqual([...allNames].sort());
    expect(all.body.pagination).toEqual({ page: 1, limit: 10000, total: allNames.length, totalItems: allNames.length, totalPages: 1 });

    const inactive = await s.call({ method: 'GET', url: '/api/products?active=false', token: seller });
    expect(inactive.body.data.map((p: { name: string }) => p.name)).toEqual(['Parlante apagado']);
    const byCategory = await s.call({ method: 'GET', url: `/api/products?categoryId=${categoryId}`, token: seller });
    expect(names(byCategory)).toEqual(expect.arrayContaining(['Adaptador con marca', 'Batería externa']));
    expect(names(byCategory)).not.toContain('Cable HDMI');
    expect(names(byCategory)).toEqual([...names(byCategory)].sort());
    const byBrand = await s.call({ method: 'GET', url: `/api/products?brandId=${brandId}&active=true`, token: seller });
    expect(names(byBrand)).toContain('Adaptador con marca');
    expect(names(byBrand)).not.toContain('Parlante apagado');
    expect(names(byBrand)).not.toContain('Batería externa');
    const low = await s.call({ method: 'GET', url: '/api/products?lowStock=true', token: seller });
    expect(low.body.data.every((p: { stock: number; minStock: number }) => p.stock <= p.minStock)).toBe(true);
    expect(low.body.data.map((p: { name: string }) => p.name)).toContain('Batería externa');
    expect(low.body.data.map((p: { name: string }) => p.name)).not.toContain('Cable HDMI');

    const page2 = await s.call({ method: 'GET', url: '/api/products?limit=2&page=2', token: seller });
    expect(page2.body.data.map((p: { name: string }) => p.name)).toEqual(allNames.slice(2, 4));
    expect(page2.body.pagination.totalPages).toBe(Math.ceil(allNames.length / 2));

    const search = await s.call({ method: 'GET', url: '/api/products?search=BATERIA', token: seller });
    expect(search.body.data.map((p: { name: string }) => p.name)).toEqual(['Batería externa']);
    const tooBig = await s.call({ method: 'GET', url: '/api/products?limit=10001', token: seller });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.message).toContain('Límite');
  });

  it('GET /products/:id: 200 for a seller, 404 for unknown, 401 anonymous', async () => {
    const made = await create({ name: 'Mouse' });
    const one = await s.call({ method: 'GET', url: `/api/products/${made.body.data.id}`, token: seller });
    expect(one.body.data).toMatchObject({ name: 'Mouse', price: 100 });
    expect(one.body.data).not.toHaveProperty('cost'); // sellers see costs only if the admin allows it (seller-visibility.test.ts)
    const missing = await s.call({ method: 'GET', url: '/api/products/99999', token: seller });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, message: 'Producto no encontrado' });
    expect((await s.call({ method: 'GET', url: `/api/products/${made.body.data.id}` })).status).toBe(401);
  });
});

describe('PUT /products/:id', () => {
  it('updates fields, refreshes search text and records a stock changed from its base as one movement', async () => {
    const made = await create({ name: 'Teclado', code: 'TEC-1', stock: 4 });
    const id = made.body.data.id;
    const res = await put(id, { name: 'Teclado mecánico', price: 120.5, stock: 9, categoryId, description: 'Español', base: { stock: 4 } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Producto actualizado correctamente');
    expect(res.body.data).toMatchObject({ name: 'Teclado mecánico', code: 'TEC-1', price: 120.5, stock: 9, category: { id: categoryId, name: 'Audio' } });
    expect((await row(id)).search_text).toBe('teclado mecanico tec-1 espanol');
    expect(await movements(id)).toEqual([
      { delta: 4, reason: 'initial' },
      { delta: 5, reason: 'add' },
    ]);
    expect(await s.app.store.read((q) => ledgerStock(q, id))).toBe(9);

    const clear = await put(id, { categoryId: null, code: '', stock: 9 });
    expect(clear.body.data).toMatchObject({ categoryId: null, category: null, code: null, stock: 9 });
    expect(await movements(id)).toHaveLength(2);
    expect((await row(id)).search_text).toBe('teclado mecanico espanol');
  });

  it('rejects bad input, unknown ids, duplicate codes and non-admins', async () => {
    const a = await create({ name: 'Uno', code: 'DUP-A' });
    const b = await create({ name: 'Dos', code: 'DUP-B' });
    expect((await put(b.body.data.id, { code: 'DUP-A' })).status).toBe(409);
    expect((await put(a.body.data.id, { code: 'DUP-A', name: 'Uno bis' })).status).toBe(200);
    const neg = await put(a.body.data.id, { price: -2 });
    expect(neg.status).toBe(400);
    expect(neg.body.message).toBe('Precio: no puede ser negativo');
    expect((await put(a.body.data.id, { name: '' })).body.message).toBe('Nombre: es obligatorio');
    expect((await put(a.body.data.id, { brandId: 4242 })).body.message).toBe('Marca: la marca seleccionada no existe');
    expect((await put(99999, { name: 'X' })).status).toBe(404);
    expect((await put(a.body.data.id, { name: 'X' }, seller)).status).toBe(403);
    expect((await put(a.body.data.id, { name: 'X' }, '')).status).toBe(401);
    expect((await s.call({ method: 'GET', url: `/api/products/${a.body.data.id}`, token: admin })).body.data.name).toBe('Uno bis');
  });
});

describe('PATCH /products/:id/stock', () => {
  it('set / add / subtract keep products.stock equal to the ledger', async () => {
    const made = await create({ name: 'Pendrive', stock: 10 });
    const id = made.body.data.id;
    const steps: [object, number][] = [
      [{ stock: 4 }, 4],
      [{ stock: 6, operation: 'add' }, 10],
      [{ stock: 3, operation: 'subtract' }, 7],
      [{ stock: 7, operation: 'set' }, 7],
      [{ stock: 7, operation: 'subtract' }, 0],
    ];
    for (const [payload, expected] of steps) {
      const res = await patchStock(id, payload);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Stock actualizado correctamente');
      expect(res.body.data.stock).toBe(expected);
      expect((await row(id)).stock).toBe(expected);
      expect(await s.app.store.read((q) => ledgerStock(q, id))).toBe(expected);
    }
    expect(await movements(id)).toEqual([
      { delta: 10, reason: 'initial' },
      { delta: -6, reason: 'set' },
      { delta: 6, reason: 'add' },
      { delta: -3, reason: 'subtract' },
      { delta: -7, reason: 'subtract' },
    ]);
  });

  it('never leaves stock negative, validates the body and roles', async () => {
    const made = await create({ name: 'Funda', stock: 2 });
    const id = made.body.data.id;
    const under = await patchStock(id, { stock: 3, operation: 'subtract' });
    expect(under.status).toBe(400);
    expect(under.body.message).toBe('El stock no puede quedar negativo');
    expect((await row(id)).stock).toBe(2);
    expect(await s.app.store.read((q) => ledgerStock(q, id))).toBe(2);
    expect((await patchStock(id, { stock: -1 })).body.message).toBe('Stock: no puede ser negativo');
    expect((await patchStock(id, { stock: 1, operation: 'multiply' })).status).toBe(400);
    expect((await patchStock(id, {})).body.message).toBe('Stock: es obligatorio');
    expect((await patchStock(99999, { stock: 1 })).status).toBe(404);
    expect((await patchStock(id, { stock: 1 }, seller)).status).toBe(403);
    expect((await patchStock(id, { stock: 1 }, '')).status).toBe(401);
    expect((await row(id)).stock).toBe(2);
  });
});

describe('DELETE /products/:id', () => {
  it('soft-deletes: 404 afterwards, hidden from lists, the code becomes free again', async () => {
    const made = await create({ name: 'Borrable', code: 'BORRA-1' });
    const id = made.body.data.id;
    expect((await s.call({ method: 'DELETE', url: `/api/products/${id}`, token: seller })).status).toBe(403);
    const del = await s.call({ method: 'DELETE', url: `/api/products/${id}`, token: admin });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ success: true, message: 'Producto eliminado correctamente' });
    expect(await row(id)).toMatchObject({ active: 0, deleted_at: expect.stringMatching(/Z$/) });
    expect((await s.call({ method: 'GET', url: `/api/products/${id}`, token: admin })).status).toBe(404);
    expect((await s.call({ method: 'DELETE', url: `/api/products/${id}`, token: admin })).status).toBe(404);
    const list = await s.call({ method: 'GET', url: '/api/products?limit=10000', token: admin });
    expect(list.body.data.some((p: { id: number }) => p.id === id)).toBe(false);
    expect((await put(id, { name: 'Revive' })).status).toBe(404);
    expect((await create({ name: 'Sucesor', code: 'BORRA-1' })).status).toBe(201);
  });
});

describe('revision', () => {
  it('increases on every product change (edit, stock, delete)', async () => {
    const made = await create({ name: 'Versionado', stock: 3 });
    const id = made.body.data.id;
    const seen = [(await row(id)).revision];
    await put(id, { price: 150 });
    seen.push((await row(id)).revision);
    await patchStock(id, { stock: 1, operation: 'add' });
    seen.push((await row(id)).revision);
    expect((await put(id, { stock: 10, base: { stock: 4 } })).status).toBe(200);
    seen.push((await row(id)).revision);
    await s.call({ method: 'DELETE', url: `/api/products/${id}`, token: admin });
    seen.push((await row(id)).revision);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]);
  });
});
