/**
 * Smaller defects of issue #15 item 7 in real Chromium at 1024×768: a long business name is shown whole
 * in the side navigation (wrapped, not cut); a long e-mail in Mensajes wraps only after "@" or before
 * ".", never mid-word; sale status chips read "Pagado" / "Cancelado" like the message chips.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPage, createSale } from './backoffice-helpers';
import { newContext, serverAndBrowser } from './harness';
import { createProduct } from './pos-helpers';

const LONG_NAME = 'Almacén y Despensa Los Tres Hermanos de Villa Crespo';
const LONG_EMAIL = 'maria.fernandez.larranaga.compras@distribuidora-ejemplo.com.ar';
let page: Page;

const { server, browser } = await serverAndBrowser({ DEMO_DATA: 'false' });
beforeAll(async () => {
  const token = await server.adminToken();
  expect((await server.api('PUT', '/business-info', { token, body: { businessName: LONG_NAME } })).status).toBe(200);
  await server.api('POST', '/contact', { body: { name: 'María Fernández', email: LONG_EMAIL, message: 'Hola, quisiera saber si tienen yerba en oferta.' } });
  const product = await createProduct(server, { name: 'Yerba 1 kg', code: 'SD-1', price: 4000, stock: 10 });
  await createSale(server, { items: [{ productId: product, quantity: 1 }], paymentMethod: 'efectivo' });
  const cancelled = await createSale(server, { items: [{ productId: product, quantity: 1 }], paymentMethod: 'efectivo' });
  expect((await server.api('POST', `/sales/${cancelled.id}/cancel`, { token })).status).toBe(200);
  page = await adminPage(await newContext(browser, { width: 1024, height: 768 }), server);
});

/** The text of an element split into the lines the browser laid it out on. */
function renderedLines(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const element = document.querySelector(sel);
    if (!element) throw new Error(`sin ${sel}`);
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const lines: { top: number; text: string }[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        const last = lines[lines.length - 1];
        if (last && Math.abs(last.top - top) < 4) last.text += text[i];
        else lines.push({ top, text: text[i] });
      }
    }
    return lines.map((l) => l.text);
  }, selector);
}

describe('smaller defects at 1024×768', () => {
  it('shows the whole business name in the side navigation', async () => {
    await page.goto(`${server.baseUrl}/dashboard`);
    const header = page.getByText(LONG_NAME, { exact: true });
    await header.waitFor();
    const fits = await header.evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1);
    expect(fits).toBe(true);
    expect((await header.boundingBox())!.height).toBeGreaterThan(30);
  });

  it('wraps a long e-mail only after "@" or before "."', async () => {
    await page.goto(`${server.baseUrl}/contact-messages`);
    await page.getByRole('table', { name: 'Mensajes' }).getByText('María Fernández').waitFor();
    const cell = await page.getByRole('table', { name: 'Mensajes' }).locator('tbody tr td:nth-child(3)').first().evaluate((td) => {
      td.setAttribute('data-email-cell', '');
      return td.textContent;
    });
    expect(cell).toBe(LONG_EMAIL);
    const lines = await renderedLines(page, '[data-email-cell]');
    expect(lines.join('')).toBe(LONG_EMAIL);
    expect(lines.length).toBeGreaterThan(1);
    lines.slice(1).forEach((line, i) => expect(lines[i].endsWith('@') || line.startsWith('.'), `${lines[i]} | ${line}`).toBe(true));
  });

  it('capitalises sale status chips', async () => {
    await page.goto(`${server.baseUrl}/sales`);
    const table = page.getByRole('table', { name: 'Ventas' });
    await table.getByText('Cancelado', { exact: true }).waitFor();
    await table.getByText('Pagado', { exact: true }).waitFor();
    expect(await table.getByText('pagado', { exact: true }).count()).toBe(0);
  });
});
