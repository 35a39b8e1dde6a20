/**
 * Sales they can find and errors that are not data (issue #15), in real Chromium against the real server:
 * search by customer and product, filter by seller and status with the filtered count and total; who
 * cancelled a sale and when in its detail; and when the sales list, the dashboard or the products fail
 * to load, the error with "Reintentar" instead of "No hay ventas", $ 0,00 or "No hay productos".
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPage, createSale, money, waitForText } from './backoffice-helpers';
import { newContext, SELLER_PASSWORD, serverAndBrowser } from './harness';

let context: BrowserContext;
let page: Page;
const sales: { id: number; saleNumber: string; total: number }[] = [];

const { server, browser } = await serverAndBrowser();
beforeAll(async () => {
  const token = await server.adminToken();
  const sellerName = await server.createSeller('tomas');
  const sellerToken = (await server.api('POST', '/auth/login', { body: { username: sellerName, password: SELLER_PASSWORD } })).body.data.token as string;
  const make = async (name: string, price: number) => (await server.api('POST', '/products', { token, body: { name, price, stock: 50 } })).body.data.id as number;
  const alfajor = await make('Alfajor triple buscable', 1500);
  const turron = await make('Turrón buscable', 700);
  sales.push(await createSale(server, { items: [{ productId: alfajor, quantity: 2 }], paymentMethod: 'efectivo', customerName: 'Graciela Ñandú' }));
  sales.push(await createSale(server, { items: [{ productId: turron, quantity: 1 }], paymentMethod: 'efectivo' }, sellerToken));
  sales.push(await createSale(server, { items: [{ productId: alfajor, quantity: 1 }], paymentMethod: 'tarjeta' }, sellerToken));
  expect((await server.api('POST', `/sales/${sales[2].id}/cancel`, { token })).status).toBe(200);
  context = await newContext(browser, { width: 1024, height: 768 });
  page = await adminPage(context, server);
});

const totals = () => page.getByTestId('sales-totals');
const saleRows = () => page.getByRole('table').locator('tbody tr');

async function filterBy(search: string) {
  await page.getByRole('textbox', { name: 'Buscar' }).fill(search);
  await page.getByRole('button', { name: 'Filtrar' }).click();
}

async function pick(label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('sales they can find', () => {
  it('searches by customer and product, filters by seller and status, with the filtered count and total', async () => {
    await page.goto(`${server.baseUrl}/sales`);
    await filterBy('ñandú');
    await waitForText(totals(), `1 venta(s) · Total ${money(3000)} (cobrado, neto de devoluciones y reembolsos)`);
    expect(await saleRows().first().innerText()).toContain(sales[0].saleNumber);

    await filterBy('buscable');
    await waitForText(totals(), `3 venta(s) · Total ${money(3700)} (cobrado, neto de devoluciones y reembolsos)`);
    await pick('Vendedor', 'Vera Vendedora');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await waitForText(totals(), `2 venta(s) · Total ${money(700)} (cobrado, neto de devoluciones y reembolsos)`);
    await pick('Estado', 'Cancelado');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await waitForText(totals(), `1 venta(s) · Total ${money(0)} (cobrado, neto de devoluciones y reembolsos)`);

    await saleRows().first().getByRole('button', { name: /Ver/ }).click();
    const detail = page.getByRole('dialog', { name: /^Detalle de Venta/ });
    await detail.getByText(/ por Administrador$/).waitFor();
  });

  it('a failed load shows the error and "Reintentar", never empty data', async () => {
    let failing = true;
    await page.route('**/api/sales?**', (route) =>
      failing ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Error al obtener ventas' }) }) : route.fallback(),
    );
    await page.goto(`${server.baseUrl}/sales`);
    await page.getByRole('button', { name: 'Reintentar' }).waitFor();
    expect(await page.getByText('No hay ventas para mostrar').count()).toBe(0);
    expect(await totals().count()).toBe(0);
    failing = false;
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await waitForText(totals(), `3 venta(s) · Total ${money(3700)} (cobrado, neto de devoluciones y reembolsos)`);

    failing = true;
    await page.route('**/api/sales/summary**', (route) =>
      failing ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Error al obtener resumen' }) }) : route.fallback(),
    );
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByRole('button', { name: 'Reintentar' }).waitFor({ timeout: 20_000 });
    // No summary figure reads $ 0,00 (the monotributo card's own total answered: it is data, not the failed summary).
    const zerosOutsideMonotributo = (text: string) =>
      [...document.querySelectorAll('body *')].filter((el) => el.children.length === 0 && (el.textContent ?? '').includes(text) && !el.closest('[aria-label="Monotributo"]')).length;
    expect(await page.evaluate(zerosOutsideMonotributo, money(0))).toBe(0);
    failing = false;
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await page.getByRole('group', { name: 'Facturación', exact: true }).waitFor();

    await page.route('**/api/products?**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Error al obtener productos' }) }));
    await page.goto(`${server.baseUrl}/products`);
    await page.getByRole('button', { name: 'Reintentar' }).waitFor({ timeout: 20_000 });
    expect(await page.getByText('No hay productos para mostrar').count()).toBe(0);
    await page.unroute('**/api/products?**');
    await page.unroute('**/api/sales?**');
    await page.unroute('**/api/sales/summary**');
  });
});
