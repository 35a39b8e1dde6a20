/**
 * Stock with reasons in real Chromium against the real server (issue #15): an "Ajustar stock" with a
 * reason and a note appears in the product's "Historial de stock" with the running balance, next to the
 * sale (with its number) that moved it; a recuento with 3 differences applies exactly 3 movements and
 * every product's stock equals its ledger, and a sale made between counting and applying stays sold
 * (issue #30: the count applies counted − what its row showed).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPage, createSale, productById, waitForText } from './backoffice-helpers';
import { newContext, screenshot, serverAndBrowser } from './harness';

let context: BrowserContext;
let page: Page;
const ids: number[] = [];

async function create(code: string, name: string, stock: number): Promise<number> {
  const res = await server.api('POST', '/products', { token: await server.adminToken(), body: { code, name, price: 1000, stock } });
  expect(res.status, res.body.message).toBe(201);
  return (res.body.data as { id: number }).id;
}

async function ledger(id: number): Promise<number> {
  const res = await server.api('GET', `/products/${id}/stock/history?limit=500`, { token: await server.adminToken() });
  return (res.body.data as { delta: number }[]).reduce((sum, m) => sum + m.delta, 0);
}

const { server, browser } = await serverAndBrowser();
beforeAll(async () => {
  ids.push(await create('REC-1', 'Recuento uno', 10), await create('REC-2', 'Recuento dos', 4), await create('REC-3', 'Recuento tres', 0));
  ids.push(await create('REC-4', 'Recuento cuatro', 8));
  context = await newContext(browser, { width: 1024, height: 768 });
  page = await adminPage(context, server);
  await page.goto(`${server.baseUrl}/products`);
  await page.getByPlaceholder('Nombre, código o descripción').fill('Recuento');
  await page.getByText('Mostrando 4 producto(s)').waitFor();
});

describe('stock with reasons', () => {
  it('an adjustment with a reason appears in the history with the running balance', async () => {
    const sale = await createSale(server, { items: [{ productId: ids[0], quantity: 2 }], paymentMethod: 'efectivo' });
    await page.reload();
    await page.getByPlaceholder('Nombre, código o descripción').fill('Recuento uno');
    await page.getByText('Mostrando 1 producto(s)').waitFor();

    await page.getByRole('button', { name: 'Stock de Recuento uno' }).click();
    await page.getByRole('menuitem', { name: 'Ajustar stock' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajustar stock: Recuento uno' });
    await dialog.getByText('Ingreso de mercadería').click();
    await dialog.getByRole('textbox', { name: 'Cantidad que ingresa' }).fill('24');
    await dialog.getByRole('textbox', { name: 'Nota' }).fill('Remito 0001-4455');
    await waitForText(dialog.getByText(/^Stock actual/), 'Stock actual: 8 → después del ajuste: 32');
    await screenshot(page, 'backoffice-stock-adjust-tablet', false);
    await dialog.getByRole('button', { name: 'Registrar ajuste' }).click();
    await page.getByText('Ajuste de stock registrado').waitFor();
    expect((await productById(server, ids[0])).stock).toBe(32);

    await page.getByRole('button', { name: 'Stock de Recuento uno' }).click();
    await page.getByRole('menuitem', { name: 'Historial de stock' }).click();
    const history = page.getByRole('table', { name: 'Historial de stock' });
    await history.waitFor();
    const rows = history.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    const cells = async (i: number) => (await rows.nth(i).getByRole('cell').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    const newest = await cells(0);
    expect(newest[1]).toBe('Ingreso de mercadería');
    expect(newest[2]).toContain('Remito 0001-4455');
    expect(newest.slice(3)).toEqual(['+24', '32']);
    const saleRow = await cells(1);
    expect(saleRow[1]).toBe('Venta');
    expect(saleRow[2]).toContain(`Venta ${sale.saleNumber}`);
    expect(saleRow.slice(3)).toEqual(['-2', '8']);
    expect((await cells(2)).slice(3)).toEqual(['+10', '10']);
    await screenshot(page, 'backoffice-stock-history-tablet', false);
    await page.getByRole('dialog', { name: /Historial de stock/ }).getByRole('button', { name: 'Cerrar' }).click();
  });

  it('a count session with 3 differences applies 3 movements, keeps a sale made meanwhile, and stock equals the ledger', async () => {
    await page.getByPlaceholder('Nombre, código o descripción').fill('Recuento');
    await page.getByText('Mostrando 4 producto(s)').waitFor();
    const before = await Promise.all(ids.map(async (id) => (await server.api('GET', `/products/${id}/stock/history?limit=500`, { token: await server.adminToken() })).body.pagination.total as number));

    await page.getByRole('button', { name: 'Recuento', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Recuento de stock' });
    await dialog.getByRole('textbox', { name: 'Contado Recuento uno' }).fill('30');
    await dialog.getByRole('textbox', { name: 'Contado Recuento dos' }).fill('4');
    await dialog.getByRole('textbox', { name: 'Contado Recuento tres' }).fill('6');
    await dialog.getByRole('textbox', { name: 'Contado Recuento cuatro' }).fill('5');
    await waitForText(dialog.getByText(/diferencia\(s\)$/), '3 diferencia(s)');
    // Counted 30 of "Recuento uno" while the screen showed 32; 2 are sold at the counter before applying.
    await createSale(server, { items: [{ productId: ids[0], quantity: 2 }], paymentMethod: 'efectivo' });
    await dialog.getByRole('button', { name: 'Aplicar diferencias' }).click();
    await page.getByText('Recuento aplicado: 3 ajuste(s). Se mantuvieron las ventas y ajustes hechos mientras contabas (1 producto(s))').waitFor();

    const stocks = await Promise.all(ids.map(async (id) => (await productById(server, id)).stock));
    expect(stocks).toEqual([28, 4, 6, 5]);
    const after = await Promise.all(ids.map(async (id) => (await server.api('GET', `/products/${id}/stock/history?limit=500`, { token: await server.adminToken() })).body.pagination.total as number));
    expect(after.map((n, i) => n - before[i])).toEqual([2, 0, 1, 1]); // the sale and the count on "Recuento uno"
    for (const [i, id] of ids.entries()) expect(await ledger(id)).toBe(stocks[i]);
  });

  it('a fixed field loses its validation error in the product dialog (item 7)', async () => {
    await page.getByRole('button', { name: 'Nuevo Producto' }).click();
    const dialog = page.getByRole('dialog', { name: /Producto/ });
    await dialog.getByRole('button', { name: 'Crear producto' }).click();
    await dialog.getByText('El nombre es obligatorio').waitFor();
    await dialog.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Ya tiene nombre');
    await dialog.getByText('El nombre es obligatorio').waitFor({ state: 'detached' });
    expect(await dialog.getByText('El precio es obligatorio').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
  });

  it('"Mostrando 0 producto(s)" stays beside the empty state (item 7)', async () => {
    await page.getByPlaceholder('Nombre, código o descripción').fill('zzz sin resultados');
    await page.getByText('No hay productos para mostrar').waitFor();
    expect(await page.getByText('Mostrando 0 producto(s)').isVisible()).toBe(true);
  });
});
