/**
 * The back office without a connection (issue #14 item 11): after the network goes (an offline start
 * from the installed app's cache), every back-office screen says "Sin conexión" and that the POS keeps
 * working, and a failed load shows the error — never "$ 0,00" or "No hay ventas para mostrar". A load that
 * failed for want of a connection is titled «Sin conexión», not «No se pudieron cargar los datos» (issue
 * #29 item 5), also when the browser has a network but the server does not answer.
 */

import { beforeAll, describe, expect, it } from 'vitest';
import { createSale } from './backoffice-helpers';
import { ADMIN_PASSWORD, loginThroughForm, serverAndBrowser } from './harness';
import { createProduct, newDevice, waitForServiceWorker } from './pos-helpers';

const { server, browser } = await serverAndBrowser({ DEMO_DATA: 'false' });
beforeAll(async () => {
  const product = await createProduct(server, { name: 'Té en saquitos', code: 'OFF-1', price: 1500, stock: 10 });
  await createSale(server, { items: [{ productId: product, quantity: 2 }], paymentMethod: 'efectivo' });
});

describe('back office offline', () => {
  it('says "Sin conexión" and what still works, and never shows a failed load as zeros or an empty list', async () => {
    const context = await newDevice(browser, { serviceWorkers: 'allow', viewport: { width: 1024, height: 768 } });
    const page = await context.newPage();
    await loginThroughForm(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
    await waitForServiceWorker(page);
    expect(await page.getByRole('status').filter({ hasText: 'sigue funcionando' }).count()).toBe(0);

    await context.setOffline(true);
    await page.reload();
    const notice = page.getByRole('status').filter({ hasText: 'sigue funcionando' });
    await notice.waitFor();
    expect(await notice.innerText()).toMatch(/^Sin conexión[\s\S]*Punto de Venta sigue funcionando/);
    await page.getByRole('alert').filter({ hasText: 'Sin conexión' }).first().waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'No se pudieron cargar' }).count()).toBe(0);
    expect(await page.locator('main').getByText('$ 0,00').filter({ visible: true }).count()).toBe(0);

    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Ventas' }).click();
    await page.getByRole('alert').filter({ hasText: 'Sin conexión' }).first().waitFor();
    await notice.waitFor();
    expect(await page.getByText('No hay ventas para mostrar').filter({ visible: true }).count()).toBe(0);

    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Punto de Venta' }).click();
    await page.waitForURL('**/pos');
    await notice.waitFor({ state: 'detached' });

    // The network is back but the server does not answer: the same words, from the sync engine's probe.
    await context.setOffline(false);
    await context.route('**/api/**', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Abrir menú' }).click(); // on /pos the navigation is a drawer
    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await notice.waitFor({ timeout: 20_000 });
    await page.getByRole('alert').filter({ hasText: 'Sin conexión' }).first().waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'No se pudieron cargar' }).count()).toBe(0);

    await context.close();
  });
});
