/**
 * The built client travels precompressed (issue #39 item 10): the build step writes .br and .gz copies
 * (scripts/lib/precompress.ts, run here on a small client folder), and the server, over real HTTP, sends
 * brotli to a client that accepts it, gzip to one that accepts only gzip, and the file itself to one that
 * accepts neither, always with `Vary: Accept-Encoding`, the file's own type and cache headers, and bytes
 * that decompress to the file. The copies are not URLs of their own.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/lib/precompress';
import { buildApp } from '../helpers/server';

const clientDir = mkdtempSync(path.join(tmpdir(), 'mostrador-client-'));
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));
mkdirSync(path.join(clientDir, 'assets'));
mkdirSync(path.join(clientDir, '.vite'));
const files: Record<string, string> = {
  'index.html': `<!doctype html><title>Mostrador</title><script type="module" src="/assets/app-abc123.js"></script>${'<!-- relleno -->'.repeat(200)}<div id="root"></div>`,
  'landing.html': `<!doctype html><title>Mostrador</title><div id="root"><h1>Bienvenido</h1>${'<p>relleno</p>'.repeat(500)}</div>`,
  'assets/app-abc123.js': Array.from({ length: 400 }, (_, i) => `export const valor${i} = 'texto ${i}';`).join('\n'),
  'assets/app-abc123.css': Array.from({ length: 200 }, (_, i) => `.clase${i} { color: red; margin: ${i}px; }`).join('\n'),
  'assets/tiny-abc123.js': 'a',
  'sw.js': `self.addEventListener('fetch', () => {});\n${'// precache\n'.repeat(300)}`,
  '.vite/manifest.json': JSON.stringify({ 'index.html': { file: 'assets/app-abc123.js' } }),
};
for (const [name, text] of Object.entries(files)) writeFileSync(path.join(clientDir, name), text);

let summary: Awaited<ReturnType<typeof precompressDir>>;
let baseUrl: string;
beforeAll(async () => {
  summary = await precompressDir(clientDir);
  const { s } = await buildApp({ config: { clientDir } });
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(s.app.server.address() as { port: number }).port}`;
});

/** A raw HTTP GET (no client-side decoding): status, headers and the bytes exactly as sent. */
function get(url: string, acceptEncoding?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${url}`, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const CHROMIUM = 'gzip, deflate, br, zstd';
const original = (name: string) => readFileSync(path.join(clientDir, name));

describe('the build step', () => {
  it('writes a .br and a .gz copy of each text file that compresses, each decoding to the file, and none for a file they would not shrink', () => {
    for (const name of ['index.html', 'landing.html', 'assets/app-abc123.js', 'assets/app-abc123.css', 'sw.js']) {
      const file = path.join(clientDir, name);
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(readFileSync(file))).toBe(true);
      expect(gunzipSync(readFileSync(`${file}.gz`)).equals(readFileSync(file))).toBe(true);
      expect(readFileSync(`${file}.br`).length).toBeLessThan(readFileSync(`${file}.gz`).length);
    }
    expect(existsSync(path.join(clientDir, 'assets/tiny-abc123.js.br'))).toBe(false);
    expect(existsSync(path.join(clientDir, 'assets/tiny-abc123.js.gz'))).toBe(false);
    expect(existsSync(path.join(clientDir, '.vite/manifest.json.br'))).toBe(false);
    expect(summary.files).toBe(6);
    expect(summary.brotliBytes).toBeLessThan(summary.bytes / 3);
  });
});

describe('precompressed assets over HTTP', () => {
  it.each([
    ['/assets/app-abc123.js', 'assets/app-abc123.js', /^application\/javascript|^text\/javascript/],
    ['/assets/app-abc123.css', 'assets/app-abc123.css', /^text\/css/],
  ])('%s: a browser that accepts brotli gets the .br copy, cached for a year, decoding to the file', async (url, name, type) => {
    const res = await get(url, CHROMIUM);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(type);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.equals(readFileSync(path.join(clientDir, `${name}.br`)))).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(brotliDecompressSync(res.body).equals(original(name))).toBe(true);
  });

  it('a client that accepts only gzip gets the .gz copy', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip, deflate');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(res.body).equals(original('assets/app-abc123.js'))).toBe(true);
  });

  it.each([undefined, 'identity'])('a client that accepts no encoding (%s) gets the file itself, still with Vary', async (accept) => {
    const res = await get('/assets/app-abc123.js', accept);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body.equals(original('assets/app-abc123.js'))).toBe(true);
  });

  it('a file without copies still reaches a brotli client (compressed on the fly as before, never a .br that is not there)', async () => {
    const res = await get('/assets/tiny-abc123.js', CHROMIUM);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).not.toBe('br');
    const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.body) : res.body;
    expect(body.toString()).toBe('a');
  });

  it('the service worker and the pages keep "no-cache" when their .br copy is sent', async () => {
    for (const [url, name] of [
      ['/sw.js', 'sw.js'],
      ['/', 'landing.html'],
      ['/pos', 'index.html'],
    ]) {
      const res = await get(url, CHROMIUM);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(brotliDecompressSync(res.body).equals(original(name))).toBe(true);
    }
    const page = await get('/pos', 'gzip');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(gunzipSync(page.body).equals(original('index.html'))).toBe(true);
  });

  it('the copies are no URLs of their own', async () => {
    for (const url of ['/assets/app-abc123.js.br', '/assets/app-abc123.js.gz', '/sw.js.br']) expect((await get(url, CHROMIUM)).status).toBe(404);
  });
});
