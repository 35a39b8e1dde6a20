/**
 * The dashboard's "Productos con Stock Bajo" on a shop with hundreds of them (issue #17 item 9: the rows
 * are rendered in steps so the page never freezes; issue #39 item 5: one bounded page is fetched, not the
 * whole catalogue): the first LOW_STOCK_ROWS by name are listed, in the error colour at stock 0 and the
 * warning colour otherwise, a line says how many more there are, and the "Stock Bajo" card counts them all.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPage, statValue, waitForText } from './backoffice-helpers';
import { DESKTOP, newContext, serverAndBrowser } from './harness';

const EXTRA = 260;
/** The rows the dashboard lists (LOW_STOCK_ROWS of src/features/dashboard/useDashboardData.ts). */
const LOW_STOCK_ROWS = 50;
const { server, browser } = await serverAndBrowser();
let lowStock = 0;

beforeAll(async () => {
  const token = await server.adminToken();
  for (let i = 0; i < EXTRA; i += 1) {
    const body = { name: `Repuesto ${String(i).padStart(3, '0')}`, code: `LS${i}`, price: 100, stock: i % 2 ? 0 : 2, minStock: 5 };
    const res = await server.api('POST', '/products', { token, body });
    if (res.status !== 201 && res.status !== 200) throw new Error(`POST /products: ${res.status} ${res.body.message}`);
  }
  lowStock = (await server.api('GET', '/products?lowStock=true&active=true&limit=1', { token })).body.pagination.total;
});

describe('dashboard with many low-stock products', () => {
  it('counts every one of them, lists the first page, each row in its colour', async () => {
    expect(lowStock).toBeGreaterThanOrEqual(EXTRA);
    const page = await adminPage(await newContext(browser, DESKTOP), server);
    const lowStockCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/products') && request.url().includes('lowStock=true')) lowStockCalls.push(request.url());
    });
    await page.reload();
    await waitForText(statValue(page, 'Stock Bajo'), String(lowStock));
    const rows = page.getByRole('table', { name: 'Productos con Stock Bajo' }).locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(LOW_STOCK_ROWS);
    await waitForText(page.getByText(/^Se muestran los primeros/), `Se muestran los primeros ${LOW_STOCK_ROWS} de ${lowStock} productos con stock bajo (por nombre).`);
    expect(lowStockCalls.length).toBeGreaterThan(0);
    for (const url of lowStockCalls) expect(new URL(url).searchParams.get('limit')).toBe(String(LOW_STOCK_ROWS));

    const colours = (stock: number) =>
      rows.filter({ hasText: `Repuesto 00${stock === 0 ? 1 : 0}` }).first().evaluate((row) => {
        const style = getComputedStyle(row);
        return { background: style.backgroundColor, color: style.color };
      });
    const error = await colours(0);
    const warning = await colours(2);
    const probe = (name: string) =>
      page.evaluate((variable) => {
        const div = document.createElement('div');
        div.style.backgroundColor = `var(--mantine-color-${variable}-light)`;
        div.style.color = `var(--mantine-color-${variable}-light-color)`;
        document.body.append(div);
        const style = getComputedStyle(div);
        const result = { background: style.backgroundColor, color: style.color };
        div.remove();
        return result;
      }, name);
    expect(error).toEqual(await probe('error'));
    expect(warning).toEqual(await probe('warning'));
    expect(error.background).not.toEqual(warning.background);
  });
});
