import { describe, expect, it } from 'vitest';
import { numberingFormatError, numberingValueError } from '../../domain/schemas/configuration';
import { buildApp } from '../helpers/server';
import { sqlGet } from '../helpers/sql';

const { s, admin, seller } = await buildApp({ seller: 'vendedor1' });

const putValor = (clave: string, valor: unknown, token = admin) =>
  s.call({ method: 'PUT', url: `/api/configuration/ventas/${clave}`, token, payload: { valor } });

describe('numbering format rules (shared with the settings screen)', () => {
  it('accepts the default and the documented variables', () => {
    expect(numberingFormatError('{prefijo}{año}{mes}{dia}-{numero:04d}')).toBeNull();
    expect(numberingFormatError('{sucursal}-{numero}')).toBeNull();
    expect(numberingFormatError('{numero:1d}')).toBeNull();
    expect(numberingFormatError('F{numero:12d}')).toBeNull();
  });

  it('explains each refusal in Spanish', () => {
    expect(numberingFormatError('{prefijo}{año}')).toBe('Formato: debe incluir {numero} o {numero:NNd}');
    expect(numberingFormatError('{prefijo}{anio}-{numero}')).toBe(
      'Formato: variable desconocida {anio}. Variables válidas: {prefijo}, {año}, {mes}, {dia}, {numero}, {numero:NNd}, {sucursal}',
    );
    expect(numberingFormatError('{x}{y}{x}{numero}')).toMatch(/^Formato: variables desconocidas \{x\}, \{y\}\./);
    expect(numberingFormatError('{numero:13d}')).toBe('Formato: el ancho de {numero:NNd} debe estar entre 1 y 12');
    expect(numberingFormatError('{numero:0d}')).toBe('Formato: el ancho de {numero:NNd} debe estar entre 1 y 12');
    expect(numberingFormatError('{numero:04}')).toContain('variable desconocida {numero:04}');
    expect(numberingFormatError('{prefijo-{numero}')).toBe('Formato: hay una llave { o } sin cerrar');
    expect(numberingFormatError(`{numero}${'x'.repeat(93)}`)).toBe('Formato: no puede superar los 100 caracteres');
  });

  it('bounds prefix and branch', () => {
    expect(numberingValueError('prefijo', 'FAC')).toBeNull();
    expect(numberingValueError('prefijo', '')).toBeNull();
    expect(numberingValueError('prefijo', 'ABCDEFGHIJK')).toBe('Prefijo: no puede superar los 10 caracteres');
    expect(numberingValueError('sucursal', '{año}')).toBe('Sucursal: no puede contener llaves { }');
  });
});

