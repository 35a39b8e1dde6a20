/**
 * Smaller defects of issue #15 item 7 on the server: too-long text names its maximum (never "es
 * obligatorio"), 400 replies speak plain Spanish instead of zod's parser wording, and the public
 * categories list carries its message like every other reply.
 */
import { describe, expect, it } from 'vitest';
import { z } from '../../domain/schemas/common';
import { buildApp } from '../helpers/server';

const { s, admin } = await buildApp();

const RAW_ZOD = /Entrada inválida|se esperaba|Demasiado grande|Demasiado pequeño|Opción inválida|recibido/;

describe('validation wording', () => {
  it('a name that is too long names the maximum', async () => {
    const product = await s.call({ method: 'POST', url: '/api/products', token: admin, payload: { name: 'x'.repeat(201), price: 10, stock: 1 } });
    expect(product.status).toBe(400);
    expect(product.body.message).toBe('Nombre: no puede superar 200 caracteres');
    const category = await s.call({ method: 'POST', url: '/api/categories', token: admin, payload: { name: 'c'.repeat(101) } });
    expect(category.body.message).toBe('Nombre: no puede superar 100 caracteres');
    const blank = await s.call({ method: 'POST', url: '/api/categories', token: admin, payload: { name: '   ' } });
    expect(blank.body.message).toBe('Nombre: es obligatorio');
  });

  it('400 replies never show zod parser wording', async () => {
    const cases: [string, string, string][] = [
      ['GET', '/api/products/abc', 'Identificador: debe ser un número'],
      ['GET', '/api/sales?page=0', 'Página: no puede ser menor que 1'],
      ['GET', '/api/sales?limit=abc', 'Límite: debe ser un número'],
      ['GET', '/api/products?limit=999999', 'Límite: no puede ser mayor que 10.000'],
    ];
    for (const [method, url, message] of cases) {
      const res = await s.call({ method: method as 'GET', url, token: admin });
      expect(res.status, url).toBe(400);
      expect(res.body.message, url).toBe(message);
      expect(res.body.message).not.toMatch(RAW_ZOD);
    }
    const login = await s.call({ method: 'POST', url: '/api/auth/login', payload: { username: 5, password: 'x' } });
    expect(login.status).toBe(400);
    expect(login.body.message).not.toMatch(RAW_ZOD);
  });

  it('reworded issues: types, ranges, options and e-mails', () => {
    const message = (schema: z.ZodType, value: unknown) => {
      const result = schema.safeParse(value);
      return result.success ? 'ok' : result.error.issues[0].message;
    };
    expect(message(z.coerce.number().int().positive(), 'abc')).toBe('debe ser un número');
    expect(message(z.coerce.number().int().positive(), '0')).toBe('debe ser mayor que 0');
    expect(message(z.boolean(), 'x')).toBe('debe ser verdadero o falso');
    expect(message(z.object({ a: z.string() }), {})).toBe('es obligatorio');
    expect(message(z.enum(['csv', 'xlsx']), 'pdf')).toBe('debe ser csv o xlsx');
    expect(message(z.string().email(), 'x')).toBe('debe ser un email válido');
    expect(message(z.string().max(5), 'abcdefgh')).toBe('no puede superar 5 caracteres');
    expect(message(z.string().min(1, 'propio'), '')).toBe('propio');
  });
});

describe('GET /categories/public', () => {
  it('answers with success, the active categories and a message', async () => {
    await s.call({ method: 'POST', url: '/api/categories', token: admin, payload: { name: 'Librería' } });
    const res = await s.call({ method: 'GET', url: '/api/categories/public' });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toBe('Categorías obtenidas correctamente');
    expect(res.body.data).toContainEqual({ id: expect.any(Number), name: 'Librería' });
  });
});
