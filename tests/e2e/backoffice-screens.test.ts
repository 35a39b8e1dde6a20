/**
 * Every back-office screen at desktop (1280×800) and tablet (1024×768, 768×1024) widths, light and dark:
 * screenshots under tests/.artifacts/screenshots/, no sideways scroll of the page nor of its tables,
 * touch targets of at least 44 px; and the dashboard's charts chunk (recharts) is loaded lazily, never
 * by the public pages.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '../../domain/constants';
import { pushedSale } from '../helpers/fixtures';
import { adminPage, createSale, layoutProblems, pngImage, statValue, themedContext, waitForText, type ApiProduct } from './backoffice-helpers';
import { DESKTOP, newContext, screenshot, serverAndBrowser, visit } from './harness';

const VIEWPORTS = [
  ['desktop', DESKTOP],
  ['tablet-landscape', { width: 1024, height: 768 }],
  ['tablet-portrait', { width: 768, height: 1024 }],
] as const;
const SETTINGS_TABS = [
  ['negocio', 'Nombre del negocio'],
  ['categorias', 'Nueva Categoría'],
  ['marcas', 'Nueva Marca'],
  ['numeracion', 'Vista previa del próximo número'],
  ['usuarios', 'Nuevo Usuario'],
  ['dispositivos', 'Mostrador 1'],
  ['facturacion', 'Datos del emisor'],
] as const;

async function check(page: Page, name: string, fullPage = true): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await screenshot(page, name, fullPage);
  const problems = await layoutProblems(page);
  expect(problems, name).toEqual({ overflow: false, scrolledTables: [], small: [] });
}

const { server, browser } = await serverAndBrowser();
beforeAll(async () => {
  const token = await server.adminToken();
  const products = ((await server.api('GET', '/products?limit=10000&active=true', { token })).body.data as ApiProduct[]).filter((p) => p.stock >= 5);
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(await pngImage('#dc004e'))], { type: 'image/png' }), 'foto.png');
  const upload = await server.api('POST', '/upload', { token, form });
  await server.api('PUT', `/products/${products[0].id}`, { token, body: { image: upload.body.data.url } });
  await createSale(server, { items: [{ productId: products[0].id, quantity: 2 }], paymentMethod: 'efectivo', discount: 500, notes: 'Envolver para regalo' });
  await createSale(server, { items: [{ productId: products[1].id, quantity: 1 }, { productId: products[2].id, quantity: 2 }], paymentMethod: 'tarjeta', customerName: 'Ana Pérez' });
  await createSale(server, { items: [{ productId: products[3].id, quantity: 1 }], paymentMethod: 'transferencia' });
  const admin = (await server.api('GET', '/users', { token })).body.data[0];
  const device = await server.registerDevice('Caja');
  await server.api('POST', '/sync/push', {
    headers: device.headers,
    token,
    body: {
      deviceId: device.id,
      deviceName: 'Mostrador 1',
      schemaVersion: SYNC_SCHEMA_VERSION,
      sales: [pushedSale(1, [{ productId: products[4].id, quantity: products[4].stock + 1, unitPrice: products[4].price - 500 }], { sellerId: admin.id })],
    },
  });
  for (const [name, email] of [['Lucía Gómez', 'lucia@example.com'], ['Pedro Ruiz', 'pedro@example.com']]) {
    await server.api('POST', '/contact', { body: { name, email, phone: '11 5555-1234', subject: 'Consulta', message: 'Hola, quisiera saber si tienen stock y el horario del local.', productId: products[0].id } });
  }
});

describe('back-office screens', () => {
  // Each size once, in one theme or the other: the theme changes colours, never sizes (a11y-screens checks
  // every screen's contrast in both themes).
  for (const [index, [tag, viewport]] of VIEWPORTS.entries()) {
    const theme = index % 2 === 0 ? 'light' : 'dark';
    it(`render at ${viewport.width}×${viewport.height} in ${theme} mode with touch-sized controls`, async () => {
      const context = await themedContext(browser, theme, viewport);
      const page = await adminPage(context, server);
      const shot = (screen: string, fullPage = true) => check(page, `backoffice-${screen}-${tag}-${theme}`, fullPage);
      const dialog = page.getByRole('dialog');
      const closeDialog = async () => {
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      };

      await waitForText(statValue(page, 'Total Ventas'), '4', 20_000);
      await page.getByLabel('Ventas por día').locator('svg').first().waitFor();
      await shot('dashboard');

      await visit(page, '/products');
      await page.getByText(/^Mostrando \d+ producto\(s\)$/).waitFor();
      await shot('products');
      await page.getByRole('button', { name: 'Editar' }).first().click();
      await dialog.getByRole('img', { name: 'Vista previa: Imagen' }).waitFor();
      await shot('product-dialog', false);
      await closeDialog();

      await visit(page, '/sales');
      await page.getByRole('button', { name: /^Ver venta/ }).first().waitFor();
      await shot('sales');
      await page.getByRole('button', { name: 'Fecha Desde', exact: true }).click();
      await page.getByRole('button', { name: /^\d+ / }).first().waitFor();
      await shot('sales-date-picker', false);
      await page.keyboard.press('Escape');
      await page.getByRole('combobox', { name: 'Método de Pago' }).click();
      await page.getByRole('option', { name: 'Transferencia' }).waitFor();
      await shot('sales-method-select', false);
      await page.keyboard.press('Escape');
      await page.getByRole('row').filter({ hasText: 'Sobreventa' }).getByRole('button', { name: /^Ver venta/ }).click();
      await dialog.getByText('Sobreventa').waitFor();
      await shot('sale-detail', false);
      await closeDialog();

      await visit(page, '/contact-messages');
      await page.getByRole('button', { name: 'Ver mensaje de Lucía Gómez' }).waitFor();
      await shot('messages');
      await page.getByRole('button', { name: 'Ver mensaje de Lucía Gómez' }).click();
      await dialog.getByText('Notas internas').waitFor();
      await shot('message-detail', false);
      await closeDialog();

      for (const [tab, marker] of SETTINGS_TABS) {
        await visit(page, `/settings?tab=${tab}`);
        await page.getByText(marker).first().waitFor();
        await shot(`settings-${tab}`);
      }
      await context.close();
    });
  }
});

describe('charts chunk', () => {
  const manifest = JSON.parse(readFileSync(path.resolve('dist/.vite/manifest.json'), 'utf8')) as Record<string, { file: string; imports?: string[] }>;
  const chartsFile = manifest['src/features/dashboard/DashboardCharts.tsx'].file;

  it('is not imported statically by the dashboard and is never requested by the public pages', async () => {
    const staticClosure = (key: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(key)) return seen;
      seen.add(key);
      for (const next of manifest[key].imports ?? []) staticClosure(next, seen);
      return seen;
    };
    expect([...staticClosure('src/features/dashboard/DashboardPage.tsx')].map((k) => manifest[k].file)).not.toContain(chartsFile);
    expect(readFileSync(path.resolve('dist', chartsFile), 'utf8')).toMatch(/recharts/);

    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${server.baseUrl}/`);
    await page.getByText('Ver Catálogo').first().waitFor();
    await page.goto(`${server.baseUrl}/catalog`);
    await page.getByRole('heading', { name: 'Nuestro Catálogo' }).waitFor();
    await page.locator('article').first().waitFor();
    expect(requested.some((p) => p.startsWith('/assets/'))).toBe(true);
    expect(requested.filter((p) => p.includes('DashboardCharts'))).toEqual([]);

    await page.goto(`${server.baseUrl}/login`);
    const admin = await adminPage(context, server);
    const dashboardRequests: string[] = [];
    admin.on('request', (request) => dashboardRequests.push(new URL(request.url()).pathname));
    await admin.reload();
    await admin.getByLabel('Ventas por día').locator('svg').first().waitFor();
    expect(dashboardRequests).toContain(`/${chartsFile}`);
    await context.close();
  });
});