describe('configuration API', () => {
  it('lists the seeded sales numbering entries for any signed-in user', async () => {
    // A shop of its own: other tests of this file change these entries.
    const shop = await buildApp({ seller: 'vendedor1' });
    const res = await shop.s.call({ method: 'GET', url: '/api/configuration?categoria=ventas', token: shop.seller });
    expect(res.status).toBe(200);
    const byKey = Object.fromEntries(res.body.data.map((e: { clave: string }) => [e.clave, e]));
    expect(Object.keys(byKey).sort()).toEqual(['formato', 'numero_actual', 'prefijo', 'sucursal']);
    expect(byKey.formato).toEqual({
      categoria: 'ventas',
      clave: 'formato',
      valor: '{prefijo}{año}{mes}{dia}-{numero:04d}',
      tipo: 'string',
      descripcion: 'Formato del número de venta',
      esEditable: true,
    });
    expect(byKey.numero_actual).toMatchObject({ valor: '1', tipo: 'number', esEditable: false });
  });

  it('needs a session to read', async () => {
    expect((await s.call({ method: 'GET', url: '/api/configuration' })).status).toBe(401);
    expect((await s.call({ method: 'GET', url: '/api/configuration/categories' })).status).toBe(401);
    expect((await s.call({ method: 'GET', url: '/api/configuration/ventas/prefijo' })).status).toBe(401);
  });

  it('reads one entry, 404 for an unknown one', async () => {
    const shop = await buildApp({ seller: 'vendedor1' });
    const res = await shop.s.call({ method: 'GET', url: '/api/configuration/ventas/prefijo', token: shop.seller });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ clave: 'prefijo', valor: 'V' });
    const missing = await s.call({ method: 'GET', url: '/api/configuration/ventas/no_existe', token: seller });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, message: 'Configuración no encontrada' });
    const bad = await s.call({ method: 'GET', url: '/api/configuration/Ventas!/x', token: seller });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Categoría');
  });

  it('the admin changes prefix, branch and format', async () => {
    const res = await putValor('prefijo', 'FAC');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Configuración actualizada correctamente');
    expect(res.body.data).toMatchObject({ categoria: 'ventas', clave: 'prefijo', valor: 'FAC' });
    expect((await putValor('sucursal', '002')).status).toBe(200);
    expect((await putValor('formato', '{sucursal}-{numero:06d}')).status).toBe(200);
    const read = await s.call({ method: 'GET', url: '/api/configuration?categoria=ventas', token: admin });
    const values = Object.fromEntries(read.body.data.map((e: { clave: string; valor: string }) => [e.clave, e.valor]));
    expect(values).toMatchObject({ prefijo: 'FAC', sucursal: '002', formato: '{sucursal}-{numero:06d}' });
  });

  it('refuses a bad format and keeps the stored one', async () => {
    const before = (await s.call({ method: 'GET', url: '/api/configuration/ventas/formato', token: admin })).body.data.valor;
    const unknown = await putValor('formato', '{prefijo}{hora}-{numero}');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('variable desconocida {hora}');
    const noNumber = await putValor('formato', '{prefijo}{año}');
    expect(noNumber.status).toBe(400);
    expect(noNumber.body.message).toBe('Formato: debe incluir {numero} o {numero:NNd}');
    const longPrefix = await putValor('prefijo', 'PREFIJOLARGO');
    expect(longPrefix.status).toBe(400);
    expect(longPrefix.body.message).toBe('Prefijo: no puede superar los 10 caracteres');
    const notText = await putValor('prefijo', 5);
    expect(notText.status).toBe(400);
    expect(notText.body.message).toContain('Valor');
    const read = await s.call({ method: 'GET', url: '/api/configuration/ventas/formato', token: admin });
    expect(read.body.data.valor).toBe(before);
  });

  it('never edits the numbering counter', async () => {
    const res = await putValor('numero_actual', '500');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, message: 'Esta configuración no se puede editar' });
    const read = await s.call({ method: 'GET', url: '/api/configuration/ventas/numero_actual', token: admin });
    expect(read.body.data.valor).toBe('1');
  });

  it('PUT on an unknown key is 404; only the admin may write', async () => {
    expect((await putValor('no_existe', 'x')).status).toBe(404);
    expect((await putValor('prefijo', 'X', seller)).status).toBe(403);
    const anon = await s.call({ method: 'PUT', url: '/api/configuration/ventas/prefijo', payload: { valor: 'X' } });
    expect(anon.status).toBe(401);
    const create = await s.call({ method: 'POST', url: '/api/configuration', token: seller, payload: { categoria: 'tienda', clave: 'x', valor: '1' } });
    expect(create.status).toBe(403);
  });

  it('creates a new entry once, typed, and lists its category', async () => {
    const payload = { categoria: 'tienda', clave: 'dias_garantia', valor: '30', tipo: 'number', descripcion: 'Días de garantía' };
    const res = await s.call({ method: 'POST', url: '/api/configuration', token: admin, payload });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Configuración creada correctamente');
    expect(res.body.data).toEqual({ ...payload, esEditable: true });
    const again = await s.call({ method: 'POST', url: '/api/configuration', token: admin, payload: { ...payload, valor: '60' } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Ya existe una configuración con esa categoría y clave');
    const cats = await s.call({ method: 'GET', url: '/api/configuration/categories', token: seller });
    expect(cats.body.data).toEqual(['caja', 'devoluciones', 'privacidad', 'tienda', 'ventas']);
    const count = (await sqlGet(s.app, "SELECT COUNT(*) AS n FROM configuration WHERE categoria = 'tienda'")) as { n: number };
    expect(count.n).toBe(1);
    const wrongType = await putValorIn('tienda', 'dias_garantia', 'treinta');
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toBe('Valor: debe ser un número');
  });

  it('validates a created entry', async () => {
    const missing = await s.call({ method: 'POST', url: '/api/configuration', token: admin, payload: { categoria: 'tienda', valor: 'x' } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('Clave');
    const badType = await s.call({ method: 'POST', url: '/api/configuration', token: admin, payload: { categoria: 'tienda', clave: 'a', valor: 'x', tipo: 'fecha' } });
    expect(badType.status).toBe(400);
    expect(badType.body.message).toContain('Tipo');
    const badFlag = await s.call({ method: 'POST', url: '/api/configuration', token: admin, payload: { categoria: 'tienda', clave: 'b', valor: 'si', tipo: 'boolean' } });
    expect(badFlag.status).toBe(400);
    expect(badFlag.body.message).toBe('Valor: debe ser true o false');
    const badNumbering = await s.call({ method: 'POST', url: '/api/configuration', token: admin, payload: { categoria: 'ventas', clave: 'formato', valor: 'sin numero' } });
    expect(badNumbering.status).toBe(400);
    expect(badNumbering.body.message).toBe('Formato: debe incluir {numero} o {numero:NNd}');
  });

  it('bumps the sync revision when a value changes', async () => {
    const rev = async () => ((await sqlGet(s.app, "SELECT revision FROM configuration WHERE categoria='ventas' AND clave='prefijo'")) as { revision: number }).revision;
    const before = await rev();
    await putValor('prefijo', 'NV');
    expect(await rev()).toBeGreaterThan(before);
  });
});

function putValorIn(categoria: string, clave: string, valor: string) {
  return s.call({ method: 'PUT', url: `/api/configuration/${categoria}/${clave}`, token: admin, payload: { valor } });
}
