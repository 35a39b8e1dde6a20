/**
 * Sales history at the counter's tablet (issues #14 item 16, #15 items 4 and 7): with a long valid
 * numbering format the table still shows "Ver" and "Reimprimir" on screen at 1024×768 (no sideways
 * scroll needed, none of the page); "Reimprimir" on a row and "Reimprimir ticket" in the detail print
 * that sale's 80 mm ticket — its number, items and total — marked "No válido como factura".
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPage, createSale, layoutProblems, money } from './backoffice-helpers';
import { newContext, serverAndBrowser } from './harness';
import { createProduct } from './pos-helpers';

let sale: { id: number; saleNumber: string };

const { server, browser } = await serverAndBrowser({ DEMO_DATA: 'false' });
beforeAll(async () => {
  const token = await server.adminToken();
  for (const [clave, valor] of [
    ['prefijo', 'CENTRO-SUR'],
    ['sucursal', 'LOCAL-0001'],
    ['formato', '{prefijo}-{sucursal}-{año}{mes}{dia}-{numero:08d}'],
  ]) {
    expect((await server.api('PUT', `/configuration/ventas/${clave}`, { token, body: { valor } })).status).toBe(200);
  }
  const mate = await createProduct(server, { name: 'Mate de calabaza', code: 'RP-1', price: 8500, stock: 20 });
  const bombilla = await createProduct(server, { name: 'Bombilla de alpaca', code: 'RP-2', price: 3200.5, stock: 20 });
  await createSale(server, { items: [{ productId: bombilla, quantity: 1 }], paymentMethod: 'tarjeta', customerName: 'Marta Fernández Larrañaga' });
  sale = await createSale(server, { items: [{ productId: mate, quantity: 1 }, { productId: bombilla, quantity: 2 }], paymentMethod: 'efectivo' });
  expect(sale.saleNumber).toMatch(/^CENTRO-SUR-LOCAL-0001-\d{8}-00000002$/);
});

/** Replaces the print dialog: records the ticket's text while the page prints. */
async function capturePrints(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { printed: string[] }).printed = [];
    window.print = () => {
      const ticket = document.querySelector('.pos-receipt');
      (window as unknown as { printed: string[] }).printed.push(document.body.classList.contains('pos-printing') ? (ticket?.textContent ?? '') : 'sin modo impresión');
      window.dispatchEvent(new Event('afterprint'));
    };
  });
}
const printed = (page: Page, count: number) =>
  page.waitForFunction((n) => (window as unknown as { printed: string[] }).printed.length >= n, count).then(() => page.evaluate(() => (window as unknown as { printed: string[] }).printed));

describe('sales history at 1024×768', () => {
  it('keeps the row actions on screen with a long sale number and reprints a ticket from the row and from the detail', async () => {
    const page = await adminPage(await newContext(browser, { width: 1024, height: 768 }), server);
    await page.goto(`${server.baseUrl}/sales`);
    const view = page.getByRole('button', { name: `Ver venta ${sale.saleNumber}` });
    await view.waitFor();
    const problems = await layoutProblems(page);
    expect(problems.overflow).toBe(false);
    expect(problems.scrolledTables).toEqual([]);
    for (const button of [view, page.getByRole('button', { name: `Reimprimir ticket de la venta ${sale.saleNumber}` })]) {
      const box = await button.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 1024).toBe(true);
    }

    await capturePrints(page);
    await page.getByRole('button', { name: `Reimprimir ticket de la venta ${sale.saleNumber}` }).click();
    const [fromRow] = await printed(page, 1);
    for (const text of [`Ticket N° ${sale.saleNumber}`, 'Mate de calabaza', 'Bombilla de alpaca', money(8500), money(6401), money(14901), 'Efectivo', 'No válido como factura']) {
      expect(fromRow.replace(/\s+/g, ' ')).toContain(text);
    }

    await view.click();
    const dialog = page.getByRole('dialog', { name: `Detalle de Venta - ${sale.saleNumber}` });
    await dialog.getByRole('button', { name: 'Reimprimir ticket' }).click();
    const [, fromDetail] = await printed(page, 2);
    expect(fromDetail).toBe(fromRow);
  });
});
