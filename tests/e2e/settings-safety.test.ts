/**
 * Settings never destroy what they did not load or did not ask about, in real Chromium against the
 * real server on a tablet viewport: a business-info or numbering load that fails shows the error with
 * "Reintentar" and "Guardar" disabled (no PUT is ever sent); deleting a category or brand in use names
 * how many products use it and asks where they go.
 */
import type { BrowserContext, Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPage } from './backoffice-helpers';
import { newContext, SELLER_PASSWORD, serverAndBrowser } from './harness';

const TABLET = { width: 1024, height: 768 };

let context: BrowserContext;
let page: Page;
let admin: string;
const writes: string[] = [];

const openTab = async (name: string) => {
  await page.getByRole('tab', { name }).click();
  await page.getByRole('tab', { name, selected: true }).waitFor();
};

const { server, browser } = await serverAndBrowser();
beforeAll(async () => {
  context = await newContext(browser, TABLET);
  page = await adminPage(context, server);
  admin = await server.adminToken();
  page.on('request', (request: Request) => {
    if (request.method() !== 'GET') writes.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
});

describe('a form never saves what it never loaded', () => {
  it('business info: a 500 on load shows the error and Reintentar, Guardar is disabled; Reintentar brings the real data', async () => {
    const failing = '**/api/business-info';
    await page.route(failing, (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Error interno del servidor' }) })
        : route.continue(),
    );
    await page.goto(`${server.baseUrl}/settings`);
    const alert = page.getByRole('alert').filter({ hasText: 'No se pudieron cargar los datos' });
    await alert.waitFor();
    expect(await alert.isVisible()).toBe(true);
    const box = await alert.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(TABLET.height);
    expect(await page.getByRole('textbox', { name: 'Nombre del negocio' }).count()).toBe(0);
    const save = page.getByRole('button', { name: 'Guardar Información' });
    expect(await save.isDisabled()).toBe(true);
    await save.click({ force: true });
    await page.keyboard.press('Enter');
    expect(writes.filter((w) => w.includes('business-info'))).toEqual([]);

    await page.unroute(failing);
    await alert.getByRole('button', { name: 'Reintentar' }).click();
    const name = page.getByRole('textbox', { name: 'Nombre del negocio' });
    await name.waitFor();
    const stored = (await server.api('GET', '/business-info')).body.data.businessName;
    expect(await name.inputValue()).toBe(stored);
    expect(await save.isEnabled()).toBe(true);
  });

  it('sales numbering: a failed load shows Reintentar and a disabled Guardar', async () => {
    const failing = '**/api/configuration?*';
    await page.route(failing, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"message":"Error interno del servidor"}' }));
    await openTab('Numeración de Ventas');
    const alert = page.getByRole('alert').filter({ hasText: 'No se pudieron cargar los datos' });
    await alert.waitFor();
    expect(await page.getByRole('button', { name: 'Guardar Configuración' }).isDisabled()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Formato' }).count()).toBe(0);
    await page.unroute(failing);
    await alert.getByRole('button', { name: 'Reintentar' }).click();
    await page.getByRole('textbox', { name: 'Formato' }).waitFor();
    expect(writes.filter((w) => w.includes('configuration'))).toEqual([]);
  });
});

describe('deleting a category or brand in use', () => {
  it('names the count and moves the products to the chosen category', async () => {
    const make = async (name: string) => (await server.api('POST', '/categories', { token: admin, body: { name } })).body.data.id as number;
    const from = await make('Origen e2e');
    const to = await make('Destino e2e');
    const products: number[] = [];
    for (const name of ['Uno e2e', 'Dos e2e']) {
      products.push((await server.api('POST', '/products', { token: admin, body: { name, price: 1, stock: 0, categoryId: from } })).body.data.id);
    }
    await page.goto(`${server.baseUrl}/settings`);
    await openTab('Categorías');
    await page.getByRole('button', { name: 'Eliminar Origen e2e' }).click();
    await page.getByRole('dialog', { name: 'Confirmar' }).getByRole('button', { name: 'Eliminar' }).click();
    const inUse = page.getByRole('dialog', { name: 'Eliminar categoría' });
    await inUse.getByText('está en uso por 2 productos').waitFor();
    expect(await inUse.getByRole('button', { name: 'Eliminar' }).isDisabled()).toBe(true);
    await inUse.getByRole('combobox', { name: 'Nueva categoría' }).click();
    await page.getByRole('option', { name: 'Destino e2e', exact: true }).click();
    await inUse.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('Categoría eliminada correctamente').waitFor();
    for (const id of products) expect((await server.api('GET', `/products/${id}`, { token: admin })).body.data.categoryId).toBe(to);
  });

  it('a brand in use can be deleted leaving its products without a brand, and Cancelar changes nothing', async () => {
    const brand = (await server.api('POST', '/brands', { token: admin, body: { name: 'Marca e2e' } })).body.data.id as number;
    const product = (await server.api('POST', '/products', { token: admin, body: { name: 'Con marca e2e', price: 1, stock: 0, brandId: brand } })).body.data.id;
    await openTab('Marcas');
    const remove = async () => {
      await page.getByRole('button', { name: 'Eliminar Marca e2e' }).click();
      await page.getByRole('dialog', { name: 'Confirmar' }).getByRole('button', { name: 'Eliminar' }).click();
      const dialog = page.getByRole('dialog', { name: 'Eliminar marca' });
      await dialog.getByText('está en uso por 1 producto').waitFor();
      return dialog;
    };
    await (await remove()).getByRole('button', { name: 'Cancelar' }).click();
    expect((await server.api('GET', `/brands/${brand}`, { token: admin })).status).toBe(200);

    const dialog = await remove();
    await dialog.getByRole('radio', { name: 'Dejarlos sin marca' }).check();
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('Marca eliminada correctamente').waitFor();
    expect((await server.api('GET', `/products/${product}`, { token: admin })).body.data.brandId).toBeNull();
  });
});

describe('what sellers see', () => {
  it('the admin turns on "Los vendedores ven costos" and a seller gets the cost from then on', async () => {
    const username = await server.createSeller();
    const sellerToken = (await server.api('POST', '/auth/login', { body: { username, password: SELLER_PASSWORD } })).body.data.token as string;
    const id = (await server.api('POST', '/products', { token: admin, body: { name: 'Costo e2e', price: 10, cost: 7, stock: 1 } })).body.data.id;
    expect((await server.api('GET', `/products/${id}`, { token: sellerToken })).body.data.cost).toBeUndefined();
    await page.goto(`${server.baseUrl}/settings?tab=permisos`);
    const costs = page.getByRole('switch', { name: 'Los vendedores ven costos' });
    await costs.waitFor();
    expect(await costs.isChecked()).toBe(false);
    expect(await page.getByRole('switch', { name: 'Los vendedores ven datos de clientes' }).isChecked()).toBe(true);
    await costs.click({ force: true });
    await page.getByText('Configuración actualizada correctamente').waitFor();
    expect((await server.api('GET', `/products/${id}`, { token: sellerToken })).body.data.cost).toBe(7);
  });
});
