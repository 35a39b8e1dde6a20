/**
 * Installable PWA in real Chromium: Chromium's own installability check, the service worker taking
 * control, the public pages and the last catalogue (with its images) opening with no network, a visitor's
 * service worker holding no staff code while a staff device holds every staff screen (the POS opens
 * offline though it was never opened online), and a new version waiting for the user's "Actualizar".
 */
import type { BrowserContext, Page } from 'playwright-core';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { precompressFile } from '../../scripts/lib/precompress';
import { ADMIN_PASSWORD, launchProfile, loginThroughForm, screenshot, startServer, type E2eServer } from './harness';
import { addProduct, checkout, openPos, waitForServiceWorker } from './pos-helpers';

const PRODUCT = 'Abrojo organizador de cables x10';
/** A copy of dist/ this server serves, so a test can publish a "new version" without touching dist/. */
const clientDir = mkdtempSync(path.join(tmpdir(), 'mostrador-cliente-'));
let server: E2eServer;
let profile: Awaited<ReturnType<typeof launchProfile>>;
let context: BrowserContext;
let page: Page;

async function createProductWithImage(): Promise<void> {
  const token = await server.adminToken();
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#dc004e' } }).png().toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'abrojo.png');
  const upload = await server.api('POST', '/upload', { token, form });
  const created = await server.api('POST', '/products', { token, body: { name: PRODUCT, price: 2500, stock: 40, image: upload.body.data.url } });
  expect(created.body.success).toBe(true);
}

beforeAll(async () => {
  cpSync(path.resolve('dist'), clientDir, { recursive: true });
  server = await startServer({ CLIENT_DIR: clientDir });
  await createProductWithImage();
  profile = await launchProfile();
  context = profile.context;
  page = context.pages()[0] ?? (await context.newPage());
});

