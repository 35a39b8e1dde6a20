/**
 * Helpers of the back-office end-to-end suites: a PNG made with sharp, sales created through the real
 * API, the admin's or a seller's page, the theme before the app starts, and waiting for a text in an
 * element (playwright-core has no auto-retrying assertions).
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import { ADMIN_PASSWORD, DESKTOP, loginThroughForm, newContext, type E2eServer } from './harness';

export interface ApiProduct {
  id: number;
  name: string;
  price: number;
  cost: number;
  stock: number;
  minStock: number;
  image: string | null;
}

/** A real PNG (solid colour) for upload tests. */
export function pngImage(color = '#4caf50', width = 320, height = 240): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
}

export async function productByName(server: E2eServer, name: string): Promise<ApiProduct> {
  const res = await server.api('GET', `/products?limit=10000&search=${encodeURIComponent(name)}`, { token: await server.adminToken() });
  const found = (res.body.data as ApiProduct[]).find((p) => p.name === name);
  if (!found) throw new Error(`No existe el producto ${name}`);
  return found;
}

export async function productById(server: E2eServer, id: number): Promise<ApiProduct> {
  return (await server.api('GET', `/products/${id}`, { token: await server.adminToken() })).body.data as ApiProduct;
}

/** POST /api/sales; returns the created sale. */
export async function createSale(
  server: E2eServer,
  body: { items: { productId: number; quantity: number }[]; paymentMethod: string; discount?: number; customerName?: string; notes?: string },
  token?: string,
) {
  const res = await server.api('POST', '/sales', { token: token ?? (await server.adminToken()), body });
  expect(res.status, res.body.message).toBe(201);
  return res.body.data as { id: number; saleNumber: string; total: number; items: { quantity: number; unitPrice: number }[] };
}

/** A context whose app starts in the given theme (localStorage themeMode, docs/spec.md §4). */
export async function themedContext(browser: Browser, mode: 'light' | 'dark', viewport = DESKTOP): Promise<BrowserContext> {
  const context = await newContext(browser, viewport);
  await context.addInitScript((m) => localStorage.setItem('themeMode', m), mode);
  return context;
}

/** Signs in as the admin in a new page of `context`. */
export async function adminPage(context: BrowserContext, server: E2eServer): Promise<Page> {
  const page = await context.newPage();
  await loginThroughForm(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
  return page;
}

/** Waits until `locator`'s text is exactly `text` (after trimming) and returns it. */
export async function waitForText(locator: Locator, text: string, timeout = 10_000): Promise<string> {
  const deadline = Date.now() + timeout;
  let last = '';
  while (Date.now() < deadline) {
    last = (await locator.innerText({ timeout }).catch(() => '')).replace(/\s+/g, ' ').trim();
    if (last === text) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Se esperaba «${text}», se vio «${last}»`);
}

/** The value shown in a stat card (role=group named by its label). */
export const statValue = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true }).locator('p').nth(1);

/** es-AR money as the app formats it. */
export function money(amount: number): string {
  return new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS', minimumFractionDigits: 2 }).format(amount).replace(/\u00a0/g, ' ');
}

/** Waits until the image element has really loaded (the user sees it, not a broken icon). */
export async function waitForImageLoaded(image: Locator): Promise<void> {
  await image.waitFor();
  const handle = await image.elementHandle();
  await image.page().waitForFunction((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0, handle);
}

/**
 * Sideways page scroll, tables that need sideways scrolling (their actions would be off-screen) and
 * interactive controls smaller than 44 px, inside the screen and its dialogs.
 */
export async function layoutProblems(page: Page): Promise<{ overflow: boolean; scrolledTables: string[]; small: string[] }> {
  return page.evaluate(() => {
    const roots = [...document.querySelectorAll('main, [role=dialog], [role=listbox]')];
    const controls = roots.flatMap((root) => [...root.querySelectorAll('button, [role=tab], [role=combobox], [role=option], input[type=text], input:not([type]), textarea')]);
    const small = controls
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && (r.width < 43.5 || r.height < 43.5);
      })
      .map((el) => `${el.tagName} «${el.getAttribute('aria-label') ?? el.textContent?.trim()}» ${Math.round(el.getBoundingClientRect().width)}×${Math.round(el.getBoundingClientRect().height)}`);
    const scrolledTables = roots
      .flatMap((root) => [...root.querySelectorAll('table')])
      .filter((table) => {
        let box: HTMLElement | null = table.parentElement;
        while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
        return box !== null && box.scrollWidth > box.clientWidth + 1;
      })
      .map((table) => table.getAttribute('aria-label') ?? 'tabla');
    return { overflow: document.documentElement.scrollWidth > window.innerWidth + 1, scrolledTables, small: [...new Set(small)] };
  });
}
