/**
 * The landing and the catalogue are answered with their prerendered HTML from the client build (issue #17
 * item 8), compressed and never cached stale; every other page route gets index.html; a build without the
 * prerendered files still serves index.html everywhere.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../helpers/server';

const INDEX = '<!doctype html><title>Mostrador</title><div id="root"></div>';
// Large enough to be worth compressing, as the real prerendered pages are (tens of KB).
const page = (text: string) => `<!doctype html><title>Mostrador</title><div id="root"><div data-prerendered inert><h1>${text}</h1>${'<p>relleno</p>'.repeat(3000)}</div></div>`;

function clientBuild(withPrerendered: boolean): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mostrador-client-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  if (withPrerendered) {
    writeFileSync(path.join(dir, 'landing.html'), page('Bienvenido'));
    writeFileSync(path.join(dir, 'catalog.html'), page('Nuestro Catálogo'));
  }
  return dir;
}

const withPages = clientBuild(true);
const withoutPages = clientBuild(false);
afterAll(() => [withPages, withoutPages].forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const { s } = await buildApp({ config: { clientDir: withPages } });
const { s: plain } = await buildApp({ config: { clientDir: withoutPages } });

const get = (app: typeof s.app, url: string, gzip = false) => app.inject({ method: 'GET', url, headers: gzip ? { 'accept-encoding': 'gzip' } : {} });

describe('prerendered public pages', () => {
  it.each([
    ['/', 'Bienvenido'],
    ['/catalog', 'Nuestro Catálogo'],
    ['/catalog?page=2', 'Nuestro Catálogo'],
  ])('%s answers its prerendered HTML, gzipped, revalidated on every visit', async (url, heading) => {
    const res = await get(s.app, url, true);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(gunzipSync(res.rawPayload).toString()).toContain(`<h1>${heading}</h1>`);
  });

  it.each(['/pos', '/login', '/dashboard', '/catalog/otra'])('%s still gets the empty index.html', async (url) => {
    const res = await get(s.app, url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
  });

  it('unknown files and API paths stay 404, never a page', async () => {
    expect((await get(s.app, '/nada.js')).statusCode).toBe(404);
    const api = await get(s.app, '/api/nada');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false });
  });

  it('a build without prerendered pages serves index.html for / and /catalog', async () => {
    for (const url of ['/', '/catalog']) {
      const res = await get(plain.app, url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
    }
  });
});
