/**
 * The product dialog against sales made while it is open (issue #13 item 4), in real Chromium against
 * the real server: open the dialog at stock 19, sell 3 (16), change only the price, save → 16 stays.
 * A price someone else changed meanwhile is refused with "El producto cambió mientras lo editabas".
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPage, createSale, productById } from './backoffice-helpers';
import { newContext, serverAndBrowser } from './harness';

const TABLET = { width: 1024, height: 768 };
let context: BrowserContext;
let page: Page;
let admin: string;

const dialog = () => page.getByRole('dialog', { name: /Producto/ });
const field = (name: string) => dialog().getByRole('textbox', { name, exact: true });

const { server, browser } = await serverAndBrowser();
beforeAll(async () => {
  admin = await server.adminToken();
  context = await newContext(browser, TABLET);
  page = await adminPage(context, server);
});

async function openEditor(name: string) {
  const id = (await server.api('POST', '/products', { token: admin, body: { name, price: 1000, cost: 600, stock: 19 } })).body.data.id as number;
  await page.goto(`${server.baseUrl}/products`);
  await page.getByPlaceholder('Nombre, código o descripción').fill(name);
  await page.getByText('Mostrando 1 producto(s)').waitFor();
  await page.getByRole('button', { name: `Editar ${name}` }).click();
  await dialog().waitFor();
  expect(await field('Stock').inputValue()).toBe('19');
  return id;
}

describe('editing a product while the counter sells it', () => {
  it('dialog at 19, 3 sold meanwhile, only the price changed → the stock stays 16', async () => {
    const id = await openEditor('Teclado carrera e2e');
    await createSale(server, { items: [{ productId: id, quantity: 3 }], paymentMethod: 'efectivo' });
    await field('Precio').fill('1200');
    await dialog().getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText('Producto actualizado correctamente').waitFor();
    expect(await productById(server, id)).toMatchObject({ price: 1200, stock: 16 });
  });

  it('a stock typed in the dialog is applied as the difference from what it showed (19 → 20 with 3 sold = 17)', async () => {
    const id = await openEditor('Mouse carrera e2e');
    await createSale(server, { items: [{ productId: id, quantity: 3 }], paymentMethod: 'efectivo' });
    await field('Stock').fill('20');
    await dialog().getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText('Producto actualizado correctamente').waitFor();
    expect((await productById(server, id)).stock).toBe(17);
  });

  it('a price changed by someone else meanwhile is refused with the 409 message and nothing is saved', async () => {
    const id = await openEditor('Monitor carrera e2e');
    await server.api('PUT', `/products/${id}`, { token: admin, body: { price: 1500 } });
    await field('Precio').fill('1100');
    await field('Nombre').fill('Monitor renombrado e2e');
    await dialog().getByRole('button', { name: 'Guardar cambios' }).click();
    await dialog().getByText(/^El producto cambió mientras lo editabas/).waitFor();
    expect(await productById(server, id)).toMatchObject({ price: 1500, name: 'Monitor carrera e2e', stock: 19 });
  });
});
