/**
 * A checkout that fits the counter tablet (issue #35 item 6): at 1024×768 and 768×1024, with a long cart and
 * Factura open, «Completar Venta» shows Total and «Confirmar Venta» without scrolling (inside the window,
 * not covered), and the Ticket/Factura switch and the menu button are at least 44 px tall.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot, SELLER_PASSWORD, serverAndBrowser } from './harness';
import { addProduct, createProduct, newDevice, signInAndOpenPos } from './pos-helpers';

const { server, browser } = await serverAndBrowser({ ARCA_TAX_CONDITION: 'responsable_inscripto' });
const seller = await server.createSeller('ajuste');
const NAMES = Array.from({ length: 14 }, (_, i) => `Producto de almacén con nombre largo ${String(i).padStart(2, '0')}`);
beforeAll(async () => {
  for (const [i, name] of NAMES.entries()) await createProduct(server, { name, code: `E2E-FIT-${i}`, price: 1000 + i, stock: 5 });
});

/** The element is inside the window and is what a tap at its centre hits (nothing covers it). */
async function inView(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  if (!box) return false;
  const viewport = page.viewportSize()!;
  if (box.y < 0 || box.x < 0 || box.y + box.height > viewport.height || box.x + box.width > viewport.width) return false;
  return locator.evaluate((el, [x, y]) => {
    const hit = document.elementFromPoint(x, y);
    return hit !== null && (el === hit || el.contains(hit));
  }, [box.x + box.width / 2, box.y + box.height / 2]);
}

describe.each([
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
])('checkout at $width×$height', (viewport) => {
  it('shows Total and Confirmar Venta without scrolling with a long cart and Factura open; 44 px targets', async () => {
    const context = await newDevice(browser, { viewport });
    const page = await context.newPage();
    await signInAndOpenPos(page, server.baseUrl, seller, SELLER_PASSWORD);
    const menu = page.getByRole('button', { name: 'Abrir menú' });
    expect((await menu.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    for (const name of NAMES) await addProduct(page, name);
    await page.getByRole('button', { name: 'Procesar Venta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Completar Venta' });
    await dialog.waitFor();
    await dialog.getByText('Factura', { exact: true }).click();
    await dialog.getByTestId('invoice-choice').waitFor();
    const total = dialog.getByTestId('checkout-total');
    const confirm = dialog.getByRole('button', { name: 'Confirmar Venta' });
    expect(await inView(page, total)).toBe(true);
    expect(await inView(page, confirm)).toBe(true);
    const segments = await dialog.locator('.mantine-SegmentedControl-label').evaluateAll((labels) => labels.map((l) => l.getBoundingClientRect().height));
    for (const height of segments) expect(height).toBeGreaterThanOrEqual(44);
    await screenshot(page, `checkout-${viewport.width}x${viewport.height}`, false);
    await context.close();
  });
});
