/**
 * axe-core on the counter's Caja dialog (issue #16), light and dark, at 1024×768 (a tablet): opening
 * by denomination, the open session's X figures, and the close with a difference and its comment demand.
 * Critical and serious violations must be 0.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousFindings } from './a11y-helpers';
import { themedContext } from './backoffice-helpers';
import { loginThroughForm, SELLER_PASSWORD, serverAndBrowser } from './harness';
import { createProduct, openPos } from './pos-helpers';

const { server, browser } = await serverAndBrowser();
const seller = await server.createSeller('cajera');
beforeAll(async () => {
  await createProduct(server, { name: 'Caramelos surtidos', code: 'E2E-CASH-A11Y', price: 300, stock: 60 });
});

describe.each(['light', 'dark'] as const)('Caja accessibility (%s)', (mode) => {
  it('0 critical and 0 serious when opening, during the session and when closing with a difference', async () => {
    const context = await themedContext(browser, mode, { width: 1024, height: 768 });
    const page = await context.newPage();
    await loginThroughForm(page, server.baseUrl, seller, SELLER_PASSWORD);
    await openPos(page);

    await page.getByRole('button', { name: 'Abrir caja' }).click();
    const opening = page.getByRole('dialog', { name: 'Abrir caja' });
    await opening.getByText('Por billetes y monedas').click();
    await opening.getByRole('textbox', { name: 'Cantidad de $ 1.000,00' }).fill('5');
    await opening.getByText('Total contado: $ 5.000,00').waitFor();
    expect(await seriousFindings(page, undefined, mode)).toEqual([]);
    await opening.getByRole('button', { name: 'Abrir caja' }).click();
    await page.getByRole('status').getByText('Caja abierta').waitFor({ state: 'hidden', timeout: 10_000 });

    await page.getByRole('button', { name: 'Caja abierta' }).click();
    const open = page.getByRole('dialog', { name: 'Caja abierta' });
    expect(await open.getByTestId('cash-expected-now').textContent()).toBe('$ 5.000,00');
    expect(await seriousFindings(page, undefined, mode)).toEqual([]);

    await open.getByRole('button', { name: 'Cerrar caja' }).click();
    const closing = page.getByRole('dialog', { name: 'Cerrar caja' });
    await closing.getByLabel('Efectivo contado').fill('4.900');
    await closing.getByRole('button', { name: 'Cerrar caja' }).click();
    await closing.getByRole('alert').getByText('escribí un comentario', { exact: false }).waitFor();
    expect(await seriousFindings(page, undefined, mode)).toEqual([]);
    await context.close();
  });
});
