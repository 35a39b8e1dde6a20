/**
 * Issue #13 items 2 and 16 on the screen: a pushed sale whose seller never signed in on that counter and
 * that carries a 100 % discount lands (it happened), attributed to the device's user, listed among the
 * sales with observations with the "Revisar" chip, and its detail tells the owner why, in Spanish.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '../../domain/constants';
import { pushedSale } from '../helpers/fixtures';
import { adminPage, type ApiProduct } from './backoffice-helpers';
import { DESKTOP, newContext, serverAndBrowser } from './harness';

let context: BrowserContext;
let page: Page;

const { server, browser } = await serverAndBrowser();
beforeAll(async () => {
  context = await newContext(browser, DESKTOP);
  page = await adminPage(context, server);
});

describe('pushed sales the owner should review', () => {
  it('an unverified seller and a 100 % discount are flagged "Revisar" with the reasons in the detail', async () => {
    const token = await server.adminToken();
    await server.createSeller('beto');
    const users = (await server.api('GET', '/users', { token })).body.data as { id: number; username: string }[];
    const beto = users.find((u) => u.username === 'beto')!;
    const product = ((await server.api('GET', '/products?limit=10000&active=true', { token })).body.data as ApiProduct[]).find((p) => p.stock > 5)!;
    const device = await server.registerDevice('Caja del fondo');
    const push = await server.api('POST', '/sync/push', {
      headers: device.headers,
      body: {
        deviceId: device.id,
        schemaVersion: SYNC_SCHEMA_VERSION,
        sales: [pushedSale(1, [{ productId: product.id, quantity: 1, unitPrice: product.price }], { sellerId: beto.id, discount: product.price })],
      },
    });
    const result = push.body.data.results[0];
    expect(result).toMatchObject({ status: 'applied', flags: ['review'] });

    await page.goto(`${server.baseUrl}/sales?flagged=true`);
    const row = page.getByRole('table', { name: 'Ventas' }).locator('tbody tr').filter({ hasText: result.saleNumber });
    await row.getByText('Revisar').waitFor();
    await row.getByRole('button', { name: /^Ver venta/ }).click();
    const detail = page.getByRole('dialog', { name: /^Detalle de Venta/ });
    await detail.getByText('Dispositivo: Caja del fondo · venta N° 1 del dispositivo').waitFor();
    const note = detail.getByTestId('sale-review-note');
    await note.waitFor();
    expect(await note.innerText()).toBe(
      [
        `El vendedor indicado por el dispositivo (#${beto.id}) nunca inició sesión en este mostrador: la venta se atribuyó a Administrador`,
        'Descuento del 100 %: la venta se registró con total $ 0',
      ].join('\n'),
    );
  });
});
