/**
 * Bulk price update in real Chromium (issue #15): the owner raises one category by 12 % rounded to
 * $ 100 from "Actualizar precios", the preview shows old and new prices of exactly those products,
 * applying changes only them on the server, and a POS tablet signed in as a seller pulls the new prices.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPage, money, productById } from './backoffice-helpers';
import { newContext, screenshot, SELLER_PASSWORD, serverAndBrowser } from './harness';
import { createProduct, newDevice, productCard, searchBox, signInAndOpenPos } from './pos-helpers';

let categoryId: number;
const inCategory: Record<string, number> = {};
let outside: number;

const { server, browser } = await serverAndBrowser();
const seller = await server.createSeller('lucia');
beforeAll(async () => {
  const token = await server.adminToken();
  categoryId = (await server.api('POST', '/categories', { token, body: { name: 'Infusiones' } })).body.data.id;
  for (const [name, code, price] of [
    ['Té verde en hebras', 'INF-1', 1250],
    ['Café molido 500 g', 'INF-2', 8399.5],
    ['Mate cocido x 50', 'INF-3', 2000],
  ] as const) {
    inCategory[name] = await createProduct(server, { name, code, price, stock: 10 });
    await server.api('PUT', `/products/${inCategory[name]}`, { token, body: { categoryId } });
  }
  outside = await createProduct(server, { name: 'Azúcar infusión 1 kg', code: 'AZU-1', price: 1250, stock: 10 });
});

/** The POS card of a product found by its name, as the seller sees it. */
async function posCardText(page: Page, name: string): Promise<string> {
  await searchBox(page).fill(name);
  await productCard(page, name).waitFor();
  return (await productCard(page, name).innerText()).replace(/\s+/g, ' ');
}

describe('bulk price update', () => {
  it('+12 % on a category rounded to $ 100 changes exactly those products, and a POS tablet pulls the new prices', async () => {
    const tablet = await (await newDevice(browser, { viewport: { width: 1024, height: 768 } })).newPage();
    await signInAndOpenPos(tablet, server.baseUrl, seller, SELLER_PASSWORD);
    expect(await posCardText(tablet, 'Té verde en hebras')).toContain(money(1250));

    const page = await adminPage(await newContext(browser, { width: 1024, height: 768 }), server);
    await page.goto(`${server.baseUrl}/products`);
    await page.getByRole('button', { name: 'Actualizar precios' }).click();
    const dialog = page.getByRole('dialog', { name: 'Actualizar precios' });
    await dialog.getByRole('combobox', { name: 'Categoría' }).click();
    await page.getByRole('option', { name: 'Infusiones', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Porcentaje (%)' }).fill('12');
    await dialog.getByRole('combobox', { name: 'Redondeo' }).click();
    await page.getByRole('option', { name: 'A $ 100', exact: true }).click();
    await dialog.getByRole('button', { name: 'Vista previa' }).click();
    const preview = dialog.getByRole('table', { name: 'Vista previa de precios' });
    await preview.waitFor();
    const rows = await preview.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())));
    expect(rows).toEqual([
      ['INF-2', 'Café molido 500 g', money(8399.5), money(9400)],
      ['INF-3', 'Mate cocido x 50', money(2000), money(2200)],
      ['INF-1', 'Té verde en hebras', money(1250), money(1400)],
    ]);
    await screenshot(page, 'backoffice-bulk-prices-tablet', false);
    await dialog.getByRole('button', { name: 'Aplicar a 3 producto(s)' }).click();
    await page.getByText('Precios actualizados: 3 producto(s)').waitFor();

    expect((await productById(server, inCategory['Té verde en hebras'])).price).toBe(1400);
    expect((await productById(server, inCategory['Café molido 500 g'])).price).toBe(9400);
    expect((await productById(server, inCategory['Mate cocido x 50'])).price).toBe(2200);
    expect((await productById(server, outside)).price).toBe(1250);

    // The tablet comes back to the foreground: its sync pulls the new prices.
    await tablet.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(() => posCardText(tablet, 'Té verde en hebras'), { timeout: 20_000, interval: 250 }).toContain(money(1400));
    expect(await posCardText(tablet, 'Café molido 500 g')).toContain(money(9400));
    expect(await posCardText(tablet, 'Mate cocido x 50')).toContain(money(2200));
    expect(await posCardText(tablet, 'Azúcar infusión 1 kg')).toContain(money(1250));
  });
});
