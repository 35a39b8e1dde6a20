/**
 * Where the installed app opens (issue #14 item 10): the manifest's start_url (/app) takes a visitor to
 * the landing, a signed-in cashier to the POS, and a staff member back to the last staff screen they
 * used on this device — the screen remembered for another user never applies.
 */

import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, loginThroughForm, newContext, SELLER_PASSWORD, serverAndBrowser } from './harness';

const { server, browser } = await serverAndBrowser({ DEMO_DATA: 'false' });
const seller = await server.createSeller('cajera');

const pathOf = (url: string) => new URL(url).pathname;

describe('installed app start', () => {
  it('the manifest starts at /app, which opens the landing for a visitor', async () => {
    const manifest = await (await fetch(`${server.baseUrl}/manifest.webmanifest`)).json();
    expect(manifest.start_url).toBe('/app');
    const page = await (await newContext(browser)).newPage();
    await page.goto(`${server.baseUrl}/app`);
    await page.waitForURL((url) => pathOf(url.href) === '/');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).first().waitFor();
  });

  it('opens the POS for a signed-in cashier the first time, and the last staff screen afterwards', async () => {
    const context = await newContext(browser, { width: 1024, height: 768 });
    const page = await context.newPage();
    await loginThroughForm(page, server.baseUrl, seller, SELLER_PASSWORD);
    await page.waitForFunction(() => localStorage.getItem('lastStaffScreen')?.includes('/dashboard'));
    await page.evaluate(() => localStorage.removeItem('lastStaffScreen'));
    await page.goto(`${server.baseUrl}/app`);
    await page.waitForURL((url) => pathOf(url.href) === '/pos');

    await page.goto(`${server.baseUrl}/sales`);
    await page.getByRole('heading', { name: 'Historial de Ventas' }).waitFor();
    await page.waitForFunction(() => localStorage.getItem('lastStaffScreen')?.includes('/sales'));
    await page.goto(`${server.baseUrl}/app`);
    await page.waitForURL((url) => pathOf(url.href) === '/sales');

    // Another user on the same device starts at the POS, not at the screen the seller left open.
    await page.evaluate(() => localStorage.clear());
    // The session is gone under the app's feet: its next staff call (401) sends it to /login itself, and a
    // navigation of the test's own at that moment is aborted. Let the page settle on /login first.
    await page.goto(`${server.baseUrl}/login`).catch(() => undefined);
    await page.waitForURL((url) => pathOf(url.href) === '/login');
    await page.waitForLoadState('load');
    await loginThroughForm(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
    await page.waitForFunction(() => localStorage.getItem('lastStaffScreen')?.includes('/dashboard'));
    await page.evaluate(() => localStorage.setItem('lastStaffScreen', JSON.stringify({ userId: 999, path: '/settings' })));
    await page.goto(`${server.baseUrl}/app`);
    await page.waitForURL((url) => pathOf(url.href) === '/pos');
    expect(pathOf(page.url())).toBe('/pos');
  });
});
