import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../helpers/server';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

let doc: Json;
const { s } = await buildApp();
beforeAll(async () => {
  const res = await s.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});

const bodySchema = (path: string, method: string) => doc.paths[path]?.[method]?.requestBody?.content?.['application/json']?.schema;
const paramNames = (path: string, method: string, where: 'path' | 'query') =>
  (doc.paths[path]?.[method]?.parameters ?? []).filter((p: Json) => p.in === where).map((p: Json) => p.name).sort();

describe('OpenAPI document', () => {
  it('is an OpenAPI 3 document of the Mostrador API', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Mostrador API');
  });

  it('lists the business info, configuration, contact and upload routes with their methods', () => {
    const expected: Record<string, string[]> = {
      '/api/business-info': ['get', 'put'],
      '/api/configuration': ['get', 'post'],
      '/api/configuration/categories': ['get'],
      '/api/configuration/{categoria}/{clave}': ['get', 'put'],
      '/api/contact': ['post'],
      '/api/contact/list': ['get'],
      '/api/contact/stats': ['get'],
      '/api/contact/{id}': ['delete', 'get', 'put'],
      '/api/upload': ['post'],
      '/api/upload/{filename}': ['delete'],
    };
    for (const [path, methods] of Object.entries(expected)) {
      expect(Object.keys(doc.paths[path] ?? {}).sort(), path).toEqual(methods);
    }
  });

  it('documents the request bodies', () => {
    const business = bodySchema('/api/business-info', 'put');
    expect(business.required).toEqual(['businessName']);
    expect(Object.keys(business.properties)).toHaveLength(18);

    const contact = bodySchema('/api/contact', 'post');
    expect(contact.required.sort()).toEqual(['email', 'message', 'name']);
    expect(Object.keys(contact.properties).sort()).toEqual(['email', 'message', 'name', 'phone', 'productId', 'subject']);

    const contactUpdate = bodySchema('/api/contact/{id}', 'put');
    expect(contactUpdate.properties.status.enum).toEqual(['nuevo', 'leido', 'respondido', 'archivado']);

    expect(bodySchema('/api/configuration/{categoria}/{clave}', 'put')).toMatchObject({ required: ['valor'], properties: { valor: { type: 'string' } } });
    const createConfig = bodySchema('/api/configuration', 'post');
    expect(createConfig.required.sort()).toEqual(['categoria', 'clave', 'valor']);
    expect(createConfig.properties.tipo.enum).toEqual(['string', 'number', 'boolean', 'json']);
  });

  it('documents path and query parameters', () => {
    expect(paramNames('/api/contact/list', 'get', 'query')).toEqual(['endDate', 'limit', 'page', 'search', 'startDate', 'status']);
    expect(paramNames('/api/configuration', 'get', 'query')).toEqual(['categoria']);
    expect(paramNames('/api/configuration/{categoria}/{clave}', 'get', 'path')).toEqual(['categoria', 'clave']);
    expect(paramNames('/api/contact/{id}', 'delete', 'path')).toEqual(['id']);
    expect(paramNames('/api/upload/{filename}', 'delete', 'path')).toEqual(['filename']);
  });

  it('marks signed-in routes with the bearer scheme and leaves the public ones open', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/contact/list'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/upload'].post.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/business-info'].put.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/business-info'].get.security).toBeUndefined();
    expect(doc.paths['/api/contact'].post.security).toBeUndefined();
  });

  it('serves the docs page as HTML', async () => {
    let res = await s.app.inject({ method: 'GET', url: '/api/docs' });
    for (let hops = 0; hops < 3 && res.statusCode >= 300 && res.statusCode < 400; hops++) {
      res = await s.app.inject({ method: 'GET', url: new URL(String(res.headers.location), 'http://localhost/api/docs/').pathname });
    }
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('swagger-ui');
    const scripts = [...res.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const asset = await s.app.inject({ method: 'GET', url: src });
      expect(asset.statusCode, src).toBe(200);
      expect(asset.headers['content-type'], src).toContain('javascript');
    }
  });
});
