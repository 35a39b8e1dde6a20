/** TLS_CERT_FILE + TLS_KEY_FILE: the server itself answers HTTPS; one of the two alone is refused at start. */
import { mkdtempSync, rmSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { makeTestTls } from '../helpers/tls';
import { buildApp } from '../helpers/server';

const work = mkdtempSync(path.join(tmpdir(), 'mostrador-tls-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('HTTPS directo', () => {
  it('con certificado y clave el servidor atiende por HTTPS', async () => {
    const tls = makeTestTls(work);
    const { s: t } = await buildApp({ env: { TLS_CERT_FILE: tls.certFile, TLS_KEY_FILE: tls.keyFile, BACKUP_INTERVAL: 'off' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const reply = await new Promise<{ status: number; body: string; protocol: string }>((resolve, reject) => {
      https
        .get(`https://localhost:${port}/api/health`, { ca: tls.caPem }, (res) => {
          const protocol = (res.socket as TLSSocket).getProtocol() ?? '';
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body, protocol }));
        })
        .on('error', reject);
    });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body).data.status).toBe('ok');
    expect(reply.protocol).toMatch(/^TLSv1\.[23]$/);
  });

  it('falta la clave: no arranca y lo dice', () => {
    expect(() => loadConfig({ TLS_CERT_FILE: path.join(work, 'cert.pem') }, { dataDir: work })).toThrow(/TLS_CERT_FILE y TLS_KEY_FILE/);
  });
});
