/**
 * Dashboard and sales history in real Chromium against the real server: the dashboard's figures are the
 * sales made here (through POST /api/sales), a flagged offline sale (POST /api/sync/push) is announced and
 * listed, an admin's cancellation returns the stock and hides the button, and a seller sees no admin
 * entries, no profit (costs hidden by default) nor "Cancelar Venta".
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '../../domain/constants';
import { pushedSale } from '../helpers/fixtures';
import { adminPage, createSale, money, productById, statValue, waitForText, type ApiProduct } from './backoffice-helpers';
import { DESKTOP, loginThroughForm, newContext, screenshot, SELLER_PASSWORD, serverAndBrowser } from './harness';

let context: BrowserContext;
let page: Page;
let products: ApiProduct[];
let sales: { id: number; saleNumber: string }[];

const tableRows = (name: string) => page.getByRole('table', { name }).locator('tbody tr');
const detail = () => page.getByRole('dialog', { name: /^Detalle de Venta/ });
const confirmDialog = () => page.getByRole('dialog', { name: 'Confirmar' });
const shopDate = (d: Date) => new Intl.DateTimeFormat('es-AR', { timeZone: 'America/Argentina/Buenos_Aires', day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);

const { server, browser } = await serverAndBrowser();
beforeAll(async () => {
  const token = await server.adminToken();
  const all = (await server.api('GET', '/products?limit=10000&active=true', { token })).body.data as ApiProduct[];
  products = all.filter((p) => p.stock >= 10).slice(0, 3);
  sales = [
    await createSale(server, { items: [{ productId: products[0].id, quantity: 2 }], paymentMethod: 'efectivo', discount: 100, notes: 'Entrega en mostrador' }),
    await createSale(server, { items: [{ productId: products[1].id, quantity: 1 }], paymentMethod: 'tarjeta', customerName: 'Ana Pérez' }),
    await createSale(server, { items: [{ productId: products[2].id, quantity: 3 }, { productId: products[0].id, quantity: 1 }], paymentMethod: 'transferencia' }),
  ];
  context = await newContext(browser, DESKTOP);
  page = await adminPage(context, server);
});

describe('dashboard', () => {
  it('shows the range of the month and the figures of the sales made', async () => {
    const revenue = products[0].price * 3 - 100 + products[1].price + products[2].price * 3;
    const cost = products[0].cost * 3 + products[1].cost + products[2].cost * 3;
    const lowStock = (await server.api('GET', '/products?lowStock=true&active=true&limit=1', { token: await server.adminToken() })).body.pagination.total;

    await waitForText(statValue(page, 'Total Ventas'), '3');
    expect(await statValue(page, 'Facturación').innerText()).toBe(money(revenue));
    expect(await statValue(page, 'Ganancias').innerText()).toBe(money(revenue - cost));
    // The low-stock card and table come from their own query, which may answer after the summary's.
    await waitForText(statValue(page, 'Stock Bajo'), String(lowStock));

    const now = new Date();
    expect(await page.getByRole('button', { name: 'Fecha inicio' }).innerText()).toBe(`01/${shopDate(now).slice(3)}`);
    expect(await page.getByRole('button', { name: 'Fecha fin' }).innerText()).toBe(shopDate(now));

    await expect.poll(() => tableRows('Ventas por Método de Pago').count(), { timeout: 15_000 }).toBe(3);
    const methods = await tableRows('Ventas por Método de Pago').allInnerTexts();
    expect(methods.map((r) => r.split('\t')[0]).sort()).toEqual(['Efectivo', 'Tarjeta', 'Transferencia']);
    await expect.poll(() => tableRows('Productos Más Vendidos').count(), { timeout: 15_000 }).toBe(3);
    const top = await tableRows('Productos Más Vendidos').allInnerTexts();
    expect(top.map((r) => r.split('\t'))).toEqual(
      expect.arrayContaining([
        [products[0].name, '3', money(products[0].price * 3)],
        [products[1].name, '1', money(products[1].price)],
        [products[2].name, '3', money(products[2].price * 3)],
      ]),
    );
    await expect.poll(() => tableRows('Productos con Stock Bajo').count(), { timeout: 15_000 }).toBe(lowStock);
    await page.getByLabel('Ventas por día').locator('svg').first().waitFor();
  });

  it('announces offline sales flagged by the server and links to them', async () => {
    const admin = (await server.api('GET', '/users', { token: await server.adminToken() })).body.data[0];
    const soldOut = (await server.api('GET', '/products?limit=10000', { token: await server.adminToken() })).body.data.find((p: ApiProduct) => p.stock === 0) as ApiProduct;
    const device = await server.registerDevice('Mostrador 1');
    const push = await server.api('POST', '/sync/push', {
      headers: device.headers,
      token: await server.adminToken(),
      body: {
        deviceId: device.id,
        deviceName: 'Mostrador 1',
        schemaVersion: SYNC_SCHEMA_VERSION,
        sales: [pushedSale(1, [{ productId: soldOut.id, quantity: 1, unitPrice: soldOut.price - 1000 }], { sellerId: admin.id })],
      },
    });
    expect(push.body.data.results[0]).toMatchObject({ status: 'applied', flags: ['oversold', 'price_changed'] });

    await page.getByRole('button', { name: 'Actualizar' }).click();
    await waitForText(statValue(page, 'Total Ventas'), '4');
    await page.getByText('Hay 1 venta para revisar').waitFor();
    await page.getByText('1 registrada sin conexión con stock insuficiente').waitFor();
    await screenshot(page, 'backoffice-dashboard-flagged-desktop-light');
    await page.getByRole('link', { name: 'Ver ventas con observaciones' }).click();
    await page.waitForURL('**/sales?flagged=true');
    await page.getByText('Solo ventas con observaciones (sin conexión, pagos a revisar, reembolsos)').waitFor();
    await waitForText(tableRows('Ventas').first().getByRole('cell').first(), `${push.body.data.results[0].saleNumber} Sobreventa Precio distinto`);
    expect(await tableRows('Ventas').count()).toBe(1);

    await page.getByRole('button', { name: /^Ver venta/ }).click();
    await detail().getByText('Dispositivo: Mostrador 1 · venta N° 1 del dispositivo').waitFor();
    await detail().getByText(`Catálogo: ${money(soldOut.price)}`).waitFor();
    await detail().getByRole('button', { name: 'Cerrar' }).first().click();
    await page.getByRole('button', { name: 'Ver todas las ventas' }).click();
    await page.waitForURL((url) => url.pathname === '/sales' && url.search === '');
    await tableRows('Ventas').nth(3).waitFor();
  });
});

