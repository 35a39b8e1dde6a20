/**
 * Second lines of defence: a Content-Security-Policy on every page, no caching of what a signed-in
 * user reads, and the data folder (JWT secret, SQLite database and its WAL, uploads) readable by the
 * server's user only.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, testDialect } from '../helpers/server';

const clientDir = mkdtempSync(path.join(tmpdir(), 'mostrador-client-'));
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));
mkdirSync(path.join(clientDir, 'assets'));
writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Mostrador</title><div id="root"></div>');
writeFileSync(path.join(clientDir, 'assets', 'app.js'), 'console.log(1)');
const { s, admin } = await buildApp({ config: { clientDir } });

const header = async (url: string, name: string, token?: string) => {
  const res = await s.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return res.headers[name] as string | undefined;
};

describe('Content-Security-Policy', () => {
  it.each(['/', '/catalog', '/pos', '/assets/app.js', '/api/health', '/api/products/catalog'])('%s carries it', async (url) => {
    const csp = await header(url, 'content-security-policy');
    expect(csp).toBeDefined();
    const directives = Object.fromEntries(csp!.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directives['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(directives['worker-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
  });
});

describe('Cache-Control on authenticated JSON', () => {
  it.each(['/api/products', '/api/sales', '/api/auth/me', '/api/configuration', '/api/products/catalog'])('%s with a token is no-store', async (url) => {
    expect(await header(url, 'cache-control', admin)).toBe('no-store');
  });

  it('an error reply to a signed-in request is no-store too; the anonymous catalogue may be cached', async () => {
    expect(await header('/api/products/999999', 'cache-control', admin)).toBe('no-store');
    expect(await header('/api/products/catalog', 'cache-control')).not.toBe('no-store');
  });
});

describe('file permissions', () => {
  const mode = (file: string) => statSync(file).mode & 0o777;

  it('the data folder is 0700 and the JWT secret generated there 0600', () => {
    expect(mode(s.config.dataDir)).toBe(0o700);
    expect(mode(path.join(s.config.dataDir, 'jwt-secret'))).toBe(0o600);
  });

  // On PostgreSQL the database is the cluster's, not a file of the data folder.
  it.skipIf(testDialect === 'postgres')('the SQLite database, its WAL and shared memory are 0600', async () => {
    await s.call({ method: 'POST', url: '/api/categories', token: admin, payload: { name: 'Escritura en el WAL' } });
    expect(mode(s.config.dbFile)).toBe(0o600);
    expect(mode(`${s.config.dbFile}-wal`)).toBe(0o600);
    expect(mode(`${s.config.dbFile}-shm`)).toBe(0o600);
  });

  it('the uploads folder is 0700 and an uploaded image 0600', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).png().toBuffer();
    const boundary = '----permisos';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await s.call({ method: 'POST', url: '/api/upload', token: admin, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(res.status).toBe(201);
    expect(mode(s.config.uploadsDir)).toBe(0o700);
    expect(mode(path.join(s.config.uploadsDir, res.body.data.filename))).toBe(0o600);
  });
});
