/**
 * axe-core on the POS (issue #14 item 12), light and dark, at 1024×768: the screen with a cart and the
 * last sale, and with the checkout dialog open. Critical and serious violations must be 0.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousFindings } from './a11y-helpers';
import { themedContext } from './backoffice-helpers';
import { loginThroughForm, SELLER_PASSWORD, serverAndBrowser } from './harness';
import { addProduct, checkout, createProduct, openPos } from './pos-helpers';

const { server, browser } = await serverAndBrowser();
const seller = await server.createSeller('accesible');
beforeAll(async () => {
  await createProduct(server, { name: 'Cuaderno rayado 48 hojas', code: 'E2E-A11Y-1', price: 1800, stock: 3 });
  await createProduct(server, { name: 'Lapicera azul', code: 'E2E-A11Y-2', price: 450, stock: 60 });
});

describe.each(['light', 'dark'] as const)('POS accessibility (%s)', (mode) => {
  it('0 critical and 0 serious on the POS and in the open checkout', async () => {
    const context = await themedContext(browser, mode, { width: 1024, height: 768 });
    const page = await context.newPage();
    await loginThroughForm(page, server.baseUrl, seller, SELLER_PASSWORD);
    await openPos(page);
    await addProduct(page, 'Lapicera azul');
    await checkout(page);
    await addProduct(page, 'Cuaderno rayado 48 hojas');
    await page.getByText('Venta registrada correctamente').waitFor({ state: 'hidden', timeout: 10_000 });
    expect(await seriousFindings(page, undefined, mode)).toEqual([]);

    await page.getByRole('button', { name: 'Procesar Venta' }).click();
    await page.getByRole('dialog', { name: 'Completar Venta' }).waitFor();
    await page.getByRole('textbox', { name: 'Paga con' }).fill('5.000');
    expect(await seriousFindings(page, undefined, mode)).toEqual([]);
    await context.close();
  });
});
