/**
 * The POS on the shop's tablet sizes (issue #14 items 3, 5): at 1024×768 and 768×1024 at least 12
 * product cards are fully on screen, the cart panel with several lines and the last sale is fully
 * readable (nothing cut or truncated), the navigation is a 240 px drawer out of the way; screenshots.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot, SELLER_PASSWORD, serverAndBrowser } from './harness';
import { addProduct, checkout, createProduct, newDevice, signInAndOpenPos } from './pos-helpers';

const NAMES = ['Alfajor triple de chocolate', 'Galletitas de agua 300 g', 'Gaseosa cola 2,25 l', 'Agua mineral 1,5 l'];

const { server, browser } = await serverAndBrowser();
const seller = await server.createSeller('tablet');
beforeAll(async () => {
  for (let i = 0; i < 24; i += 1) {
    const name = NAMES[i] ?? `Artículo de almacén ${String(i).padStart(2, '0')}`;
    await createProduct(server, { name, code: `E2E-LAY-${i}`, price: 1250.5 + i * 100, stock: 40 });
  }
});

/** Cards whose whole box is inside both the viewport and the grid's scrolling area. */
function visibleCards(page: Page): Promise<number> {
  return page.evaluate(() => {
    const scroller = document.querySelector('[data-testid="pos-grid"]')!.parentElement!.getBoundingClientRect();
    return [...document.querySelectorAll('[data-testid="pos-product"]')].filter((card) => {
      const r = card.getBoundingClientRect();
      return r.top >= Math.max(0, scroller.top) && r.bottom <= Math.min(innerHeight, scroller.bottom) && r.left >= 0 && r.right <= innerWidth;
    }).length;
  });
}

/** Elements of the cart panel whose text is clipped or that stick out of the screen. */
function cutInCart(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const panel = document.querySelector('section[aria-label="Carrito de Compra"]')!;
    const lastSale = panel.querySelector('[data-testid="last-sale"]')!;
    const checks = [...lastSale.querySelectorAll('p, span, button'), ...panel.querySelectorAll('button')];
    return checks
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return el.scrollWidth > el.clientWidth + 1 || r.bottom > innerHeight || r.right > innerWidth || r.left < 0;
      })
      .map((el) => el.textContent ?? el.tagName);
  });
}

describe.each([
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
])('POS at $width×$height', (viewport) => {
  it('shows at least 12 products and a cart panel with nothing cut', async () => {
    const context = await newDevice(browser, { viewport });
    const page = await context.newPage();
    await signInAndOpenPos(page, server.baseUrl, seller, SELLER_PASSWORD);
    await addProduct(page, NAMES[0], 2);
    await checkout(page);
    for (const name of NAMES) await addProduct(page, name);
    await page.getByTestId('last-sale').waitFor();
    // The navigation is out of the way: no permanent side bar.
    await screenshot(page, `pos-${viewport.width}x${viewport.height}`, false);
    const nav = page.locator('nav').first();
    const navRight = () => page.evaluate(() => document.querySelector('nav')!.getBoundingClientRect().right);
    expect(await navRight()).toBeLessThanOrEqual(0);
    expect(await visibleCards(page)).toBeGreaterThanOrEqual(12);
    expect(await cutInCart(page)).toEqual([]);

    // The burger opens the 240 px navigation drawer (spec, and below 900 px too).
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.waitForFunction(() => document.querySelector('nav')!.getBoundingClientRect().left >= 0);
    expect(Math.round((await nav.boundingBox())!.width)).toBe(240);
    await context.close();
  });
});
