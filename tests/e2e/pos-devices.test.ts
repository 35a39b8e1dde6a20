/**
 * Several POS at once, in real Chromium against the real server: two devices (two browser contexts)
 * sell the last units of one product while offline — both sales land, the stock goes below zero by
 * exactly both quantities and the oversold sale is flagged; and two tabs of one device with pending
 * sales — one uploader (every sale travels in exactly one push request), no duplicates.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, SELLER_PASSWORD, serverAndBrowser } from './harness';
import { addProduct, checkout, createProduct, deviceOutbox, newDevice, openPos, productCard, productStock, searchBox, serverSales, signInAndOpenPos, waitAllSynced } from './pos-helpers';

const ids: Record<string, number> = {};

const { server, browser } = await serverAndBrowser();
const seller = await server.createSeller('vera');
beforeAll(async () => {
  ids.last = await createProduct(server, { name: 'Funda de cuero edición limitada', code: '7791234500066', price: 19000, stock: 3 });
  ids.tabs = await createProduct(server, { name: 'Pila recargable AA', code: '7791234500073', price: 3500, stock: 50 });
});

describe('POS on several devices and tabs', () => {
  it('two devices sell the last units offline: both sales land, stock = initial − both quantities, the oversell is flagged', async () => {
    const devices: Page[] = [];
    for (const [user, password] of [
      [seller, SELLER_PASSWORD],
      ['admin', ADMIN_PASSWORD],
    ]) {
      const page = await (await newDevice(browser)).newPage();
      await signInAndOpenPos(page, server.baseUrl, user, password);
      await searchBox(page).fill('funda de cuero');
      await productCard(page, 'Funda de cuero edición limitada').getByText('Stock: 3').waitFor();
      devices.push(page);
    }
    for (const page of devices) await page.context().setOffline(true);
    for (const page of devices) {
      await addProduct(page, 'Funda de cuero edición limitada', 2);
      await checkout(page);
    }
    for (const page of devices) await page.context().setOffline(false);
    const sold = [(await waitAllSynced(devices[0], 1))[0], (await waitAllSynced(devices[1], 1))[0]];

    const onServer = (await serverSales(server)).filter((s) => sold.some((d) => d.clientSaleId === s.clientSaleId));
    expect(onServer).toHaveLength(2);
    expect(await productStock(server, ids.last)).toBe(3 - 4);
    const flagged = onServer.filter((s) => s.flags.includes('oversold'));
    expect(flagged).toHaveLength(1);
    const device = devices.find((_, i) => sold[i].clientSaleId === flagged[0].clientSaleId) as Page;
    expect((await deviceOutbox(device))[0].flags).toContain('oversold');
    await device.getByTestId('sync-status').click();
    await device.getByRole('dialog', { name: 'Sincronización' }).getByText('Sobreventa').waitFor();
    for (const page of devices) await page.context().close();
  });

  it('two tabs of one device with pending sales: one uploader, every sale sent once, none duplicated', async () => {
    const context = await newDevice(browser);
    // Every push of both tabs, as the server answered it (which sales, what status), and how many were
    // in flight at once. Answers are held back a moment so a second uploader would overlap the first.
    const pushed: { clientSaleId: string; status: string }[][] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    // route.fetch() goes out from Node, past the context's offline emulation: an offline tab's push must fail here as it would on the wire.
    let offline = false;
    await context.route('**/api/sync/push', async (route) => {
      if (offline) return route.abort('internetdisconnected');
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const response = await route.fetch();
      pushed.push(((await response.json()) as { data: { results: { clientSaleId: string; status: string }[] } }).data.results);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      inFlight -= 1;
      await route.fulfill({ response });
    });
    const first = await context.newPage();
    await signInAndOpenPos(first, server.baseUrl, seller, SELLER_PASSWORD);
    const second = await context.newPage();
    await second.goto(`${server.baseUrl}/pos`);
    await openPos(second);

    await context.setOffline(true);
    offline = true;
    for (const page of [first, first, second, second]) {
      await page.bringToFront();
      await addProduct(page, 'Pila recargable AA', 2);
      await checkout(page);
    }
    const queued = await deviceOutbox(first);
    expect(queued.map((s) => s.status)).toEqual(['pending', 'pending', 'pending', 'pending']);
    expect(pushed).toEqual([]);

    offline = false;
    await context.setOffline(false);
    await waitAllSynced(first, 4);
    await waitAllSynced(second, 4);
    expect(maxInFlight).toBe(1);
    const results = pushed.flat();
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    const sentIds = results.map((r) => r.clientSaleId);
    expect([...sentIds].sort()).toEqual(queued.map((s) => s.clientSaleId).sort());
    const onServer = (await serverSales(server)).filter((s) => sentIds.includes(s.clientSaleId as string));
    expect(onServer).toHaveLength(4);
    expect(await productStock(server, ids.tabs)).toBe(50 - 8);
    await context.close();
  });
});
