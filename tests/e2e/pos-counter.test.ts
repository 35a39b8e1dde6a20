/**
 * What a counter expects (issue #14 items 8, 13, 14): typing a quantity on a cart line (the stock rule
 * still applies), "Paga con" with the "Vuelto" in large type, and a warning at checkout for a line whose
 * stock the last pull says ran out elsewhere (the sale is still recorded).
 */

import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, SELLER_PASSWORD, serverAndBrowser } from './harness';
import { addProduct, cartLine, createProduct, newDevice, openPos, productStock, signInAndOpenPos, waitAllSynced } from './pos-helpers';

const ids: Record<string, number> = {};

const { server, browser } = await serverAndBrowser();
const seller = await server.createSeller('mostrador');
beforeAll(async () => {
  ids.pila = await createProduct(server, { name: 'Pila AA alcalina', code: 'E2E-PILA', price: 850, stock: 30 });
  ids.foco = await createProduct(server, { name: 'Foco LED 9 W', code: 'E2E-FOCO', price: 2300, stock: 4 });
});

describe('at the counter', () => {
  it('types a quantity on a cart line, refuses one above the stock, and gives the change for "Paga con"', async () => {
    const context = await newDevice(browser);
    const page = await context.newPage();
    await signInAndOpenPos(page, server.baseUrl, seller, SELLER_PASSWORD);
    await addProduct(page, 'Pila AA alcalina');
    const line = cartLine(page, 'Pila AA alcalina');
    await page.getByRole('button', { name: 'Cambiar cantidad de Pila AA alcalina' }).click();
    await page.getByRole('textbox', { name: 'Cantidad' }).fill('24');
    await page.keyboard.press('Enter');
    await line.getByTestId('cart-quantity').getByText('24', { exact: true }).waitFor();
    expect(await line.getByTestId('line-total').textContent()).toBe('$ 20.400,00');

    await page.getByRole('button', { name: 'Cambiar cantidad de Pila AA alcalina' }).click();
    await page.getByRole('textbox', { name: 'Cantidad' }).fill('31');
    await page.keyboard.press('Enter');
    await page.getByText('No hay más stock disponible').first().waitFor();
    expect(await line.getByTestId('cart-quantity').textContent()).toBe('24');

    await page.getByRole('button', { name: 'Procesar Venta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Completar Venta' });
    const paid = dialog.getByRole('textbox', { name: 'Paga con' });
    await paid.fill('20.000');
    await dialog.getByText('Faltan $ 400,00').waitFor();
    await paid.fill('25.000');
    expect(await dialog.getByTestId('checkout-change').textContent()).toBe('$ 4.600,00');
    await dialog.getByRole('button', { name: 'Confirmar Venta' }).click();
    await page.getByText('Venta registrada correctamente').first().waitFor();
    await waitAllSynced(page, 1);
    expect(await productStock(server, ids.pila)).toBe(6);
    // The ticket of the last sale (reprintable from the last-sale panel) says it is not an invoice.
    expect(await page.getByTestId('receipt').textContent()).toContain('No válido como factura');
    await context.close();
  });

  it('at phone width the payment buttons read whole ("Transferencia", "Mercado Pago")', async () => {
    const context = await newDevice(browser, { viewport: PHONE });
    const page = await context.newPage();
    await signInAndOpenPos(page, server.baseUrl, seller, SELLER_PASSWORD);
    await addProduct(page, 'Pila AA alcalina');
    await page.getByRole('button', { name: 'Procesar Venta' }).last().click();
    const dialog = page.getByRole('dialog', { name: 'Completar Venta' });
    await dialog.getByRole('radio', { name: 'Transferencia' }).waitFor();
    const cut = await dialog.getByRole('radio').evaluateAll((radios) =>
      radios.filter((radio) => [...radio.querySelectorAll('span')].some((span) => span.scrollWidth > span.clientWidth + 1)).map((radio) => radio.textContent),
    );
    expect(cut).toEqual([]);
    await context.close();
  });

  it('warns at checkout when the pull says a cart line ran out elsewhere, and still records the sale', async () => {
    const context = await newDevice(browser);
    const page = await context.newPage();
    await signInAndOpenPos(page, server.baseUrl, seller, SELLER_PASSWORD);
    await addProduct(page, 'Foco LED 9 W', 2);
    // Another counter sells them all: the server now says 0; the reload pulls it.
    const sold = await server.api('PUT', `/products/${ids.foco}`, { token: await server.adminToken(), body: { stock: 0, base: { stock: 4 } } });
    expect(sold.status).toBe(200);
    await page.reload();
    await openPos(page);
    await page.waitForFunction(
      () =>
        new Promise<boolean>((resolve) => {
          const open = indexedDB.open('mostrador');
          open.onsuccess = () => {
            const request = open.result.transaction('products').objectStore('products').getAll();
            request.onsuccess = () => {
              open.result.close();
              resolve((request.result as { name: string; stock: number }[]).some((p) => p.name === 'Foco LED 9 W' && p.stock === 0));
            };
          };
        }),
      undefined,
      { timeout: 20_000, polling: 250 },
    );
    await page.getByRole('button', { name: 'Procesar Venta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Completar Venta' });
    const warning = dialog.getByTestId('stock-warning');
    await warning.waitFor();
    expect(await warning.textContent()).toContain('Foco LED 9 W: se venden 2, quedan 0');
    await dialog.getByRole('button', { name: 'Confirmar Venta' }).click();
    await page.getByText('Venta registrada correctamente').first().waitFor();
    await waitAllSynced(page, 1);
    expect(await productStock(server, ids.foco)).toBe(-2);
    await context.close();
  });
});