describe('sales history', () => {
  it('filters by payment method, shows "Cliente General" and the empty state', async () => {
    await page.goto(`${server.baseUrl}/sales`);
    await page.getByRole('heading', { name: 'Historial de Ventas' }).waitFor();
    await tableRows('Ventas').nth(3).waitFor();
    expect(await tableRows('Ventas').count()).toBe(4);
    const clients = await tableRows('Ventas').evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[2].textContent));
    expect(clients.filter((c) => c === 'Cliente General').length).toBe(3);
    expect(clients).toContain('Ana Pérez');

    await page.getByRole('combobox', { name: 'Método de Pago' }).click();
    await page.getByRole('option', { name: 'Tarjeta', exact: true }).click();
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await waitForText(tableRows('Ventas').first().getByRole('cell').nth(2), 'Ana Pérez');
    expect(await tableRows('Ventas').count()).toBe(1);

    await page.getByRole('combobox', { name: 'Método de Pago' }).click();
    await page.getByRole('option', { name: 'Mercado Pago', exact: true }).click();
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.getByText('No hay ventas para mostrar').waitFor();

    await page.getByRole('combobox', { name: 'Método de Pago' }).click();
    await page.getByRole('option', { name: 'Todos', exact: true }).click();
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.getByRole('button', { name: `Ver venta ${sales[0].saleNumber}` }).waitFor();
  });

  it('shows the detail with the discount and notes', async () => {
    await page.getByRole('button', { name: `Ver venta ${sales[0].saleNumber}` }).click();
    await detail().getByRole('heading', { name: `Detalle de Venta - ${sales[0].saleNumber}` }).waitFor();
    await detail().getByText('Entrega en mostrador').waitFor();
    const items = await detail().getByRole('table', { name: 'Productos de la venta' }).locator('tbody tr').allInnerTexts();
    expect(items).toEqual([[products[0].name, '2', money(products[0].price), money(products[0].price * 2)].join('\t')]);
    expect(await detail().getByText('Descuento').isVisible()).toBe(true);
    expect(await detail().getByText(money(-100)).isVisible()).toBe(true);
    await screenshot(page, 'backoffice-sale-detail-desktop-light', false);
    await detail().getByRole('button', { name: 'Cerrar' }).last().click();
    await detail().waitFor({ state: 'hidden' });
  });

  it('lets the admin cancel a sale after confirming: the stock comes back and the button disappears', async () => {
    const before = await Promise.all([productById(server, products[2].id), productById(server, products[0].id)]);
    await page.getByRole('button', { name: `Ver venta ${sales[2].saleNumber}` }).click();
    await detail().getByRole('button', { name: 'Cancelar Venta' }).click();
    await confirmDialog().getByText('¿Estás seguro de cancelar esta venta? El stock se devolverá.').waitFor();
    await confirmDialog().getByRole('button', { name: 'Cancelar Venta' }).click();
    await detail().getByText('Venta cancelada correctamente. El stock fue devuelto.').waitFor();
    await detail().getByText('Cancelado', { exact: true }).waitFor();
    expect(await detail().getByRole('button', { name: 'Cancelar Venta' }).count()).toBe(0);

    const after = await Promise.all([productById(server, products[2].id), productById(server, products[0].id)]);
    expect(after[0].stock).toBe(before[0].stock + 3);
    expect(after[1].stock).toBe(before[1].stock + 1);
    await detail().getByRole('button', { name: 'Cerrar' }).last().click();
    const row = page.getByRole('row').filter({ hasText: sales[2].saleNumber });
    await row.getByText('Cancelado', { exact: true }).waitFor();
  });
});

