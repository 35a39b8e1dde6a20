/**
 * Issue #29 item 6: over plain http:// with a LAN name (not localhost) the page is not a secure context,
 * so WebCrypto and the service worker are missing. The staff screens (sign-in, POS) must say that HTTPS
 * is needed and where the recipe is, instead of an empty register that says "Todo sincronizado"; the
 * public landing still opens. `pos.lan` resolves to 127.0.0.1 through Chromium's own resolver rules.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { launchBrowser, startServer } from './harness';
import { newDevice } from './pos-helpers';

const server = await startServer();
afterAll(() => server.close());
const browser = await launchBrowser(['--host-resolver-rules=MAP pos.lan 127.0.0.1']);
afterAll(() => browser.close());
const lanUrl = server.baseUrl.replace('localhost', 'pos.lan');

describe('plain http with a LAN name', () => {
  it('the POS and the sign-in show the HTTPS screen; the landing still opens', async () => {
    const context = await newDevice(browser);
    const page = await context.newPage();
    await page.goto(`${lanUrl}/pos`);
    const screen = page.getByTestId('https-required');
    await screen.getByRole('heading', { name: 'Se necesita HTTPS' }).waitFor();
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
    const text = await screen.innerText();
    expect(text).toContain('tls internal');
    expect(text).toContain('docs/operations.md');
    expect(await screen.getByRole('link', { name: 'https://pos.lan/pos' }).getAttribute('href')).toBe('https://pos.lan/pos');
    // Never the empty register: no product grid, no sync status.
    expect(await page.getByText('No hay productos con stock para vender').count()).toBe(0);
    expect(await page.getByTestId('sync-status').count()).toBe(0);

    await page.goto(`${lanUrl}/login`);
    await screen.getByRole('heading', { name: 'Se necesita HTTPS' }).waitFor();
    expect(await page.getByLabel('Usuario').count()).toBe(0);

    await page.goto(`${lanUrl}/`);
    await page.getByRole('button', { name: 'Ver Catálogo' }).waitFor();
    expect(await screen.count()).toBe(0);
    await context.close();
  });

  it('the same server on localhost (a secure context) opens the sign-in', async () => {
    const context = await newDevice(browser);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel('Usuario').waitFor();
    expect(await page.getByTestId('https-required').count()).toBe(0);
    await context.close();
  });
});
