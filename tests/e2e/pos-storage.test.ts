/**
 * Issue #29 item 4 in real Chromium against the real server:
 *  - the POS asks for persistent storage after sign-in, and the sync panel shows the answer and the free space;
 *  - offline with sales pending, «Exportar ventas pendientes» saves a file with the very bodies the push
 *    sends; the back office imports it (Configuración → Dispositivos) and again: the sales land once, and the
 *    tablet delivering them itself later gets `duplicate`;
 *  - the browser drops the tablet's database: the panel says plainly that its unsent sales are gone.
 */
import { readFileSync } from 'node:fs';
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, SELLER_PASSWORD, loginThroughForm, serverAndBrowser } from './harness';
import { addProduct, checkout, createProduct, deviceOutbox, newDevice, serverSales, signInAndOpenPos, waitAllSynced, waitForOutbox } from './pos-helpers';

const { server, browser } = await serverAndBrowser();
const seller = await server.createSeller('vera');
await createProduct(server, { name: 'Yerba mate 1 kg', code: '7791234500103', price: 4500, stock: 50 });

describe('the browser storage and the pending-sales file (issue #29 item 4)', () => {
  it('persist() is asked for and shown; the exported pending sales, imported twice, land once', async () => {
    const context = await newDevice(browser);
    // Counts the app's calls to persist() (and lets them through).
    await context.addInitScript(() => {
      const original = StorageManager.prototype.persist;
      (window as unknown as { persistCalls: number }).persistCalls = 0;
      StorageManager.prototype.persist = function persist(this: StorageManager) {
        (window as unknown as { persistCalls: number }).persistCalls += 1;
        return original.call(this);
      };
    });
    let down = false;
    await context.route('**/api/**', (route: Route) => (down && new URL(route.request().url()).pathname.startsWith('/api/sync/') ? route.abort('connectionrefused') : route.continue()));
    const page = await context.newPage();
    await signInAndOpenPos(page, server.baseUrl, seller, SELLER_PASSWORD);
    await expect.poll(() => page.evaluate(() => (window as unknown as { persistCalls: number }).persistCalls)).toBeGreaterThanOrEqual(1);

    await page.getByTestId('sync-status').click();
    const panel = page.getByRole('dialog', { name: 'Sincronización' });
    const info = panel.getByTestId('storage-info');
    await info.waitFor();
    const persisted = await page.evaluate(() => navigator.storage.persisted());
    expect(await info.getAttribute('data-persisted')).toBe(String(persisted));
    expect(await info.innerText()).toMatch(/Almacenamiento: .*libres de/);
    expect(await panel.getByRole('button', { name: 'Exportar ventas pendientes' }).count()).toBe(0); // nothing pending
    await page.keyboard.press('Escape');

    down = true;
    for (let i = 0; i < 2; i += 1) {
      await addProduct(page, 'Yerba mate 1 kg');
      await checkout(page);
    }
    const pending = await waitForOutbox(page, (sales) => sales.length === 2 && sales.every((s) => s.status === 'pending'));
    await page.getByTestId('sync-status').click();
    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Exportar ventas pendientes' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^ventas-pendientes-[0-9A-F]{4}-\d{8}-\d{4}\.json$/);
    const path = await download.path();
    const file = JSON.parse(readFileSync(path, 'utf8'));
    expect(file).toMatchObject({ format: 'mostrador-ventas-pendientes', schemaVersion: expect.any(Number) });
    expect(file.sales.map((s: { clientSaleId: string }) => s.clientSaleId)).toEqual(pending.map((s) => s.clientSaleId));
    expect(file.sales[0]).toMatchObject({ deviceSeq: pending[0].deviceSeq, paymentMethod: 'efectivo', items: [{ quantity: 1, unitPrice: 4500 }] });

    // The back office imports the file, through its screen, then the same file again.
    const before = (await serverSales(server)).length;
    const office = await (await newDevice(browser)).newPage();
    await loginThroughForm(office, server.baseUrl, 'admin', ADMIN_PASSWORD);
    await office.goto(`${server.baseUrl}/settings`);
    await office.getByRole('tab', { name: 'Dispositivos' }).click();
    const [chooser] = await Promise.all([office.waitForEvent('filechooser'), office.getByRole('button', { name: 'Importar ventas pendientes' }).click()]);
    await chooser.setFiles(path);
    const result = office.getByTestId('pending-import-result');
    await result.waitFor();
    expect(await result.innerText()).toContain('2 ventas nuevas, 0 ya estaban registradas, 0 rechazadas');
    const again = await server.api('POST', '/sync/import', { token: await server.adminToken(), body: file });
    expect(again.status).toBe(200);
    expect([again.body.data.applied, again.body.data.duplicates, again.body.data.rejected]).toEqual([0, 2, 0]);
    expect((await serverSales(server)).length - before).toBe(2);
    await office.context().close();

    // The tablet reaches the server again: its own push finds them already there.
    down = false;
    await panel.getByRole('button', { name: 'Sincronizar ahora' }).click();
    await waitAllSynced(page, 2);
    expect((await serverSales(server)).length - before).toBe(2);
    expect((await deviceOutbox(page)).every((s) => s.saleNumber !== null)).toBe(true);
    await context.close();
  });

  it('the browser drops the database of a registered tablet: the panel says its unsent sales are gone', async () => {
    const context = await newDevice(browser);
    const page = await context.newPage();
    await signInAndOpenPos(page, server.baseUrl, seller, SELLER_PASSWORD);
    await waitAllSynced(page, 0);
    await page.waitForFunction(() => document.cookie.includes('mostrador-device=') || localStorage.getItem('mostrador-device') !== null);
    const oldId = await page.evaluate(() => localStorage.getItem('mostrador-device'));
    // What an eviction does to IndexedDB (the session and the mark outside it stay).
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const request = indexedDB.deleteDatabase('mostrador');
          request.onsuccess = () => resolve();
          request.onerror = () => reject(request.error);
        }),
    );
    await page.reload();
    const lost = page.getByTestId('storage-lost');
    await page.getByTestId('sync-status').click();
    await lost.waitFor({ timeout: 30_000 });
    const short = oldId!.replace(/-/g, '').slice(0, 4).toUpperCase();
    expect(await lost.innerText()).toContain(`Caja ${short}`);
    expect(await lost.innerText()).toContain('se perdieron');
    await lost.getByRole('button', { name: 'Entendido' }).click();
    await lost.waitFor({ state: 'detached' });
    await context.close();
  });
});
