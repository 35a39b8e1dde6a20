/**
 * The counter with a keyboard-wedge scanner (issue #14 items 1, 7, 15): a code typed at 10 ms per
 * character plus Enter lands in the search box after every sale, closed dialog and notice, with no tap
 * on the box; a keyboard-only sale takes the codes plus at most 4 keys; and a scan made before the
 * catalogue has loaded waits for it (issue #17).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SELLER_PASSWORD, serverAndBrowser } from './harness';
import { cartQuantity, createProduct, newDevice, productStock, searchBox, serverSales, signInAndOpenPos, waitAllSynced, waitForOutbox } from './pos-helpers';

const ids: Record<string, number> = {};
const YERBA = '7790387000012';
const AZUCAR = '7790150000027';

const { server, browser } = await serverAndBrowser();
const seller = await server.createSeller('caja');
beforeAll(async () => {
  ids.yerba = await createProduct(server, { name: 'Yerba mate 1 kg', code: YERBA, price: 4200, stock: 50 });
  ids.azucar = await createProduct(server, { name: 'Azúcar 1 kg', code: AZUCAR, price: 1500.5, stock: 50 });
});

async function cashierPos(): Promise<Page> {
  const context = await newDevice(browser, { viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  await signInAndOpenPos(page, server.baseUrl, seller, SELLER_PASSWORD);
  return page;
}

/** What a USB scanner does: the code at 10 ms per character, then Enter, into whatever has the focus. */
async function scan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code, { delay: 10 });
  await page.keyboard.press('Enter');
}

const searchHasFocus = (page: Page) => page.evaluate(() => document.activeElement?.hasAttribute('data-pos-search') ?? false);
const lineCount = (page: Page) => page.getByTestId('cart-line').count();

async function waitLines(page: Page, expected: number): Promise<void> {
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="cart-line"]').length === n, expected, { timeout: 15_000 });
}

