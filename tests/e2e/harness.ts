/**
 * End-to-end harness: the REAL server (buildApp) listening on a free port with the built client (dist/),
 * a temporary DATA_DIR and a known admin password, plus Debian's Chromium driven by playwright-core.
 * Pages are opened on http://localhost:<port> (a secure context, so the service worker runs).
 */
import { randomUUID } from 'node:crypto';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createTestPki, type TestPki } from '../../server/integrations/arca/simulator/pki';
import { SIMULATOR_DEMO_CUIT } from '../../server/modules/invoices/runtime';

export const ADMIN_PASSWORD = 'admin-e2e-clave';
export const SELLER_PASSWORD = 'vendedor-e2e-clave';
export const SCREENSHOT_DIR = path.resolve('tests/.artifacts/screenshots');
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };
const BROWSER_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

export interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: { success: boolean; message?: string; data?: any; pagination?: any };
}

export interface E2eServer {
  baseUrl: string;
  /** The running server (its database, for test setups that have no API yet). */
  app: Awaited<ReturnType<typeof buildApp>>;
  /** JSON call to the API (path without /api). */
  api: (method: string, apiPath: string, options?: { body?: unknown; token?: string; form?: FormData; headers?: Record<string, string> }) => Promise<Reply>;
  adminToken: () => Promise<string>;
  /** Registers a new counter device as the admin: its id and the credential headers for /sync calls. */
  registerDevice: (deviceName: string) => Promise<{ id: string; headers: Record<string, string> }>;
  /** Creates a vendedor once and returns its username. */
  createSeller: (username?: string) => Promise<string>;
  /** Its data folder and port: startServer(env, { dataDir, port }) starts it again after stop(). */
  dataDir: string;
  port: number;
  /** Stops the server and keeps its data (the devices see it down). */
  stop: () => Promise<void>;
  close: () => Promise<void>;
}

let demoPki: TestPki | undefined;

/**
 * A demo shop draws its ARCA simulator's test PKI (two RSA keys, signed with node-forge: seconds of CPU)
 * into DATA_DIR/arca-simulator/ the first time it starts, and reuses the files after that. Every e2e server
 * of a worker gets the same PKI already in place, as a shop that had started before.
 */
function seedDemoPki(dataDir: string): void {
  demoPki ??= createTestPki(SIMULATOR_DEMO_CUIT);
  const dir = path.join(dataDir, 'arca-simulator');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(path.join(dir, 'ca.pem'), demoPki.caCertPem);
  writeFileSync(path.join(dir, 'cert.pem'), demoPki.certPem);
  writeFileSync(path.join(dir, 'key.pem'), demoPki.keyPem, { mode: 0o600 });
}

/** `again`: the data folder and port of a server that stopped (E2eServer.stop), to start it again. */
export async function startServer(env: Record<string, string> = {}, again?: { dataDir: string; port: number }): Promise<E2eServer> {
  const clientDir = path.resolve('dist');
  if (!existsSync(path.join(clientDir, 'index.html'))) throw new Error('Falta dist/: ejecutá `npx vite build` antes de los e2e');
  const dataDir = again?.dataDir ?? mkdtempSync(path.join(tmpdir(), 'mostrador-e2e-'));
  if (!again) seedDemoPki(dataDir);
  const config = loadConfig({ ADMIN_PASSWORD, RATE_LIMIT_PER_MINUTE: '0', DEMO_DATA: 'true', CLIENT_DIR: clientDir, ...env }, { dataDir });
  const app = await buildApp(config);
  await app.listen({ port: again?.port ?? 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('El servidor no escucha en un puerto TCP');
  const baseUrl = `http://localhost:${address.port}`;

  const api: E2eServer['api'] = async (method, apiPath, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${baseUrl}/api${apiPath}`, {
      method,
      headers,
      body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : { success: res.ok } };
  };

  let token: string | undefined;
  const adminToken = async () => {
    if (token) return token;
    const res = await api('POST', '/auth/login', { body: { username: 'admin', password: ADMIN_PASSWORD } });
    if (!res.body.success) throw new Error(`login admin: ${res.status} ${res.body.message}`);
    token = res.body.data.token as string;
    return token;
  };
  const createSeller = async (username = 'vendedora') => {
    const res = await api('POST', '/users', {
      token: await adminToken(),
      body: { username, fullName: 'Vera Vendedora', password: SELLER_PASSWORD, role: 'vendedor' },
    });
    if (res.status >= 300 && res.status !== 409) throw new Error(`crear vendedor: ${res.status} ${res.body.message}`);
    return username;
  };

  const registerDevice = async (deviceName: string) => {
    const id = randomUUID();
    const res = await api('POST', '/sync/devices/register', { token: await adminToken(), body: { deviceId: id, deviceName } });
    if (res.status !== 201) throw new Error(`registrar dispositivo: ${res.status} ${res.body.message}`);
    return { id, headers: { 'x-device-id': id, 'x-device-key': res.body.data.deviceKey as string } };
  };

  return {
    baseUrl,
    app,
    api,
    adminToken,
    registerDevice,
    createSeller,
    dataDir,
    port: address.port,
    stop: () => app.close(),
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The shared setup of an e2e file (awaited at its top level): the server (env on top of the defaults)
 * and a browser, both closed after the file's tests.
 */
export async function serverAndBrowser(env: Record<string, string> = {}): Promise<{ server: E2eServer; browser: Browser }> {
  const server = await startServer(env);
  afterAll(() => server.close());
  const browser = await launchBrowser();
  afterAll(() => browser.close());
  return { server, browser };
}

/** `extraArgs`: more Chromium flags, e.g. `--host-resolver-rules=MAP pos.lan 127.0.0.1` (a LAN name, never a real lookup). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [...BROWSER_ARGS, ...extraArgs],
  });
}

/**
 * A browser with a real (non-incognito) profile in a temporary folder, as an installed PWA has:
 * Chromium reports "in-incognito" as an installability error otherwise.
 */
export async function launchProfile(viewport = DESKTOP): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const profileDir = mkdtempSync(path.join(tmpdir(), 'mostrador-perfil-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: BROWSER_ARGS,
    viewport,
    locale: 'es-AR',
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(15_000);
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}

/** A fresh incognito profile with service workers blocked (each test sees the network's answers). */
export async function newContext(browser: Browser, viewport = DESKTOP): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, locale: 'es-AR', serviceWorkers: 'block', reducedMotion: 'reduce' });
  context.setDefaultTimeout(15_000);
  return context;
}

/**
 * With MOSTRADOR_SCREENSHOTS=1, saves tests/.artifacts/screenshots/<name>.png (the whole page unless
 * `fullPage` is false, e.g. dialogs) for a person to look at. Off by default: the layout checks that
 * follow each call prove what the pictures show, and the pictures were a fifth of a screen test's time.
 */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  if (process.env.MOSTRADOR_SCREENSHOTS !== '1') return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

/**
 * Goes to `path` inside the running app, as a link would (history entry + popstate, which react-router's
 * BrowserRouter follows): the screen changes without reloading and re-parsing the bundle. Screen tests
 * that walk many pages use it; a test about what a fresh load does still uses `page.goto`.
 */
export async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
}

/** Signs in through the login form and waits for the dashboard. */
export async function loginThroughForm(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Usuario').fill(username);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await page.waitForURL('**/dashboard');
}
