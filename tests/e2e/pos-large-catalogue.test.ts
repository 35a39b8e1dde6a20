/**
 * Issue #29 item 1 in real Chromium: large catalogue changes reach every tablet whole. A 5,000-row import
 * (through the real import route) and a +10 % "Actualizar precios" on a category of 2,500 products reach a
 * tablet that was caught up and a new one: each holds in IndexedDB exactly the server's active products,
 * at the server's prices, and the bar says "Todo sincronizado" only then (before, a page of 2,000 ended
 * inside the change's one revision and the rest never arrived, with "Todo sincronizado" on the bar).
 */
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../server/db/store';
import { SELLER_PASSWORD, serverAndBrowser } from './harness';
import { newDevice, signInAndOpenPos } from './pos-helpers';

const IMPORTED = 5000;
const IN_CATEGORY = 2500;

const { server, browser } = await serverAndBrowser();
const seller = await server.createSeller('marta');
let categoryId: number;

beforeAll(async () => {
  categoryId = (await server.api('POST', '/categories', { token: await server.adminToken(), body: { name: 'Masivos' } })).body.data.id;
});

/** id → price in cents of every active product on the server. */
async function serverPrices(): Promise<Record<string, number>> {
  const found = await server.app.store.read((q) => rows<{ id: number; price_cents: number }>(q, sql`SELECT id, price_cents FROM products WHERE deleted_at IS NULL`));
  return Object.fromEntries(found.map((p) => [String(p.id), Number(p.price_cents)]));
}

/** id → price in cents of every product the device holds, read straight from its IndexedDB. */
function devicePrices(page: Page): Promise<Record<string, number>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, number>>((resolve, reject) => {
        const open = indexedDB.open('mostrador');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('products').objectStore('products').getAll();
          request.onsuccess = () => {
            resolve(Object.fromEntries((request.result as { id: number; priceCents: number }[]).map((p) => [String(p.id), p.priceCents])));
            open.result.close();
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

const barText = (page: Page) => page.getByTestId('sync-status').innerText();

/** Waits until the device holds exactly the server's active catalogue and prices, and the bar says so. */
async function waitWhole(page: Page, expected: Record<string, number>): Promise<void> {
  await expect
    .poll(
      async () => {
        const held = await devicePrices(page);
        const wrong = Object.keys(expected).filter((id) => held[id] !== expected[id]).length;
        return { held: Object.keys(held).length, wrong };
      },
      { timeout: 60_000, interval: 500 },
    )
    .toEqual({ held: Object.keys(expected).length, wrong: 0 });
  expect(await devicePrices(page)).toEqual(expected);
  await expect.poll(() => barText(page), { timeout: 10_000, interval: 200 }).toContain('Todo sincronizado');
}

async function importRows(): Promise<void> {
  const token = await server.adminToken();
  const lines = ['Código;Nombre;Categoría;Precio;Stock'];
  for (let i = 1; i <= IMPORTED; i++) lines.push(`MAS-${i};Producto masivo ${i};${i <= IN_CATEGORY ? 'Masivos' : ''};${100 + (i % 900)};3`);
  const form = () => {
    const data = new FormData();
    data.append('file', new Blob([lines.join('\r\n')], { type: 'text/csv' }), 'productos.csv');
    return data;
  };
  const preview = await server.api('POST', '/products/import/preview', { token, form: form() });
  expect(preview.status, preview.body.message).toBe(200);
  expect(preview.body.data.creates).toBe(IMPORTED);
  const applied = await server.api('POST', `/products/import?fingerprint=${preview.body.data.fingerprint}`, { token, form: form() });
  expect(applied.status, applied.body.message).toBe(200);
}

describe('large catalogue changes', () => {
  it('a 5,000-row import and a +10 % update on 2,500 products reach a caught-up tablet and a new one whole', async () => {
    const caughtUp = await (await newDevice(browser)).newPage();
    await signInAndOpenPos(caughtUp, server.baseUrl, seller, SELLER_PASSWORD);
    await waitWhole(caughtUp, await serverPrices());

    await importRows();
    const afterImport = await serverPrices();
    expect(Object.keys(afterImport).length).toBeGreaterThan(IMPORTED);
    // The tablet comes back to the foreground: its sync pulls the import (3 pages of 2,000 and more).
    await caughtUp.evaluate(() => window.dispatchEvent(new Event('focus')));
    await waitWhole(caughtUp, afterImport);

    const updated = await server.api('POST', '/products/prices', {
      token: await server.adminToken(),
      body: { scope: 'category', categoryId, mode: 'percent', value: 10, rounding: 'none' },
    });
    expect(updated.body.data.updated).toBe(IN_CATEGORY);
    const afterUpdate = await serverPrices();
    expect(Object.keys(afterUpdate).filter((id) => afterUpdate[id] !== afterImport[id])).toHaveLength(IN_CATEGORY);
    await caughtUp.evaluate(() => window.dispatchEvent(new Event('focus')));
    await waitWhole(caughtUp, afterUpdate);

    // A new tablet pulls everything from cursor 0.
    const fresh = await (await newDevice(browser)).newPage();
    await signInAndOpenPos(fresh, server.baseUrl, seller, SELLER_PASSWORD);
    await waitWhole(fresh, afterUpdate);
  }, 240_000);
});
