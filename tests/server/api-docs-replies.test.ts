/**
 * Every /api operation describes its reply (issue #19): /api/docs shows, for each route the server
 * registers, a success response with a schema (the envelope around the data, or a file) and the
 * failure envelope. A new route registered without its endpoint description fails here.
 */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../helpers/server';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const { s } = await buildApp();
const doc: Json = (await s.app.inject({ method: 'GET', url: '/api/docs/json' })).json();

/** /api/products/:id → /api/products/{id}, as OpenAPI writes paths. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('/api/docs describes every reply', () => {
  it('has a success response and the failure envelope for every registered route', () => {
    const missing: string[] = [];
    for (const route of s.app.routeTable) {
      const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      const responses: Json = operation?.responses ?? {};
      const success = Object.entries(responses).find(([status]) => /^2\d\d$/.test(status))?.[1] as Json;
      const described = success && (success.content?.['application/json']?.schema || success.content || success.description);
      const failure = responses['4XX']?.content?.['application/json']?.schema;
      if (!described || !failure) missing.push(`${route.method} ${route.url}`);
    }
    expect(s.app.routeTable.length).toBeGreaterThan(80);
    expect(missing).toEqual([]);
  });
});