describe('seller', () => {
  it('sees no admin entries, is sent to /dashboard from an admin URL and cannot cancel sales', async () => {
    const seller = await server.createSeller('vera');
    const sellerContext = await newContext(browser, DESKTOP);
    const sellerPage = await sellerContext.newPage();
    await loginThroughForm(sellerPage, server.baseUrl, seller, SELLER_PASSWORD);
    const nav = sellerPage.getByRole('navigation', { name: 'Navegación principal' });
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Dashboard', 'Punto de Venta', 'Ventas', 'Facturas', 'Clientes']);

    for (const path of ['/products', '/contact-messages', '/settings']) {
      await sellerPage.goto(`${server.baseUrl}${path}`);
      await sellerPage.waitForURL('**/dashboard');
      await sellerPage.getByRole('group', { name: 'Total Ventas' }).waitFor();
    }
    // Costs are hidden from sellers by default, and the profit would reveal them.
    await waitForText(statValue(sellerPage, 'Ganancias'), 'Solo con permiso para ver costos');

    await sellerPage.goto(`${server.baseUrl}/sales`);
    await sellerPage.getByRole('button', { name: `Ver venta ${sales[1].saleNumber}` }).click();
    const sellerDetail = sellerPage.getByRole('dialog', { name: /^Detalle de Venta/ });
    await sellerDetail.getByText('Ana Pérez').waitFor();
    expect(await sellerDetail.getByRole('button', { name: 'Cancelar Venta' }).count()).toBe(0);
    expect(await sellerDetail.getByRole('button', { name: 'Cerrar' }).count()).toBeGreaterThan(0);
    await sellerContext.close();
  });
});
