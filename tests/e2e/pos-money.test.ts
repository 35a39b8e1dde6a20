/**
 * Argentine money typed in the UI (issue #14 item 2): the checkout discount and the product form read
 * "." as thousands and "," as decimals through the one es-AR reader; ambiguous text is refused with a
 * message instead of being misread. Also the discount as a percentage (item 14).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SELLER_PASSWORD, serverAndBrowser } from './harness';
import { adminPage, productByName } from './backoffice-helpers';
import { addProduct, createProduct, newDevice, serverSales, signInAndOpenPos, waitAllSynced } from './pos-helpers';

const { server, browser } = await serverAndBrowser();
const seller = await server.createSeller('montos');
beforeAll(async () => {
  await createProduct(server, { name: 'Parlante bluetooth', code: 'E2E-PAR-1', price: 12345.5, stock: 10 });
});

describe('money typed es-AR', () => {
  it('"1.500" in the discount takes $ 1.500,00 off; "1.000,50" and "10%" are read right; "1.50" is refused', async () => {
    const context = await newDevice(browser);
    const page: Page = await context.newPage();
    await signInAndOpenPos(page, server.baseUrl, seller, SELLER_PASSWORD);
    await addProduct(page, 'Parlante bluetooth', 2);
    await page.getByRole('button', { name: 'Procesar Venta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Completar Venta' });
    const discount = dialog.getByRole('textbox', { name: 'Descuento' });
    const total = dialog.getByTestId('checkout-total');
    const confirm = dialog.getByRole('button', { name: 'Confirmar Venta' });

    await discount.fill('1.000,50');
    expect(await total.textContent()).toBe('$ 23.690,50');
    await discount.fill('10%');
    expect(await total.textContent()).toBe('$ 22.221,90');
    await discount.fill('1.50');
    await dialog.getByText('Usá la coma para los decimales (ej. 1,50) y el punto solo para los miles (ej. 1.500)').waitFor();
    expect(await confirm.isDisabled()).toBe(true);
    await discount.fill('1,505');
    await dialog.getByText('El importe admite como máximo 2 decimales').waitFor();
    expect(await confirm.isDisabled()).toBe(true);

    await discount.fill('1.500');
    expect(await dialog.getByText('− $ 1.500,00').count()).toBe(1);
    expect(await total.textContent()).toBe('$ 23.191,00');
    await confirm.click();
    await page.getByText('Venta registrada correctamente').first().waitFor();
    const [sale] = await waitAllSynced(page, 1);
    const onServer = (await serverSales(server)).find((s) => s.clientSaleId === sale.clientSaleId) as unknown as { total: number; discount: number };
    expect(onServer).toMatchObject({ total: 23191, discount: 1500 });
    await context.close();
  });

  it('the product form saves "1.500" as $ 1.500 and "12.345,50" as shown in the list; "1.50" is refused', async () => {
    const context = await newDevice(browser);
    const page = await adminPage(context, server);
    await page.goto(`${server.baseUrl}/products`);
    await page.getByRole('button', { name: 'Nuevo Producto' }).click();
    const dialog = page.getByRole('dialog', { name: /Producto/ });
    const field = (name: string) => dialog.getByRole('textbox', { name, exact: true });
    await field('Nombre').fill('Auriculares es-AR');
    await field('Stock').fill('3');
    await field('Precio').fill('1.50');
    await field('Costo').fill('1.500');
    await dialog.getByRole('button', { name: 'Crear producto' }).click();
    await dialog.getByText('Usá la coma para los decimales (ej. 1,50) y el punto solo para los miles (ej. 1.500)').waitFor();
    await field('Precio').fill('12.345,50');
    await dialog.getByRole('button', { name: 'Crear producto' }).click();
    await page.getByText('Producto creado correctamente').waitFor();
    const saved = await productByName(server, 'Auriculares es-AR');
    expect(saved).toMatchObject({ price: 12345.5, cost: 1500 });
    await context.close();
  });
});
