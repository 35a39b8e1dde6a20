/**
 * The shipped reverse-proxy setup, for real: deploy/Caddyfile in front of the server with HTTPS (a test
 * CA's certificate, which Chromium trusts by its key only in this test). The service worker registers
 * over HTTPS, a sale rung up on the POS through the proxy reaches the server, and with TRUST_PROXY the
 * rate limiter counts each client's own address (two loopback addresses), not the proxy's, and ignores
 * an X-Forwarded-For the client made up.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/server-process';
import { makeTestTls, type TestTls } from '../helpers/tls';
import { DESKTOP, SELLER_PASSWORD, startServer, type E2eServer } from './harness';
import { addProduct, checkout, createProduct, productStock, signInAndOpenPos, waitAllSynced, waitForServiceWorker } from './pos-helpers';

const RATE_LIMIT = 3;
let server: E2eServer;
let caddy: ChildProcess;
let tls: TestTls;
let proxyUrl = '';
let productId = 0;
const work = mkdtempSync(path.join(tmpdir(), 'mostrador-caddy-'));

async function startCaddy(upstreamPort: number): Promise<void> {
  const port = await freePort();
  proxyUrl = `https://localhost:${port}`;
  let output = '';
  caddy = spawn('caddy', ['run', '--config', path.resolve('deploy/Caddyfile'), '--adapter', 'caddyfile'], {
    env: {
      ...process.env,
      HOME: work,
      XDG_DATA_HOME: path.join(work, 'datos'),
      XDG_CONFIG_HOME: path.join(work, 'config'),
      MOSTRADOR_DOMINIO: proxyUrl,
      MOSTRADOR_PUERTO: String(upstreamPort),
      MOSTRADOR_TLS: `tls ${tls.certFile} ${tls.keyFile}`,
      CADDY_GLOBALES: 'admin off\n\tauto_https disable_redirects\n\tskip_install_trust',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  caddy.stdout?.on('data', (chunk) => (output += chunk));
  caddy.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (caddy.exitCode !== null) throw new Error(`caddy terminó al iniciar:\n${output}`);
    if ((await request('/api/health', {}).catch(() => null))?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`caddy no respondió a tiempo:\n${output}`);
}

/** An HTTPS request through the proxy, from a chosen loopback address, trusting only the test CA. */
function request(apiPath: string, options: { from?: string; method?: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = https.request(
      `${proxyUrl}${apiPath}`,
      {
        method: options.method ?? 'GET',
        ca: tls.caPem,
        localAddress: options.from,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...options.headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

beforeAll(async () => {
  tls = makeTestTls(work);
  server = await startServer({ TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) });
  await server.createSeller();
  productId = await createProduct(server, { name: 'Lámpara de prueba por HTTPS', code: '7790000000991', price: 4500, stock: 7 });
  await startCaddy(Number(new URL(server.baseUrl).port));
});

afterAll(async () => {
  caddy?.kill('SIGTERM');
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('detrás de Caddy con HTTPS', () => {
  it('el service worker se registra y una venta del POS llega al servidor', async () => {
    const profile = mkdtempSync(path.join(work, 'perfil-'));
    const context: BrowserContext = await chromium.launchPersistentContext(profile, {
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', `--ignore-certificate-errors-spki-list=${tls.spkiSha256}`],
      viewport: DESKTOP,
      locale: 'es-AR',
    });
    try {
      context.setDefaultTimeout(20_000);
      const page = await context.newPage();
      await signInAndOpenPos(page, proxyUrl, 'vendedora', SELLER_PASSWORD);
      expect(await page.evaluate(() => window.isSecureContext && location.protocol)).toBe('https:');
      await waitForServiceWorker(page);
      await addProduct(page, 'Lámpara de prueba por HTTPS', 2);
      await checkout(page);
      const [sale] = await waitAllSynced(page, 1);
      const stored = await server.api('GET', `/sales?limit=5`, { token: await server.adminToken() });
      expect(stored.body.data.map((s: { clientSaleId: string }) => s.clientSaleId)).toContain(sale.clientSaleId);
      expect(await productStock(server, productId)).toBe(5);
    } finally {
      await context.close();
    }
  });

  it('el límite de intentos cuenta la dirección de cada cliente, no la del proxy ni una inventada', async () => {
    const contact = (from: string, forged?: string) =>
      request('/api/contact', {
        from,
        method: 'POST',
        body: { name: 'Cliente', email: 'cliente@example.com', message: 'Consulta de prueba por el proxy' },
        headers: forged ? { 'x-forwarded-for': forged } : {},
      });
    const first: number[] = [];
    for (let i = 0; i < RATE_LIMIT; i++) first.push((await contact('127.0.0.2', `10.0.0.${i + 1}`)).status);
    expect(first).toEqual(Array(RATE_LIMIT).fill(201));
    // A made-up X-Forwarded-For does not buy more attempts: Caddy replaces it with the real address.
    expect((await contact('127.0.0.2', '10.9.9.9')).status).toBe(429);
    // Another client behind the same proxy still has its own allowance.
    expect((await contact('127.0.0.3')).status).toBe(201);
  });
});
