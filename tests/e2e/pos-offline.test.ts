/**
 * POS with the network pulled, in real Chromium with the real service worker: three sales offline and a
 * reload offline (app, cart and outbox survive), then back online they reach the server exactly once
 * with their official numbers; offline sign-in for a user who signed in on this device before (and a
 * clear refusal for one who never did), the sign-out warning, an expired session that no longer holds sales
 * back (the device credential delivers them), and a refused credential that keeps sales until an online sign-in.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginThroughForm, screenshot, SELLER_PASSWORD, serverAndBrowser } from './harness';
import {
  addProduct,
  checkout,
  createProduct,
  deviceOutbox,
  newDevice,
  openPos,
  productStock,
  serverSales,
  setDeviceMeta,
  signInAndOpenPos,
  waitAllSynced,
  waitForServiceWorker,
} from './pos-helpers';

const { server, browser } = await serverAndBrowser();
const ids: Record<string, number> = {};
const seller = await server.createSeller('vera');
await server.createSeller('nueva');
ids.yerba = await createProduct(server, { name: 'Yerba mate orgánica 1 kg', code: '7791234500042', price: 5200, stock: 20 });
ids.bombilla = await createProduct(server, { name: 'Bombilla de alpaca', code: '7791234500059', price: 8900, stock: 5 });

const statusButton = (page: Page) => page.getByTestId('sync-status');
/** The status text as shown (the button also holds a visually hidden copy for narrow screens). */
const statusText = (page: Page, text: string | RegExp) => statusButton(page).getByText(text).filter({ visible: true });

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Usuario').fill(username);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
}

describe('POS offline', () => {
  it('three sales offline survive an offline reload and reach the server exactly once when the network returns', async () => {
    const context: BrowserContext = await newDevice(browser, { serviceWorkers: 'allow' });
    const page = await context.newPage();
    await signInAndOpenPos(page, server.baseUrl, seller, SELLER_PASSWORD);
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await statusText(page, /Sin conexión/).waitFor();
    for (const quantity of [1, 2, 3]) {
      await addProduct(page, 'Yerba mate orgánica 1 kg', quantity);
      await checkout(page);
    }
    await page.getByTestId('last-sale-number').getByText('(provisorio)').waitFor();
    // Chromium's Background Sync is asked to wake the app when the network returns.
    const tags = await page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync: { getTags(): Promise<string[]> } };
      return registration.sync.getTags();
    });
    expect(tags).toContain('mostrador-outbox');
    await addProduct(page, 'Bombilla de alpaca');
    await statusText(page, '3 ventas pendientes').waitFor();

    await page.reload();
    await page.getByTestId('cart-line').getByText('Bombilla de alpaca').waitFor();
    await statusText(page, '3 ventas pendientes').waitFor();
    // An attempt may be in flight ('syncing') while offline; it fails and returns the sales to 'pending'.
    let queued = await deviceOutbox(page);
    for (const deadline = Date.now() + 15_000; queued.some((s) => s.status === 'syncing') && Date.now() < deadline; queued = await deviceOutbox(page)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(queued.map((s) => s.status)).toEqual(['pending', 'pending', 'pending']);
    expect(queued.map((s) => s.deviceSeq).sort()).toEqual([1, 2, 3]);
    expect((await serverSales(server)).filter((s) => queued.some((q) => q.clientSaleId === s.clientSaleId))).toEqual([]);
    await screenshot(page, 'pos-offline-after-reload');

    await context.setOffline(false);
    const synced = await waitAllSynced(page, 3);
    const onServer = await serverSales(server);
    for (const sale of synced) expect(onServer.filter((s) => s.clientSaleId === sale.clientSaleId)).toHaveLength(1);
    expect(await productStock(server, ids.yerba)).toBe(20 - 6);

    await statusButton(page).click();
    const panel = page.getByRole('dialog', { name: 'Sincronización' });
    for (const sale of synced) await panel.getByText(sale.saleNumber as string, { exact: true }).waitFor();
    await screenshot(page, 'pos-sync-panel', false);
    expect(await page.getByTestId('cart-line').count()).toBe(1);
    await context.close();
  });

  it('offline sign-in: works for a user who signed in here before, fails clearly for one who never did', async () => {
    const context = await newDevice(browser, { serviceWorkers: 'allow' });
    const page = await context.newPage();
    await loginThroughForm(page, server.baseUrl, seller, SELLER_PASSWORD);
    await waitForServiceWorker(page);
    await openPos(page);
    await signOut(page);
    await page.waitForURL('**/login');

    await context.setOffline(true);
    await page.reload();
    await signIn(page, 'nueva', SELLER_PASSWORD);
    await page.getByRole('alert').getByText(/nunca inició sesión en este dispositivo/).waitFor();
    await signIn(page, seller, 'no-es-la-clave');
    await page.getByRole('alert').getByText('Sin conexión: usuario o contraseña incorrectos').waitFor();
    await signIn(page, seller, SELLER_PASSWORD);
    await page.waitForURL('**/dashboard');
    await openPos(page);

    await addProduct(page, 'Bombilla de alpaca');
    await checkout(page);
    await signOut(page);
    await page.getByText('Hay 1 venta sin sincronizar').waitFor();
    await page.getByRole('button', { name: 'Cancelar' }).click();

    // A long offline period: the stored session has expired when the network returns (refused like any
    // invalid token). The device credential alone delivers the sale, under the seller who made it.
    await page.evaluate(() => localStorage.setItem('token', 'token-vencido'));
    await context.setOffline(false);
    const [sale] = await waitAllSynced(page, 1);
    const delivered = (await serverSales(server)).filter((s) => s.clientSaleId === sale.clientSaleId);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ user: { fullName: 'Vera Vendedora' }, flags: [] });

    // The server no longer knows the device's credential and nobody has a valid session: the next sale
    // waits, the panel asks for an online sign-in, and after it the device registers again and delivers.
    await setDeviceMeta(page, 'deviceKey', 'una-clave-que-el-servidor-no-conoce');
    await addProduct(page, 'Bombilla de alpaca');
    await checkout(page);
    await statusButton(page).click();
    const panel = page.getByRole('dialog', { name: 'Sincronización' });
    await panel.getByText('Sesión vencida').waitFor();
    expect((await deviceOutbox(page)).map((s) => s.status).sort()).toEqual(['pending', 'synced']);
    await panel.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL('**/login');
    await signIn(page, seller, SELLER_PASSWORD);
    await page.waitForURL('**/dashboard');
    const second = (await waitAllSynced(page, 2)).find((s) => s.clientSaleId !== sale.clientSaleId)!;
    const onServer = (await serverSales(server)).filter((s) => s.clientSaleId === second.clientSaleId);
    expect(onServer).toHaveLength(1);
    // The old id keeps its credential on the server, so the device moved to a fresh one.
    expect(onServer[0].deviceId).not.toBe(delivered[0].deviceId);
    await context.close();
  });
});