describe('POS with a scanner', () => {
  it('sells 5 sales in a row with the scanner, no tap on the search box between them', async () => {
    const page = await cashierPos();
    for (let sale = 1; sale <= 5; sale += 1) {
      await scan(page, YERBA);
      await scan(page, AZUCAR);
      await waitLines(page, 2);
      // The cashier charges with the mouse (the path where the focus used to stay on "Procesar Venta").
      await page.getByRole('button', { name: 'Procesar Venta' }).click();
      const dialog = page.getByRole('dialog', { name: 'Completar Venta' });
      await dialog.getByRole('button', { name: 'Confirmar Venta' }).click();
      await waitForOutbox(page, (sales) => sales.length === sale);
      await page.getByText('Venta registrada correctamente').first().waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await page.waitForFunction(() => document.activeElement?.hasAttribute('data-pos-search'), undefined, { timeout: 10_000 });
      expect(await lineCount(page)).toBe(0);
    }
    const device = await waitAllSynced(page, 5);
    const onServer = (await serverSales(server)).filter((s) => device.some((d) => d.clientSaleId === s.clientSaleId));
    expect(onServer).toHaveLength(5);
    expect(onServer.every((s) => s.total === 5700.5)).toBe(true);
    expect(await productStock(server, ids.yerba)).toBe(45);
    // "El carrito está vacío" never showed: no Enter ever reached "Procesar Venta".
    expect(await page.getByText('El carrito está vacío').count()).toBe(0);
    await page.context().close();
  });

  it('a scan made while the catalogue is still loading waits for it and adds the product (never "no encontrado")', async () => {
    const page = await cashierPos();
    // On the next load, a readwrite transaction on the products store, held until the test releases it
    // (or 30 s), keeps the POS index (and any product read) waiting, as a large catalogue would: the scan
    // lands before the index is ready, however slow the machine.
    await page.context().addInitScript(() => {
      if (!sessionStorage.getItem('holdProducts')) return;
      sessionStorage.removeItem('holdProducts');
      const open = indexedDB.open('mostrador');
      open.onsuccess = () => {
        const store = open.result.transaction('products', 'readwrite').objectStore('products');
        const until = Date.now() + 30_000;
        const spin = () => {
          if (!(window as { releaseProducts?: boolean }).releaseProducts && Date.now() < until) store.get(-1).onsuccess = spin;
        };
        spin();
      };
    });
    await page.evaluate(() => sessionStorage.setItem('holdProducts', '1'));
    await page.reload();
    await page.getByText('Cargando productos…').waitFor();
    await page.waitForFunction(() => document.activeElement?.hasAttribute('data-pos-search'), undefined, { timeout: 10_000 });
    await scan(page, YERBA);
    expect(await page.getByText('Cargando productos…').isVisible()).toBe(true);
    expect(await page.getByTestId('cart-line').count()).toBe(0);
    await page.evaluate(() => ((window as { releaseProducts?: boolean }).releaseProducts = true));
    await waitLines(page, 1);
    await page.getByTestId('pos-product').first().waitFor();
    expect(await page.getByText('Producto no encontrado').count()).toBe(0);
    expect(await page.getByTestId('cart-line').innerText()).toContain('Yerba mate 1 kg');
    expect(await searchBox(page).inputValue()).toBe('');
    expect(await searchHasFocus(page)).toBe(true);
    await page.context().close();
  });

  it('after a cancelled checkout and a refused code the next scan still goes to the search box', async () => {
    const page = await cashierPos();
    await scan(page, YERBA);
    await waitLines(page, 1);
    await page.getByRole('button', { name: 'Procesar Venta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Completar Venta' });
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForFunction(() => document.activeElement?.hasAttribute('data-pos-search'), undefined, { timeout: 10_000 });
    await scan(page, '0000000000000');
    await page.getByText('Producto no encontrado').first().waitFor();
    // The focus left on a button (a tap on the cart) does not swallow the scan either.
    await page.getByRole('button', { name: 'Sumar uno de Yerba mate 1 kg' }).click();
    await scan(page, AZUCAR);
    await waitLines(page, 2);
    expect(await searchHasFocus(page)).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Buscar producto' }).inputValue()).toBe('');
    await page.context().close();
  });

  it('a scanned line shows at once, and when the device store then refuses it (stock sold meanwhile) it goes away with the warning', async () => {
    const code = '7790000000999';
    const id = await createProduct(server, { name: 'Mate de calabaza', code, price: 9000, stock: 3 });
    const page = await cashierPos();
    await scan(page, YERBA);
    await waitLines(page, 1);
    await searchBox(page).fill('calabaza');
    await page.getByRole('button', { name: 'Agregar Mate de calabaza', exact: true }).waitFor();
    await searchBox(page).fill('');
    // The stored product now has no stock, written straight to IndexedDB: the in-memory catalogue
    // (which only re-reads what a change announces) still shows 3, as when a sale of another tab is being read.
    await page.evaluate(
      (productId) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('mostrador');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('products', 'readwrite');
            const store = tx.objectStore('products');
            store.get(productId).onsuccess = (event) => store.put({ ...(event.target as IDBRequest).result, stock: 0 });
            tx.oncomplete = () => (open.result.close(), resolve());
            tx.onerror = () => reject(tx.error);
          };
        }),
      id,
    );
    await page.evaluate(() => {
      (window as { linesSeen?: number }).linesSeen = 0;
      new MutationObserver(() => {
        const w = window as { linesSeen?: number };
        w.linesSeen = Math.max(w.linesSeen ?? 0, document.querySelectorAll('[data-testid="cart-line"]').length);
      }).observe(document.body, { childList: true, subtree: true });
    });
    await scan(page, code);
    await page.getByText('No hay más stock disponible').first().waitFor();
    await waitLines(page, 1);
    // It was shown (2 lines) before the write refused it; now only the yerba is there, on screen and stored.
    expect(await page.evaluate(() => (window as { linesSeen?: number }).linesSeen)).toBe(2);
    expect(await page.getByTestId('cart-line').innerText()).toContain('Yerba mate 1 kg');
    const stored = await page.evaluate(
      () =>
        new Promise<number[]>((resolve, reject) => {
          const open = indexedDB.open('mostrador');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const all = open.result.transaction('cart').objectStore('cart').getAll();
            all.onsuccess = () => (open.result.close(), resolve((all.result as { productId: number }[]).map((line) => line.productId)));
          };
        }),
    );
    expect(stored).toEqual([ids.yerba]);
    // The next scan still works, and adds to the line that is really there.
    await scan(page, YERBA);
    await expect.poll(() => cartQuantity(page, 'Yerba mate 1 kg'), { timeout: 15_000 }).toBe(2);
    await page.context().close();
  });

  it('a keyboard-only sale takes the codes plus 2 keys (F9, Enter), with the shortcuts shown on screen', async () => {
    const page = await cashierPos();
    await page.getByText('F9', { exact: true }).first().waitFor();
    await page.getByText('F2', { exact: true }).first().waitFor();
    await scan(page, YERBA);
    await scan(page, YERBA);
    await waitLines(page, 1);
    let keys = 0;
    const press = async (key: string) => {
      keys += 1;
      await page.keyboard.press(key);
    };
    await press('F9');
    const dialog = page.getByRole('dialog', { name: 'Completar Venta' });
    await dialog.waitFor();
    // The checkout opens in its first field, not on its close button.
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-autofocus') !== null && document.activeElement?.tagName === 'INPUT');
    await press('Enter');
    await waitForOutbox(page, (sales) => sales.length === 1);
    await page.getByText('Venta registrada correctamente').first().waitFor();
    expect(keys).toBeLessThanOrEqual(4);
    const [sale] = await waitAllSynced(page, 1);
    const onServer = (await serverSales(server)).find((s) => s.clientSaleId === sale.clientSaleId);
    expect(onServer?.total).toBe(8400);

    // The payment method by keyboard (issue #38 item 3): the group is one Tab stop, the arrows choose.
    await scan(page, AZUCAR);
    await waitLines(page, 1);
    await page.keyboard.press('F9');
    await dialog.waitFor();
    const focused = () => page.evaluate(() => `${document.activeElement?.getAttribute('role') ?? ''}:${document.activeElement?.textContent?.trim() ?? ''}`);
    for (let i = 0; i < 20 && !(await focused()).startsWith('radio:'); i += 1) await page.keyboard.press('Tab');
    expect(await focused()).toBe('radio:Efectivo');
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe('radio:Tarjeta');
    await dialog.getByRole('radio', { name: 'Tarjeta', checked: true }).waitFor();
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe('radio:Transferencia');
    await page.keyboard.press('Home');
    expect(await focused()).toBe('radio:Efectivo');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('radio:Tarjeta');
    await page.keyboard.press('Tab');
    expect(await focused()).not.toMatch(/^radio:/);
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe('radio:Tarjeta');
    for (let i = 0; i < 20 && !(await focused()).startsWith(':Confirmar Venta'); i += 1) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const byCard = (await waitAllSynced(page, 2)).find((s) => s.clientSaleId !== sale.clientSaleId);
    const sales = (await server.api('GET', '/sales?limit=500', { token: await server.adminToken() })).body.data as { clientSaleId: string; paymentMethod: string }[];
    expect(sales.find((s) => s.clientSaleId === byCard?.clientSaleId)?.paymentMethod).toBe('tarjeta');
    await dialog.waitFor({ state: 'hidden' });

    // Esc cancels the checkout and F2 brings the focus back from anywhere.
    await scan(page, AZUCAR);
    await waitLines(page, 1);
    await press('F9');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Procesar Venta' }).focus();
    await page.keyboard.press('F2');
    expect(await searchHasFocus(page)).toBe(true);
    await page.context().close();
  });
});
