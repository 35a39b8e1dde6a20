/**
 * The Content-Security-Policy does not break the built app: public pages, sign-in, the POS and the back
 * office load in real Chromium (service worker allowed) with the header present and without a single CSP
 * violation (Mantine's inline styles, data:/blob: images, the service worker and the API are all allowed).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPage } from './backoffice-helpers';
import { serverAndBrowser } from './harness';
import { newDevice, waitForServiceWorker } from './pos-helpers';

let context: BrowserContext;
let page: Page;

const { server, browser } = await serverAndBrowser();
beforeAll(async () => {
  context = await newDevice(browser, { serviceWorkers: 'allow' });
  context.setDefaultTimeout(15_000);
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  page = await adminPage(context, server);
});

const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

describe('Content-Security-Policy in the browser', () => {
  it.each([
    ['/', 'Catálogo'],
    ['/catalog', 'Catálogo'],
    ['/dashboard', 'Dashboard'],
    ['/products', 'Gestión de Productos'],
    ['/settings', 'Configuración'],
  ])('%s renders without violations', async (url, text) => {
    const response = await page.goto(`${server.baseUrl}${url}`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByText(text).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
  });

  it('/pos loads its local catalogue and registers the service worker without violations', async () => {
    await page.goto(`${server.baseUrl}/pos`);
    await page.getByTestId('pos-product').first().waitFor();
    await waitForServiceWorker(page);
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
  });
});
