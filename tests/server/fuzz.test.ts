/**
 * Fuzz suite: every route of the OpenAPI document (so a new route is covered without touching this
 * file) gets malformed, oversize, control-character and wrong-type values in its path parameters, query
 * string and body, as the admin (deepest validation) and, for public routes, anonymously. Every reply
 * must be below 500 and every refusal the Spanish {success:false, message} envelope; the server must
 * log no error (an unhandled error is logged with its stack).
 */
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../helpers/server';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Schema = any;
interface Operation {
  method: string;
  path: string;
  params: { name: string; in: 'path' | 'query' }[];
  body: Schema | undefined;
  multipart: boolean;
  secured: boolean;
}

const { s, admin } = await buildApp({ captureLogs: true });
const signOutToken = await s.login();
const doc = (await s.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, Schema>> };
const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({
    method: method.toUpperCase(),
    path,
    params: (op.parameters ?? []).filter((p: Schema) => p.in === 'path' || p.in === 'query'),
    body: op.requestBody?.content?.['application/json']?.schema,
    multipart: Boolean(op.requestBody?.content?.['multipart/form-data']),
    secured: Boolean(op.security),
  })),
);

// Values --------------------------------------------------------------------------------------------

/** Fixed nasty values every body field and parameter meets at least once. */
const NASTY: unknown[] = [
  null, '', ' ', '\u0000', 'abc\u0000def', '\u0007\u001b[31m\u007f', '0.004', '-1', '1e309', 'NaN', '9'.repeat(400), '\ud800',
  'x'.repeat(100_000), -1, 0, 0.004, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, true, [], [null], {}, { $gt: '' }, '<script>alert(1)</script>', "' OR 1=1 --",
];
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 1 }), { maxKeys: 3 }),
);
/** Raw (already URL-encoded or deliberately broken) fragments for paths and query strings. */
const RAW_FRAGMENTS = ['', '%00', 'abc%00def', '%01%1F%7F', '%ff', '%', '%zz', '-1', '0', '1.5', '1e400', 'NaN', 'abc', '%2e%2e%2f', 'a'.repeat(90), '9'.repeat(30), '%F0%9F%99%82', '%5B%5D'];
const rawFragment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...RAW_FRAGMENTS),
  fc.string({ unit: 'binary', maxLength: 30 }).map(encodeURIComponent),
  fc.integer().map(String),
);

/** A plausible value for a JSON schema, so one broken field at a time reaches the deeper checks. */
function plausible(schema: Schema): unknown {
  if (!schema) return 'texto';
  if (schema.anyOf || schema.oneOf) return plausible((schema.anyOf ?? schema.oneOf)[0]);
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, sub]) => [key, plausible(sub)]));
    case 'array':
      return [plausible(schema.items)];
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    default:
      return schema.format === 'email' ? 'ana@example.com' : schema.format === 'uuid' ? randomUUID() : schema.format === 'date-time' ? new Date().toISOString() : 'texto';
  }
}

/** Paths to every field of a body schema, nested objects and first array items included. */
function fieldPaths(schema: Schema, prefix: (string | number)[] = [], depth = 0): (string | number)[][] {
  if (!schema || depth > 3) return [];
  const inner = schema.anyOf?.[0] ?? schema;
  if (inner.type === 'object') {
    return Object.entries(inner.properties ?? {}).flatMap(([key, sub]) => [[...prefix, key], ...fieldPaths(sub, [...prefix, key], depth + 1)]);
  }
  if (inner.type === 'array') return fieldPaths(inner.items, [...prefix, 0], depth + 1);
  return [];
}

function withValueAt(body: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) {
    if (node[key] === null || typeof node[key] !== 'object') node[key] = {};
    node = node[key] as Record<string | number, unknown>;
  }
  node[path[path.length - 1]] = value;
  return copy;
}

// Requests and the reply check ------------------------------------------------------------------------

const ENGLISH = /\b(must|should|expected|invalid|required|not found|bad request|unexpected|cannot|exceeded|too large|unsupported|internal server error|body|undefined)\b/i;

interface Shot {
  op: Operation;
  path?: Record<string, string>;
  query?: Record<string, string | undefined>;
  payload?: string;
  contentType?: string;
  anonymous?: boolean;
}

function urlFor(op: Operation, path: Record<string, string> = {}, query: Record<string, string | undefined> = {}): string {
  const filled = op.path.replace(/\{(\w+)\}/g, (_, name: string) => path[name] ?? '1');
  const qs = Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return qs ? `${filled}?${qs}` : filled;
}

