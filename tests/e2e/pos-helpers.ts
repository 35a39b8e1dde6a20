/**
 * Helpers of the POS end-to-end suites: device contexts (service worker allowed when the test reloads
 * offline), sign-in, ringing up a sale through the real UI, and reading the truth from the real server
 * (sales by clientSaleId, product stock) and from the device (its IndexedDB outbox).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, loginThroughForm, type E2eServer } from './harness';

export interface DeviceOptions {
  /** 'allow' when the test reloads the app offline (served by the service worker). */
  serviceWorkers?: 'allow' | 'block';
  viewport?: { width: number; height: number };
}

export function newDevice(browser: Browser, options: DeviceOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    locale: 'es-AR',
    serviceWorkers: options.serviceWorkers ?? 'block',
    reducedMotion: 'reduce',
  });
}

/** Waits until the service worker controls the page and holds the staff screens (so an offline reload is served from its caches). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  const cached = await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    // Staff chunks are cached on a staff device only (src/sw.ts): wait until they all are.
    return new Promise<{ ok: boolean; error?: string }>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => resolve(event.data as { ok: boolean; error?: string });
      navigator.serviceWorker.controller!.postMessage({ type: 'CACHE_STAFF' }, [channel.port2]);
    });
  });
  if (!cached.ok) throw new Error(`El service worker no guardó las pantallas del personal: ${cached.error}`);
}

export async function signInAndOpenPos(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await loginThroughForm(page, baseUrl, username, password);
  await openPos(page);
}

/** Opens /pos and waits for the local catalogue to show products. */
export async function openPos(page: Page): Promise<void> {
  if (!page.url().endsWith('/pos')) await page.goto(new URL('/pos', page.url()).href);
  await page.getByTestId('pos-product').first().waitFor();
}

export const searchBox = (page: Page) => page.getByPlaceholder('Buscar producto...');
export const productCard = (page: Page, name: string) => page.getByRole('button', { name: `Agregar ${name}`, exact: true });

export const cartLine = (page: Page, name: string) => page.getByTestId('cart-line').filter({ hasText: name });

/** The quantity of `name` in the cart (0 when absent), read in one step: never waits for a line that just went away. */
export function cartQuantity(page: Page, name: string): Promise<number> {
  return cartLine(page, name)
    .getByTestId('cart-quantity')
    .evaluateAll((quantities) => (quantities.length ? Number(quantities[0].textContent) : 0));
}

/** Waits until the cart shows no line (a confirmed sale empties it; the screen follows the store a moment later). */
export async function waitCartEmpty(page: Page): Promise<void> {
  await page.getByTestId('cart-line').first().waitFor({ state: 'detached' });
}

/** Finds a product by typing its name, taps its card `times` times and waits for the cart to show it. */
export async function addProduct(page: Page, name: string, times = 1): Promise<void> {
  const line = cartLine(page, name);
  const before = await cartQuantity(page, name);
  await searchBox(page).fill(name);
  for (let i = 0; i < times; i += 1) await productCard(page, name).click();
  await line.getByTestId('cart-quantity').getByText(String(before + times), { exact: true }).waitFor();
  await searchBox(page).fill('');
}

/** "Procesar Venta" → "Completar Venta" → "Confirmar Venta"; waits for the spec's success text and the emptied cart. */
export async function checkout(page: Page, options: { method?: string; discount?: string; customer?: string } = {}): Promise<void> {
  await page.getByRole('button', { name: 'Procesar Venta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Completar Venta' });
  await dialog.waitFor();
  if (options.customer) await dialog.getByLabel('Nombre del cliente').fill(options.customer);
  if (options.discount) await dialog.getByLabel('Descuento').fill(options.discount);
  if (options.method) await dialog.getByRole('radio', { name: options.method }).click();
  await dialog.getByRole('button', { name: 'Confirmar Venta' }).click();
  await page.getByText('Venta registrada correctamente').last().waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await waitCartEmpty(page);
}

export interface DeviceSale {
  clientSaleId: string;
  deviceSeq: number;
  provisionalNumber: string;
  status: string;
  attempts: number;
  lastError: string | null;
  saleNumber: string | null;
  flags: string[];
}

/** The device's outbox, read straight from IndexedDB. */
export function deviceOutbox(page: Page): Promise<DeviceSale[]> {
  return page.evaluate(
    () =>
      new Promise<DeviceSale[]>((resolve, reject) => {
        const open = indexedDB.open('mostrador');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('outbox').objectStore('outbox').getAll();
          request.onsuccess = () => {
            resolve(request.result as DeviceSale[]);
            open.result.close();
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

/** Polls the device's outbox until `done` holds. */
export async function waitForOutbox(page: Page, done: (sales: DeviceSale[]) => boolean, timeoutMs = 30_000): Promise<DeviceSale[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const outbox = await deviceOutbox(page);
    if (done(outbox)) return outbox.sort((a, b) => a.deviceSeq - b.deviceSeq);
    if (Date.now() > deadline) throw new Error(`outbox: ${JSON.stringify(outbox.map((s) => [s.deviceSeq, s.status]))}`);
    await page.waitForTimeout(200);
  }
}

/** Writes one value of the device's meta store (IndexedDB), e.g. to simulate a credential the server no longer knows. */
export function setDeviceMeta(page: Page, key: string, value: unknown): Promise<void> {
  return page.evaluate(
    ([k, v]) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('mostrador');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('meta', 'readwrite');
          tx.objectStore('meta').put({ key: k, value: v });
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    [key, value] as const,
  );
}

/** Polls the device until it holds `expected` sales, all synced. */
export function waitAllSynced(page: Page, expected: number, timeoutMs = 30_000): Promise<DeviceSale[]> {
  return waitForOutbox(page, (sales) => sales.length === expected && sales.every((sale) => sale.status === 'synced'), timeoutMs);
}

export interface ServerSale {
  id: number;
  saleNumber: string;
  clientSaleId: string | null;
  deviceId: string | null;
  user: { id: number; fullName: string };
  flags: string[];
  total: number;
}

export async function serverSales(server: E2eServer): Promise<ServerSale[]> {
  const res = await server.api('GET', '/sales?limit=500', { token: await server.adminToken() });
  if (res.status !== 200) throw new Error(`GET /sales: ${res.status} ${res.body.message}`);
  return res.body.data as ServerSale[];
}

export async function createProduct(server: E2eServer, product: { name: string; code: string; price: number; stock: number }): Promise<number> {
  const res = await server.api('POST', '/products', { token: await server.adminToken(), body: product });
  if (res.status !== 201 && res.status !== 200) throw new Error(`POST /products: ${res.status} ${res.body.message}`);
  return res.body.data.id as number;
}

export async function productStock(server: E2eServer, id: number): Promise<number> {
  const res = await server.api('GET', `/products/${id}`, { token: await server.adminToken() });
  return res.body.data.stock as number;
}
