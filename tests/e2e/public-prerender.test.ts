/**
 * `/` and `/catalog` arrive prerendered (issue #17 item 8) in real Chromium against the real server: the
 * page is readable before any JavaScript runs, in the saved theme (no flash of the light one for a dark
 * visitor), and React's first render replaces it without moving anything (no layout shift once the shop's
 * data is stored), on a phone and on a desktop.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DESKTOP, newContext, PHONE, serverAndBrowser } from './harness';

const { server, browser } = await serverAndBrowser();
const context = await newContext(browser, PHONE);
afterAll(() => context.close());

const PAGES = [
  { url: '/', heading: /^Bienvenido a / },
  { url: '/catalog', heading: 'Nuestro Catálogo' },
] as const;

/** A page whose JavaScript never arrives: what a visitor sees before it does. */
async function withoutScripts(setup?: (page: Page) => Promise<unknown>): Promise<Page> {
  const page = await context.newPage();
  await page.route('**/assets/*.js', (route) => route.abort());
  await setup?.(page);
  return page;
}

/** Adds up the layout shifts of the page so far (buffered, so nothing before the call is missed). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[];
          resolve(entries.filter((e) => !e.hadRecentInput).reduce((sum, e) => sum + e.value, 0));
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(0), 1000);
      }),
  );

describe('prerendered public pages', () => {
  for (const { url, heading } of PAGES) {
    it(`${url} is readable before its JavaScript runs, inert until React takes over`, async () => {
      const page = await withoutScripts();
      await page.goto(`${server.baseUrl}${url}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await page.locator('#root > [data-prerendered][inert]').count()).toBe(1);
      expect(await page.locator('header').getByText(/Accesorios$/).isVisible()).toBe(true);
      // The spec's theme mark on <body> (default light) is there before React, as the page's colours are.
      expect(await page.evaluate(() => document.body.dataset.theme)).toBe('light');
      await page.close();
    });
  }

  it('the catalogue shows its loading state, the landing its hero', async () => {
    const page = await withoutScripts();
    await page.goto(`${server.baseUrl}/catalog`);
    expect(await page.getByText('Cargando catálogo...').isVisible()).toBe(true);
    await page.goto(`${server.baseUrl}/`);
    expect(await page.getByText('Los mejores productos y accesorios de tecnología').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Ver Catálogo' }).isVisible()).toBe(true);
    await page.close();
  });

  it('a dark-theme visitor sees the prerendered page dark, the same colours React then keeps', async () => {
    const setDark = (page: Page) => page.addInitScript(() => localStorage.setItem('themeMode', 'dark'));
    const colours = (page: Page) =>
      page.evaluate(() => ({
        scheme: document.documentElement.getAttribute('data-mantine-color-scheme'),
        mark: document.body.dataset.theme,
        page: getComputedStyle(document.body).backgroundColor,
        bar: getComputedStyle(document.querySelector('header')!).backgroundColor,
      }));
    const still = await withoutScripts(setDark);
    await still.goto(`${server.baseUrl}/`);
    const before = await colours(still);
    await still.close();

    const live = await context.newPage();
    await setDark(live);
    await live.goto(`${server.baseUrl}/`);
    await live.getByTitle('Modo Claro').waitFor();
    await live.locator('[data-prerendered]').waitFor({ state: 'detached' });
    const after = await colours(live);
    await live.close();

    expect(before.scheme).toBe('dark');
    expect(before.mark).toBe('dark');
    expect(before).toEqual(after);
    expect(before.page).not.toBe('rgb(245, 245, 245)');
  });

  for (const viewport of [PHONE, DESKTOP]) {
    for (const { url } of PAGES) {
      it(`${url} at ${viewport.width}×${viewport.height}: React replaces the prerendered page without a layout shift`, async () => {
        const own = await newContext(browser, viewport);
        // First visit: the shop's data arrives from the server (CLS target of issue #17: < 0.1); the
        // second visit starts from the stored data: the prerendered page turns into React's without a shift.
        for (const [visit, limit] of [['primera', 0.1], ['segunda', 0.01]] as const) {
          const page = await own.newPage();
          await page.goto(`${server.baseUrl}${url}`);
          await page.locator('[data-prerendered]').waitFor({ state: 'detached' });
          await page.locator('header').getByText('TecnoPunto Accesorios').waitFor();
          if (url === '/catalog') await page.getByText(/^Mostrando 20 de \d+ productos$/).waitFor();
          else await page.getByRole('link', { name: 'Escribinos por WhatsApp' }).waitFor();
          expect(await layoutShift(page), `${visit} visita`).toBeLessThan(limit);
          await page.close();
        }
        await own.close();
      });
    }
  }
});