async function fire(shot: Shot): Promise<void> {
  const url = urlFor(shot.op, shot.path, shot.query);
  const res = await s.app.inject({
    method: shot.op.method as 'GET',
    url,
    payload: shot.payload,
    headers: {
      // Signing out revokes the token it presents: that route gets a session of its own (then answers 401).
      ...(shot.anonymous ? {} : { authorization: `Bearer ${shot.op.path === '/api/auth/logout' ? signOutToken : admin}` }),
      ...(shot.payload !== undefined ? { 'content-type': shot.contentType ?? 'application/json' } : {}),
    },
  });
  const where = `${shot.op.method} ${url.slice(0, 200)} ${String(shot.payload ?? '').slice(0, 200)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  if (res.statusCode < 400) return;
  let body: { success?: unknown; message?: unknown };
  try {
    body = res.json();
  } catch {
    throw new Error(`${where}: ${res.statusCode} without a JSON envelope: ${res.body.slice(0, 200)}`);
  }
  expect(body.success, where).toBe(false);
  expect(typeof body.message, where).toBe('string');
  expect((body.message as string).length, where).toBeGreaterThan(0);
  expect(body.message, where).not.toMatch(ENGLISH);
}

const asJson = (value: unknown) => JSON.stringify(value) ?? 'null';
const paramsIn = (op: Operation, where: 'path' | 'query') => op.params.filter((p) => p.in === where).map((p) => p.name);
const callers = (op: Operation) => (op.secured ? [false] : [false, true]);

// The suite -----------------------------------------------------------------------------------------

const label = (op: Operation) => `${op.method} ${op.path}`;

describe('fuzz: every route of the OpenAPI document', () => {
  it('finds the routes', () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  it.each(operations.map((op) => [label(op), op] as const))('%s: each nasty value in each parameter and body field', async (_, op) => {
    for (const anonymous of callers(op)) {
      for (const name of paramsIn(op, 'path')) for (const raw of RAW_FRAGMENTS) await fire({ op, anonymous, path: { [name]: raw } });
      for (const name of paramsIn(op, 'query')) {
        for (const raw of RAW_FRAGMENTS) await fire({ op, anonymous, query: { [name]: raw } });
        await fire({ op, anonymous, query: { [name]: '1', [`${name}[]`]: '2' } });
      }
      if (op.body) {
        const base = plausible(op.body);
        for (const field of fieldPaths(op.body)) for (const value of NASTY) await fire({ op, anonymous, payload: asJson(withValueAt(base, field, value)) });
      }
      if (op.body || op.multipart || op.method === 'POST' || op.method === 'PUT' || op.method === 'PATCH') {
        for (const payload of ['{', '[]', 'null', '"x"', '1', '{"a":', '\u0000', asJson({ ['__proto__']: { admin: true } })]) await fire({ op, anonymous, payload });
        await fire({ op, anonymous, payload: 'a=1', contentType: 'text/plain' });
        await fire({ op, anonymous, payload: '<a/>', contentType: 'application/xml' });
        await fire({ op, anonymous, payload: '--x\r\nbasura', contentType: 'multipart/form-data; boundary=x' });
        await fire({ op, anonymous, payload: asJson({ relleno: 'x'.repeat(3 * 1024 * 1024) }) });
      }
    }
  });

  it.each(operations.map((op) => [label(op), op] as const))('%s: random combinations (fast-check)', async (_, op) => {
    const base = op.body ? plausible(op.body) : undefined;
    const fields = op.body ? fieldPaths(op.body) : [];
    const pathNames = paramsIn(op, 'path');
    const queryNames = paramsIn(op, 'query');
    const shot = fc.record({
      anonymous: fc.constantFrom(...callers(op)),
      path: fc.record(Object.fromEntries(pathNames.map((n) => [n, rawFragment]))),
      query: fc.record(Object.fromEntries(queryNames.map((n) => [n, rawFragment])), { requiredKeys: [] }),
      body: op.body
        ? fc.oneof(
            fc.array(fc.tuple(fc.constantFrom(...(fields.length ? fields : [['x']])), badValue), { minLength: 1, maxLength: 4 }).map((changes) =>
              changes.reduce((body, [field, value]) => withValueAt(body, field, value), base),
            ),
            fc.anything({ maxDepth: 2 }),
          )
        : fc.constant(undefined),
    });
    await fc.assert(
      fc.asyncProperty(shot, async ({ anonymous, path, query, body }) => {
        await fire({ op, anonymous, path, query, payload: body === undefined ? undefined : asJson(body) });
      }),
      { numRuns: 30 },
    );
  });

  it('logged no error (an unexpected error is logged with its stack trace)', () => {
    expect(s.logs.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual([]);
  });
});
