/**
 * The one HTTP client (src/api/client.ts: staff calls on ky, public ones on plain fetch) against a real
 * loopback HTTP server: the envelope becomes an ApiResult, the token rides on staff calls only, a staff 401
 * ends the session, and the retry policy: one more try only for a staff GET a proxy answered 502/503/504,
 * never for a write, a public call, a timeout or a server that is not there (no storms).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

interface Seen {
  method: string;
  url: string;
  authorization?: string;
}

const seen: Seen[] = [];
/** Per path: the replies to give in order (the last one repeats); 'drop' destroys the socket, 'hang' never answers. */
const script = new Map<string, ({ status: number; body?: string; headers?: Record<string, string> } | 'drop' | 'hang')[]>();

const server = http.createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization });
  const replies = script.get(path) ?? [{ status: 404, body: JSON.stringify({ success: false, message: 'No encontrado' }) }];
  const reply = replies.length > 1 ? replies.shift()! : replies[0];
  req.resume();
  if (reply === 'drop') return void req.socket.destroy();
  if (reply === 'hang') return;
  res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
  res.end(reply.body ?? '');
});

const assigned: string[] = [];
const storage = new Map<string, string>();
let client: typeof import('../../src/api/client');

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The browser globals the client reads: the page's origin and path, and its localStorage.
  Object.assign(globalThis, {
    window: { location: { origin, pathname: '/pos', assign: (to: string) => assigned.push(to) } },
    localStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
      removeItem: (k: string) => void storage.delete(k),
    },
  });
  client = await import('../../src/api/client');
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
  assigned.length = 0;
  script.clear();
  storage.clear();
  storage.set('token', 'tok-1');
});

const ok = (data: unknown, extra: Record<string, unknown> = {}) => ({ status: 200, body: JSON.stringify({ success: true, data, ...extra }) });
const hits = (path: string) => seen.filter((s) => s.url.startsWith(`/api${path}`)).length;

describe('the HTTP client (ky)', () => {
  it('reads the envelope, sends the query without empty values, and the token only on staff calls', async () => {
    script.set('/api/things', [ok([{ id: 1 }], { pagination: { page: 1, limit: 1, total: 5, totalItems: 5, totalPages: 5 } })]);
    const result = await client.apiCall<{ id: number }[]>('get', 'things', { query: { q: 'café con leche', empty: '', none: null, page: 2 } });
    expect(result).toEqual({ success: true, data: [{ id: 1 }], message: undefined, pagination: { page: 1, limit: 1, total: 5, totalItems: 5, totalPages: 5 } });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/things?q=caf%C3%A9+con+leche&page=2', authorization: 'Bearer tok-1' });

    script.set('/api/public', [ok('hola')]);
    expect(await client.apiCall('get', 'public', { public: true })).toMatchObject({ success: true, data: 'hola' });
    expect(seen[1].authorization).toBeUndefined();
  });

  it('a refusal is an http failure with the server message, or the caller default for a body that is not JSON', async () => {
    script.set('/api/refused', [{ status: 409, body: JSON.stringify({ success: false, message: 'El código ya existe', data: { field: 'code' } }) }]);
    expect(await client.apiCall('post', 'refused', { json: { a: 1 }, errorMessage: 'Error al guardar' })).toEqual({ success: false, kind: 'http', status: 409, message: 'El código ya existe', data: { field: 'code' } });
    script.set('/api/html', [{ status: 400, body: '<html>proxy</html>', headers: { 'content-type': 'text/html' } }]);
    expect(await client.apiCall('get', 'html', { errorMessage: 'Error al cargar' })).toMatchObject({ success: false, kind: 'http', status: 400, message: 'Error al cargar' });
    expect(hits('/html')).toBe(1);
  });

  it('a staff 401 clears the session and goes to /login; a public or noRedirect 401 is a plain failure', async () => {
    script.set('/api/me', [{ status: 401, body: JSON.stringify({ success: false, message: 'Sesión vencida' }) }]);
    expect(await client.apiCall('get', 'me', { public: true })).toMatchObject({ success: false, status: 401 });
    expect(await client.apiCall('get', 'me', { noRedirect: true })).toMatchObject({ success: false, status: 401 });
    expect(assigned).toEqual([]);
    expect(storage.get('token')).toBe('tok-1');
    expect(await client.apiCall('get', 'me')).toMatchObject({ success: false, status: 401, message: 'Sesión vencida' });
    expect(assigned).toEqual(['/login']);
    expect(storage.has('token')).toBe(false);
  });

  it('a GET a proxy answered 503 (Retry-After) or 502 is tried once more, and only once', async () => {
    script.set('/api/restarting', [{ status: 503, headers: { 'retry-after': '0' } }, ok('de vuelta')]);
    expect(await client.apiCall('get', 'restarting')).toMatchObject({ success: true, data: 'de vuelta' });
    expect(hits('/restarting')).toBe(2);

    script.set('/api/gone', [{ status: 502, body: 'Bad Gateway', headers: { 'content-type': 'text/plain' } }]);
    expect(await client.apiCall('get', 'gone', { errorMessage: 'Error al cargar' })).toEqual({ success: false, kind: 'http', status: 502, message: 'Error al cargar', data: undefined });
    expect(hits('/gone')).toBe(2);
  });

  it('never retries a write, a public call (plain fetch), nor a call that asked for no retry (the sync engine keeps its own back-off)', async () => {
    script.set('/api/write', [{ status: 503, headers: { 'retry-after': '0' } }]);
    expect(await client.apiCall('post', 'write', { json: { x: 1 } })).toMatchObject({ success: false, kind: 'http', status: 503 });
    expect(hits('/write')).toBe(1);
    script.set('/api/public-page', [{ status: 503, headers: { 'retry-after': '0' } }]);
    expect(await client.apiCall('get', 'public-page', { public: true })).toMatchObject({ success: false, kind: 'http', status: 503 });
    expect(hits('/public-page')).toBe(1);
    script.set('/api/pull', [{ status: 503, headers: { 'retry-after': '0' } }]);
    expect(await client.apiCall('get', 'pull', { retry: false })).toMatchObject({ success: false, status: 503 });
    expect(hits('/pull')).toBe(1);
  });

  it('no answer (a dropped connection, a timeout) is a network failure after one request, with the default message', async () => {
    script.set('/api/drop', ['drop']);
    expect(await client.apiCall('get', 'drop', { errorMessage: 'Sin conexión con el servidor' })).toEqual({ success: false, kind: 'network', status: 0, message: 'Sin conexión con el servidor' });
    expect(hits('/drop')).toBe(1);
    script.set('/api/slow', ['hang']);
    const started = Date.now();
    expect(await client.apiCall('get', 'slow', { timeoutMs: 300 })).toMatchObject({ success: false, kind: 'network', status: 0 });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(hits('/slow')).toBe(1);
  });

  it('a download returns the file and its name, or the server message', async () => {
    script.set('/api/exports/products', [{ status: 200, body: 'a;b\n1;2\n', headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="productos.csv"' } }]);
    const file = await client.apiDownload('exports/products', 'Error al exportar');
    expect(file.success && file.filename).toBe('productos.csv');
    expect(file.success && (await file.blob.text())).toBe('a;b\n1;2\n');
    script.set('/api/exports/none', [{ status: 403, body: JSON.stringify({ success: false, message: 'Sin permiso' }) }]);
    expect(await client.apiDownload('exports/none', 'Error al exportar')).toMatchObject({ success: false, status: 403, message: 'Sin permiso' });
  });
});
