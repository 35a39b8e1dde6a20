/**
 * Control characters (NUL and friends) never reach SQL: the shared text schemas strip them, so the
 * public catalogue search and the product list answer normally, and stored names come out clean.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../helpers/server';

const { s, admin } = await buildApp({ captureLogs: true });
beforeAll(async () => {
  await s.call({ method: 'POST', url: '/api/products', token: admin, payload: { name: 'Cable abcdef', price: 10, stock: 1 } });
});

describe('control characters in text inputs', () => {
  it.each(['/api/products/catalog?search=abc%00def', '/api/products/catalog?search=%00', '/api/products?search=abc%00def', '/api/products?search=%01%1F%7F'])(
    'GET %s answers 200 and logs no error',
    async (url) => {
      s.logs.length = 0;
      const res = await s.call({ method: 'GET', url, token: url.includes('catalog') ? undefined : admin });
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(s.logs.filter((line) => line.level >= 50)).toEqual([]);
    },
  );

  it('the search without the NUL finds the product ("abc\\0def" searches "abcdef")', async () => {
    const res = await s.call({ method: 'GET', url: '/api/products/catalog?search=abc%00def' });
    expect(res.body.data.map((p: { name: string }) => p.name)).toEqual(['Cable abcdef']);
  });

  it('a name with control characters is stored without them; tabs and line breaks in a description stay', async () => {
    const res = await s.call({
      method: 'POST',
      url: '/api/products',
      token: admin,
      payload: { name: 'Mouse\u0000 \u0007óptico\u001b', description: 'línea 1\nlínea\t2', price: 5, stock: 0 },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.name).toBe('Mouse óptico');
    expect(res.body.data.description).toBe('línea 1\nlínea\t2');
  });

  it('control characters in business info, contact messages and configuration values are stripped too', async () => {
    const info = await s.call({ method: 'PUT', url: '/api/business-info', token: admin, payload: { businessName: 'Kiosco\u0000 Sur' } });
    expect(info.status).toBe(200);
    expect(info.body.data.businessName).toBe('Kiosco Sur');
    const contact = await s.call({ method: 'POST', url: '/api/contact', payload: { name: 'Ana\u0000', email: 'ana@example.com', message: 'Hola\u0000, quiero saber el precio' } });
    expect(contact.status).toBe(201);
    const list = await s.call({ method: 'GET', url: '/api/contact/list?search=Ana%00', token: admin });
    expect(list.status).toBe(200);
    expect(list.body.data[0].message).toBe('Hola, quiero saber el precio');
  });
});