afterAll(async () => {
  await profile?.close();
  await server?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** Staff chunks of this build, as src/sw.ts sees them (precache entries marked revision "staff"). */
function staffChunks(): string[] {
  const sw = readFileSync(path.join(clientDir, 'sw.js'), 'utf8');
  return [...sw.matchAll(/\{"revision":"staff","url":"([^"]+)"\}/g)].map((m) => `${server.baseUrl}/${m[1]}`);
}

/** Every URL held in the origin's Cache Storage, by cache name. */
const cachedUrls = () =>
  page.evaluate(async () => {
    const held: Record<string, string[]> = {};
    for (const name of await caches.keys()) held[name] = (await (await caches.open(name)).keys()).map((request) => request.url);
    return held;
  });

const imageLoaded = (name: string) =>
  page.waitForFunction((alt) => {
    const img = document.querySelector<HTMLImageElement>(`img[alt="${alt}"]`);
    return Boolean(img?.complete && img.naturalWidth > 0);
  }, name);

describe('installable PWA', () => {
  it('passes Chromium installability with a Spanish manifest', async () => {
    await page.goto(`${server.baseUrl}/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const manifest = await (await fetch(`${server.baseUrl}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({ lang: 'es-AR', display: 'standalone', start_url: '/app', short_name: 'Mostrador' });
    expect(manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    expect(manifest.shortcuts.map((shortcut: { name: string; url: string }) => `${shortcut.name} ${shortcut.url}`)).toEqual(['Punto de Venta /pos', 'Ventas /sales']);
  });

  it('never answers /api/ with the app shell', async () => {
    const response = await page.goto(`${server.baseUrl}/api/health`);
    expect(await response!.json()).toMatchObject({ success: true, data: { status: 'ok' } });
  });

  it('opens the landing, login and the last catalogue with no network', async () => {
    await page.goto(`${server.baseUrl}/catalog`);
    await page.locator('article', { hasText: PRODUCT }).waitFor();
    await imageLoaded(PRODUCT);
    const online = await page.getByText(/Mostrando 20 de \d+ productos/).innerText();

    await context.setOffline(true);
    try {
      await page.goto(`${server.baseUrl}/`);
      await page.getByRole('heading', { level: 1, name: 'TecnoPunto Accesorios' }).waitFor();
      await page.goto(`${server.baseUrl}/catalog`);
      await page.getByText(online).waitFor();
      await page.locator('article', { hasText: PRODUCT }).waitFor();
      await imageLoaded(PRODUCT);
      expect(await page.locator('article').count()).toBe(20);
      await screenshot(page, 'catalog-offline-desktop');
      await page.goto(`${server.baseUrl}/login`);
      await page.getByRole('button', { name: 'Iniciar Sesión' }).waitFor();
    } finally {
      await context.setOffline(false);
    }
  });

  it("a visitor's service worker holds the public pages and no staff code", async () => {
    await page.goto(`${server.baseUrl}/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const staff = staffChunks();
    expect(staff.some((url) => /\/assets\/PosPage-[^/]+\.js$/.test(url))).toBe(true);
    const held = Object.values(await cachedUrls()).flat();
    expect(held.some((url) => /\/assets\/CatalogPage-[^/]+\.js$/.test(url))).toBe(true);
    expect(held.filter((url) => staff.includes(url))).toEqual([]);
  });

  it('a staff device holds every staff screen: the POS opens offline though it was never opened online', async () => {
    await loginThroughForm(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
    await waitForServiceWorker(page);
    const held = (await cachedUrls())['mostrador-staff'] ?? [];
    expect(staffChunks().filter((url) => !held.includes(url))).toEqual([]);

    await context.setOffline(true);
    try {
      await page.goto(`${server.baseUrl}/pos`);
      await page.getByPlaceholder('Buscar producto...').waitFor();
    } finally {
      await context.setOffline(false);
    }
  });

  it('offers a new version and only switches when the user presses "Actualizar"', async () => {
    await page.goto(`${server.baseUrl}/catalog`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByPlaceholder('Buscar productos...').fill('abrojo');

    appendFileSync(path.join(clientDir, 'sw.js'), '\n// nueva versión\n');
    // A new build writes its own .br/.gz copies, which the browser is sent.
    await precompressFile(path.join(clientDir, 'sw.js'));
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration!.update()));
    await page.getByText('Nueva versión disponible').waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => Boolean(r!.waiting)))).toBe(true);
    // Nothing reloaded by itself: what the user typed is still there.
    expect(await page.getByPlaceholder('Buscar productos...').inputValue()).toBe('abrojo');

    // "Actualizar" reloads the page once the new worker takes over: wait for that load, not for text the old page also shows.
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Actualizar' }).click();
    await reloaded;
    await page.waitForFunction(() => navigator.serviceWorker.getRegistration().then((r) => !r!.waiting && Boolean(r!.active)));
    await page.getByText(/Mostrando 20 de \d+ productos/).waitFor();
    expect(await page.getByPlaceholder('Buscar productos...').inputValue()).toBe('');
    expect(await page.getByText('Nueva versión disponible').count()).toBe(0);
  });

  it('an open POS is told of a new version between sales, never during one (issue #38 item 4)', async () => {
    await page.goto(`${server.baseUrl}/pos`);
    if (page.url().endsWith('/login')) await loginThroughForm(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
    await openPos(page);
    await addProduct(page, PRODUCT);

    appendFileSync(path.join(clientDir, 'sw.js'), '\n// otra versión\n');
    await precompressFile(path.join(clientDir, 'sw.js'));
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration!.update()));
    await page.waitForFunction(() => navigator.serviceWorker.getRegistration().then((r) => Boolean(r?.waiting)));
    const prompt = page.getByText('Nueva versión disponible');
    await prompt.waitFor({ state: 'attached' });
    expect(await prompt.isVisible()).toBe(false);

    await checkout(page);
    await prompt.waitFor({ state: 'visible' });
  });
});
