/**
 * Reportes in real Chromium (issue #15 item 6): the admin opens the screen from the navigation and sees,
 * for the current month, the total and count, the tables by category, by seller and margin per product
 * exactly as the seeded sales make them (a cancelled sale adds nothing), the daily chart with one bar per day
 * of the range (days without sales at zero); an end date before the start is refused with a Spanish message.
 */
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { firstOfMonthString, todayString } from '../../src/ui/dates';
import { adminPage, createSale, money, waitForText } from './backoffice-helpers';
import { newContext, screenshot, SELLER_PASSWORD, serverAndBrowser } from './harness';

const { server, browser } = await serverAndBrowser({ DEMO_DATA: 'false' });
beforeAll(async () => {
  const token = await server.adminToken();
  const seller = await server.createSeller('vera');
  const sellerToken = (await server.api('POST', '/auth/login', { body: { username: seller, password: SELLER_PASSWORD } })).body.data.token as string;
  const category = async (name: string) => (await server.api('POST', '/categories', { token, body: { name } })).body.data.id as number;
  const [drinks, pantry] = [await category('Bebidas'), await category('Almacén')];
  const product = async (name: string, price: number, cost: number, categoryId: number) =>
    (await server.api('POST', '/products', { token, body: { name, price, cost, stock: 100, categoryId } })).body.data.id as number;
  const water = await product('Agua mineral', 1000, 600, drinks);
  const rice = await product('Arroz largo fino', 2500, 1500, pantry);
  await createSale(server, { items: [{ productId: water, quantity: 3 }, { productId: rice, quantity: 1 }], paymentMethod: 'efectivo' });
  await createSale(server, { items: [{ productId: rice, quantity: 2 }], paymentMethod: 'tarjeta' }, sellerToken);
  const cancelled = await createSale(server, { items: [{ productId: water, quantity: 10 }], paymentMethod: 'efectivo' }, sellerToken);
  expect((await server.api('POST', `/sales/${cancelled.id}/cancel`, { token })).status).toBe(200);
});

const cellsOf = (table: Locator) =>
  table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => (td.textContent ?? '').replace(/\s+/g, ' ').trim())));

describe('Reportes', () => {
  it('shows the figures of the seeded sales and refuses an end before the start', async () => {
    const page = await adminPage(await newContext(browser, { width: 1024, height: 768 }), server);
    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Reportes' }).click();
    await page.waitForURL('**/reports');
    await waitForText(page.getByTestId('report-total'), money(10500));
    expect(await page.getByTestId('report-count').innerText()).toBe('2');
    const days = (Date.parse(todayString()) - Date.parse(firstOfMonthString())) / 86_400_000 + 1;
    expect(await page.getByRole('group', { name: 'Días del período' }).innerText()).toContain(String(days));

    expect(await cellsOf(page.getByRole('table', { name: 'Ventas por categoría' }))).toEqual([
      ['Almacén', '3', money(7500), money(3000)],
      ['Bebidas', '3', money(3000), money(1200)],
    ]);
    expect(await cellsOf(page.getByRole('table', { name: 'Ventas por vendedor' }))).toEqual([
      ['Administrador', '1', money(5500)],
      ['Vera Vendedora', '1', money(5000)],
    ]);
    expect(await cellsOf(page.getByRole('table', { name: 'Margen por producto' }))).toEqual([
      ['Arroz largo fino', '3', money(7500), money(4500), money(3000), '40 %'],
      ['Agua mineral', '3', money(3000), money(1800), money(1200), '40 %'],
    ]);
    const hours = await cellsOf(page.getByRole('table', { name: 'Ventas por hora del día' }));
    expect(hours.reduce((n, row) => n + Number(row[1]), 0)).toBe(2);
    await page.getByLabel('Gráfico de ventas por día').locator('.recharts-bar-rectangle').first().waitFor({ state: 'attached' });
    expect(await page.getByLabel('Gráfico de ventas por día').locator('.recharts-bar-rectangle').count()).toBe(days);
    await screenshot(page, 'backoffice-reports-tablet');

    await page.getByRole('button', { name: 'Fecha Desde', exact: true }).click();
    await page.locator('[data-direction="next"]').first().click();
    await page.locator('table button[data-outside]:not([data-outside="true"]), table button:not([data-outside])').nth(14).click();
    await page.getByRole('button', { name: 'Ver reporte' }).click();
    await page.getByRole('alert').filter({ hasText: 'La fecha hasta no puede ser anterior a la fecha desde' }).waitFor();
    expect(await page.getByTestId('report-total').innerText()).toBe(money(10500));
  });
});
