/**
 * POS online, in real Chromium against the real server: a sale reaches the server exactly once with the
 * stock moved and its official number shown; the barcode path and the spec's warnings; and replies
 * lost after the server committed (the push reaches the server, the answer never reaches the page).
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, SELLER_PASSWORD, serverAndBrowser } from './harness';
import {
  addProduct,
  checkout,
  createProduct,
  deviceOutbox,
  newDevice,
  productCard,
  productStock,
  searchBox,
  serverSales,
  signInAndOpenPos,
  waitAllSynced,
} from './pos-helpers';

const { server, browser } = await serverAndBrowser();
const ids: Record<string, number> = {};
const seller = await server.createSeller('vera');
ids.mate = await createProduct(server, { name: 'Mate térmico de acero', code: '7791234500011', price: 12500, stock: 10 });
ids.scanner = await createProduct(server, { name: 'Lector de códigos USB', code: '7791234500028', price: 30000, stock: 2 });
ids.lost = await createProduct(server, { name: 'Termo de camping 1 litro', code: '7791234500035', price: 41000, stock: 8 });
ids.clock = await createProduct(server, { name: 'Vaso térmico 500 ml', code: '7791234500080', price: 15000, stock: 10 });

async function sellerPos(): Promise<Page> {
  const context = await newDevice(browser);
  const page = await context.newPage();
  await signInAndOpenPos(page, server.baseUrl, seller, SELLER_PASSWORD);
  return page;
}

describe('POS online', () => {
  it('an online sale is on the server once, the stock moved by its quantity, and the official number is shown and printed', async () => {
    const page = await sellerPos();
    await searchBox(page).fill('mate termico');
    await productCard(page, 'Mate térmico de acero').waitFor();
    await addProduct(page, 'Mate térmico de acero', 3);
    const line = page.getByTestId('cart-line');
    expect(await line.getByTestId('cart-quantity').textContent()).toBe('3');
    expect(await line.getByTestId('line-total').textContent()).toBe('$ 37.500,00');

    await page.getByRole('button', { name: 'Procesar Venta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Completar Venta' });
    await dialog.getByLabel('Descuento').fill('abc');
    expect(await dialog.getByTestId('checkout-total').textContent()).toBe('$ 37.500,00');
    await dialog.getByLabel('Descuento').fill('500');
    expect(await dialog.getByTestId('checkout-total').textContent()).toBe('$ 37.000,00');
    await dialog.getByRole('radio', { name: 'Tarjeta' }).click();
    await dialog.getByRole('button', { name: 'Confirmar Venta' }).click();
    await page.getByText('Venta registrada correctamente').waitFor();
    expect(await page.getByTestId('cart-line').count()).toBe(0);

    const [sale] = await waitAllSynced(page, 1);
    const onServer = (await serverSales(server)).filter((s) => s.clientSaleId === sale.clientSaleId);
    expect(onServer).toHaveLength(1);
    expect(onServer[0]).toMatchObject({ saleNumber: sale.saleNumber, total: 37000, paymentMethod: 'tarjeta' });
    expect(await productStock(server, ids.mate)).toBe(7);

    const number = page.getByTestId('last-sale-number');
    await page.locator('[data-testid="last-sale-number"][data-official="true"]').waitFor();
    expect(await number.textContent()).toBe(sale.saleNumber);
    await searchBox(page).fill('mate');
    await productCard(page, 'Mate térmico de acero').getByText('Stock: 7').waitFor();

    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'yes');
    });
    await page.getByRole('button', { name: 'Imprimir ticket' }).click();
    expect(await page.getAttribute('body', 'data-printed')).toBe('yes');
    await page.emulateMedia({ media: 'print' });
    const receipt = page.getByTestId('receipt');
    expect(await receipt.isVisible()).toBe(true);
    expect(await page.locator('#root').isVisible()).toBe(false);
    const text = (await receipt.textContent()) ?? '';
    for (const part of [`Ticket N° ${sale.saleNumber}`, '3 x Mate térmico de acero', '$ 37.000,00', 'Tarjeta', 'Vera Vendedora']) expect(text).toContain(part);
    await screenshot(page, 'pos-receipt-print');
    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
    const boxes = [...pdf.matchAll(/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(boxes).toHaveLength(1);
    expect(Math.round((boxes[0][0] * 25.4) / 72)).toBe(80);
    expect(boxes[0][1]).toBeLessThan(boxes[0][0] * 3);
    await page.emulateMedia({ media: 'screen' });
    await screenshot(page, 'pos-after-online-sale');
    await page.context().close();
  });

  it('barcode path: code + Enter adds the product and clears the box; the spec warnings appear', async () => {
    const page = await sellerPos();
    await page.getByRole('button', { name: 'Procesar Venta' }).click();
    await page.getByText('El carrito está vacío').waitFor();

    const box = searchBox(page);
    await box.fill('7791234500028');
    await box.press('Enter');
    await page.getByTestId('cart-line').getByText('Lector de códigos USB').waitFor();
    expect(await box.inputValue()).toBe('');
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    await box.pressSequentially('7791234500028');
    await box.press('Enter');
    await page.getByTestId('cart-quantity').getByText('2').waitFor();
    await box.fill('7791234500028');
    await box.press('Enter');
    await page.getByText('No hay más stock disponible').waitFor();
    await page.getByRole('button', { name: 'Sumar uno de Lector de códigos USB' }).click();
    expect(await page.getByTestId('cart-quantity').textContent()).toBe('2');

    await page.getByRole('button', { name: 'Procesar Venta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Completar Venta' });
    await dialog.getByRole('radio', { name: /^Mercado Pago( simulado)?$/ }).click();
    await dialog.getByRole('button', { name: 'Confirmar Venta' }).click();
    await dialog.getByText('Para pagar con Mercado Pago se requiere nombre y email del cliente').waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    await page.getByRole('button', { name: 'Restar uno de Lector de códigos USB' }).click();
    await page.getByRole('button', { name: 'Restar uno de Lector de códigos USB' }).click();
    await page.getByTestId('cart-line').waitFor({ state: 'detached' });
    expect(await deviceOutbox(page)).toEqual([]);
    await page.context().close();
  });

  it('replies lost after the server committed, twice in a row: still exactly once on the server and the outbox ends synced', async () => {
    const page = await sellerPos();
    const seen: string[] = [];
    await page.route('**/api/sync/push', async (route: Route) => {
      if (seen.length >= 2) return route.continue();
      const response = await route.fetch();
      const body = (await response.json()) as { data: { results: { status: string }[] } };
      seen.push(body.data.results.map((r) => r.status).join(','));
      await route.abort('connectionreset');
    });
    await addProduct(page, 'Termo de camping 1 litro', 2);
    await checkout(page);

    const [sale] = await waitAllSynced(page, 1);
    expect(seen).toEqual(['applied', 'duplicate']);
    expect((await deviceOutbox(page)).filter((s) => s.status !== 'synced')).toEqual([]);
    const onServer = (await serverSales(server)).filter((s) => s.clientSaleId === sale.clientSaleId);
    expect(onServer).toHaveLength(1);
    expect(await productStock(server, ids.lost)).toBe(6);
    await page.locator('[data-testid="last-sale-number"][data-official="true"]').getByText(onServer[0].saleNumber).waitFor();
    await page.context().close();
  });

  it('a sale captured with the clock days ahead lands, flagged and booked on its arrival, and does not hold back the next one', async () => {
    const page = await sellerPos();
    await page.context().setOffline(true);
    // A tablet whose clock runs three days ahead captures a sale "in the future"; then the clock is fixed.
    await page.clock.setFixedTime(Date.now() + 3 * 24 * 3600 * 1000);
    await addProduct(page, 'Vaso térmico 500 ml');
    await checkout(page);
    await page.clock.setFixedTime(Date.now());
    await addProduct(page, 'Vaso térmico 500 ml', 2);
    await checkout(page);
    await page.context().setOffline(false);

    // Never refused for its time (issue #29): both land; the future one flagged for the owner.
    const [future, good] = await waitAllSynced(page, 2);
    const onServer = await serverSales(server);
    expect(onServer.filter((s) => s.clientSaleId === good.clientSaleId).map((s) => s.flags)).toEqual([[]]);
    expect(onServer.filter((s) => s.clientSaleId === future.clientSaleId).map((s) => s.flags)).toEqual([['review']]);
    expect(await productStock(server, ids.clock)).toBe(7);
    await page.context().close();
  });
});
