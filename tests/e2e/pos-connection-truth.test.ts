/**
 * Issue #29 item 5 in real Chromium against the real server: the connection indicator tells the truth.
 *  - nothing pending, the server dies (every /api/ request refused): the bar says «Sin conexión» within
 *    10 s (the engine's idle probe), and over the next minute the POS sends at most 10 requests;
 *  - a reload during the outage with sales pending: the bar says «Sin conexión» at once (the retry gate
 *    remembers the failures), never «En línea» beside «N ventas pendientes»; the sync panel reads «Sin
 *    conexión con el servidor», not «Error al registrar venta (intentos: N)», and no sale says «Enviando».
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SELLER_PASSWORD, serverAndBrowser } from './harness';
import { addProduct, checkout, createProduct, newDevice, signInAndOpenPos, waitAllSynced, waitForOutbox } from './pos-helpers';

const { server, browser } = await serverAndBrowser();
const seller = await server.createSeller('vera');
await createProduct(server, { name: 'Yerba mate 1 kg', code: '7791234500103', price: 4500, stock: 50 });

async function countedPos() {
  const context = await newDevice(browser);
  const page = await context.newPage();
  const log = { down: false, since: 0, requests: [] as { at: number; what: string }[] };
  await context.route('**/api/**', (route: Route) => {
    const url = new URL(route.request().url());
    const sync = url.pathname.startsWith('/api/sync/') || url.pathname === '/api/health';
    if (log.down && sync) log.requests.push({ at: Date.now(), what: `${route.request().method()} ${url.pathname}` });
    return log.down ? route.abort('connectionrefused') : route.continue();
  });
  await signInAndOpenPos(page, server.baseUrl, seller, SELLER_PASSWORD);
  return { page, log };
}

const bar = (page: Page) => page.getByTestId('sync-status');

describe('the connection indicator tells the truth (issue #29 item 5)', () => {
  it('nothing pending, the server dies: «Sin conexión» within 10 s, and at most 10 requests in the next 60 s', async () => {
    const { page, log } = await countedPos();
    await page.locator('[data-testid="sync-status"][data-online="true"]').waitFor();
    await addProduct(page, 'Yerba mate 1 kg');
    await checkout(page);
    await waitAllSynced(page, 1);
    log.down = true;
    const died = Date.now();
    await page.locator('[data-testid="sync-status"][data-online="false"]').waitFor({ timeout: 10_000 });
    expect(Date.now() - died).toBeLessThanOrEqual(10_000);
    expect(await bar(page).innerText()).toContain('Sin conexión');
    // A minute down: the idle probe and every trigger go through the one backoff gate.
    await page.waitForTimeout(Math.max(0, 60_000 - (Date.now() - died)));
    const sent = log.requests.filter((r) => r.at - died <= 60_000).map((r) => r.what);
    expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(10);
    expect(sent.length, sent.join('\n')).toBeGreaterThanOrEqual(2);
    log.down = false;
    await page.locator('[data-testid="sync-status"][data-online="true"]').waitFor({ timeout: 75_000 });
    await page.context().close();
  }, 180_000);

  it('a reload during an outage with sales pending: «Sin conexión» at once, the reason is the connection, nothing «Enviando»', async () => {
    const { page, log } = await countedPos();
    await page.locator('[data-testid="sync-status"][data-online="true"]').waitFor();
    log.down = true;
    for (let i = 0; i < 2; i += 1) {
      await addProduct(page, 'Yerba mate 1 kg');
      await checkout(page);
    }
    await page.locator('[data-testid="sync-status"][data-online="false"]').waitFor();
    await waitForOutbox(page, (sales) => sales.length === 2 && sales.every((s) => s.status === 'pending' && s.lastError !== null));

    await page.reload();
    await bar(page).waitFor();
    await page.locator('[data-testid="sync-status"][data-online="false"]').waitFor({ timeout: 3_000 });
    expect(await bar(page).innerText()).toMatch(/Sin conexión · 2 ventas pendientes/);

    await bar(page).click();
    const panel = page.getByRole('dialog', { name: 'Sincronización' });
    await panel.getByText('Sin conexión', { exact: true }).waitFor();
    const rows = panel.getByTestId('outbox-sale');
    await expect.poll(() => rows.count()).toBe(2);
    const text = await panel.innerText();
    expect(text).toContain('Sin conexión con el servidor');
    expect(text).not.toContain('Error al registrar venta');
    expect(text).not.toContain('intentos');
    expect(text).not.toMatch(/Enviando/i);
    expect(await panel.locator('[data-testid="outbox-sale"][data-status="syncing"]').count()).toBe(0);

    log.down = false;
    await panel.getByRole('button', { name: 'Sincronizar ahora' }).click();
    await waitAllSynced(page, 2);
    await page.locator('[data-testid="sync-status"][data-online="true"]').waitFor();
    await page.context().close();
  });
});
