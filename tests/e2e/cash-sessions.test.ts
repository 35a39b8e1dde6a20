/**
 * Cash sessions at the counter (issue #16), in real Chromium against the real server. With the network
 * pulled the whole time: open with $ 10.000, sell in cash and by card, take $ 5.000 out, reload (the
 * session and its events survive), close with a count $ 200 short (the comment is demanded first); back
 * online the server holds the session once, with expected cash computed exactly and the difference
 * −$ 200, and the Z prints with its number. Two devices run sessions at once without mixing sales.
 * The back office lists and details the sessions, the dashboard shows today's differences, and
 * "Exigir caja abierta para vender" stops a sale on a counter without an open session.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CASH_MSG } from '../../domain/cash-messages';
import { randomUUID } from 'node:crypto';
import { ADMIN_PASSWORD, loginThroughForm, screenshot, SELLER_PASSWORD, serverAndBrowser } from './harness';
import { addProduct, checkout, createProduct, newDevice, openPos, signInAndOpenPos, waitAllSynced, waitForServiceWorker } from './pos-helpers';

const { server, browser } = await serverAndBrowser();
const seller = await server.createSeller('vera');
beforeAll(async () => {
  await createProduct(server, { name: 'Alfajor triple de dulce de leche', code: '7791234500110', price: 2500, stock: 100 });
});

const cashDialog = (page: Page, name: string) => page.getByRole('dialog', { name });

async function openCash(page: Page, float: string): Promise<void> {
  await page.getByRole('button', { name: 'Abrir caja' }).click();
  const dialog = cashDialog(page, 'Abrir caja');
  await dialog.getByLabel('Fondo inicial').fill(float);
  await dialog.getByRole('button', { name: 'Abrir caja' }).click();
  await page.getByRole('button', { name: 'Caja abierta' }).waitFor();
}

async function closeCash(page: Page, counted: string, comment?: string): Promise<void> {
  await page.getByRole('button', { name: 'Caja abierta' }).click();
  await cashDialog(page, 'Caja abierta').getByRole('button', { name: 'Cerrar caja' }).click();
  const dialog = cashDialog(page, 'Cerrar caja');
  await dialog.getByLabel('Efectivo contado').fill(counted);
  if (comment) await dialog.getByLabel(/Comentario/).fill(comment);
  await dialog.getByRole('button', { name: 'Cerrar caja' }).click();
  await cashDialog(page, 'Abrir caja').waitFor();
}

/** Polls the server's sessions until `done` holds. */
async function serverSessions(done: (sessions: { id: number; clientSessionId: string }[]) => boolean) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await server.api('GET', '/cash-sessions', { token: await server.adminToken() });
    if (res.status === 200 && done(res.body.data)) return res.body.data;
    if (Date.now() > deadline) throw new Error(`cash-sessions: ${JSON.stringify(res.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('cash sessions at the counter', () => {
  it('offline: open $ 10.000, cash and card sales, $ 5.000 out, reload, close $ 200 short; online the server has it once and the Z prints', async () => {
    const context = await newDevice(browser, { serviceWorkers: 'allow' });
    const page = await context.newPage();
    await signInAndOpenPos(page, server.baseUrl, seller, SELLER_PASSWORD);
    await waitForServiceWorker(page);
    await context.setOffline(true);

    await openCash(page, '10.000');
    await addProduct(page, 'Alfajor triple de dulce de leche', 2);
    await checkout(page);
    await addProduct(page, 'Alfajor triple de dulce de leche');
    await checkout(page, { method: 'Tarjeta' });

    await page.getByRole('button', { name: 'Caja abierta' }).click();
    await cashDialog(page, 'Caja abierta').getByRole('button', { name: 'Ingreso / Retiro' }).click();
    const movement = cashDialog(page, 'Ingreso o retiro de efectivo');
    await movement.getByLabel('Importe').fill('5.000');
    await movement.getByRole('button', { name: 'Registrar retiro' }).click();
    await page.getByText(CASH_MSG.movementSaved).last().waitFor();
    await page.keyboard.press('Escape');

    await page.reload();
    await openPos(page);
    await page.getByRole('button', { name: 'Caja abierta' }).click();
    const open = cashDialog(page, 'Caja abierta');
    // 10.000 + 5.000 cash − 5.000 out
    expect(await open.getByTestId('cash-expected-now').textContent()).toBe('$ 10.000,00');
    await screenshot(page, 'cash-open-x');
    await open.getByRole('button', { name: 'Cerrar caja' }).click();
    const closing = cashDialog(page, 'Cerrar caja');
    await closing.getByLabel('Efectivo contado').fill('9.800');
    expect(await closing.getByTestId('cash-difference').textContent()).toBe('-$ 200,00');
    await closing.getByRole('button', { name: 'Cerrar caja' }).click();
    await closing.getByText(CASH_MSG.commentRequired).waitFor();
    await screenshot(page, 'cash-close-difference');
    await closing.getByLabel(/Comentario/).fill('Faltan $ 200: vuelto mal dado');
    await closing.getByRole('button', { name: 'Cerrar caja' }).click();
    await cashDialog(page, 'Abrir caja').getByText('Z pendiente de sincronizar').waitFor();

    await context.setOffline(false);
    await waitAllSynced(page, 2);
    const [session] = await serverSessions((list) => list.length === 1 && (list[0] as unknown as { status: string }).status === 'cerrada');
    expect(session).toMatchObject({ float: 10000, expected: 10000, counted: 9800, difference: -200, comment: 'Faltan $ 200: vuelto mal dado', zNumber: 1, lateSales: 0 });
    const detail = (await server.api('GET', `/cash-sessions/${session.id}`, { token: await server.adminToken() })).body.data;
    expect(detail.sales.map((s: { paymentMethod: string; total: number }) => [s.paymentMethod, s.total])).toEqual([
      ['efectivo', 5000],
      ['tarjeta', 2500],
    ]);
    expect(detail.movements).toMatchObject([{ kind: 'out', amount: 5000, reason: 'retiro_caja_fuerte' }]);

    // The Z, with the server's number, prints on 80 mm.
    const dialog = cashDialog(page, 'Abrir caja');
    await dialog.getByText('Cierre Z N° 1').waitFor();
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'yes');
    });
    await dialog.getByRole('button', { name: 'Imprimir Z' }).click();
    expect(await page.getAttribute('body', 'data-printed')).toBe('yes');
    const ticket = page.getByTestId('cash-ticket');
    expect(await ticket.textContent()).toContain('Cierre Z N° 1');
    expect(await ticket.textContent()).toContain('Diferencia-$ 200,00');
    await page.emulateMedia({ media: 'print' });
    expect(await ticket.isVisible()).toBe(true);
    await screenshot(page, 'cash-z-print');
    await context.close();
  });

  it('two devices run sessions at the same time without mixing sales', async () => {
    const pages: Page[] = [];
    for (const [user, password] of [
      [seller, SELLER_PASSWORD],
      ['admin', ADMIN_PASSWORD],
    ]) {
      const page = await (await newDevice(browser)).newPage();
      await signInAndOpenPos(page, server.baseUrl, user, password);
      pages.push(page);
    }
    await openCash(pages[0], '1.000');
    await openCash(pages[1], '2.000');
    await addProduct(pages[0], 'Alfajor triple de dulce de leche');
    await addProduct(pages[1], 'Alfajor triple de dulce de leche', 3);
    await checkout(pages[0]);
    await checkout(pages[1]);
    await closeCash(pages[0], '3.500');
    await closeCash(pages[1], '9.500');
    const before = 1;
    const sessions = await serverSessions((list) => list.filter((s) => (s as unknown as { status: string }).status === 'cerrada').length === before + 2);
    const mine = sessions.slice(0, 2) as { id: number; float: number; expected: number; difference: number }[];
    for (const s of mine) {
      const detail = (await server.api('GET', `/cash-sessions/${s.id}`, { token: await server.adminToken() })).body.data;
      expect(detail.sales).toHaveLength(1);
      expect(detail.sales[0].total).toBe(s.float === 1000 ? 2500 : 7500);
      expect(s.difference).toBe(0);
    }
    for (const page of pages) await page.context().close();
  });

  it('back office: Cajas lists and details a session, the dashboard shows today\'s difference, and the setting stops a sale without a session', async () => {
    const device = await server.registerDevice('Mostrador del fondo');
    const session = randomUUID();
    const at = new Date().toISOString();
    const events = [
      { type: 'open', eventId: randomUUID(), clientSessionId: session, at, userId: 1, float: 3000 },
      { type: 'movement', eventId: randomUUID(), clientSessionId: session, at, userId: 1, kind: 'in', amount: 500, reason: 'cambio', note: 'Monedas del banco' },
      { type: 'close', eventId: randomUUID(), clientSessionId: session, at, userId: 1, counted: 3400, comment: 'Falta cambio' },
    ];
    const pushed = await server.api('POST', '/sync/cash', { headers: device.headers, body: { deviceId: device.id, events } });
    expect(pushed.body.data.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied']);

    const page = await (await newDevice(browser)).newPage();
    await loginThroughForm(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
    await page.goto(new URL('/dashboard', server.baseUrl).href);
    const notice = page.getByTestId('cash-differences');
    await notice.getByText('Falta cambio', { exact: false }).waitFor();
    expect(await notice.textContent()).toContain('-$ 100,00');

    await notice.getByRole('link', { name: 'Ver cajas' }).click();
    await page.getByRole('heading', { name: 'Cajas' }).waitFor();
    await page.getByRole('combobox', { name: 'Dispositivo' }).click();
    await page.getByRole('option', { name: 'Mostrador del fondo' }).click();
    const rows = page.getByTestId('cash-session-row');
    await rows.first().getByText('Mostrador del fondo').waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('-$ 100,00');
    await screenshot(page, 'cash-sessions-list');
    await rows.first().getByRole('button', { name: /^Ver caja/ }).click();
    const detail = page.getByRole('dialog', { name: /Mostrador del fondo/ });
    await detail.getByText('Monedas del banco', { exact: false }).waitFor();
    await detail.getByText('Esta caja no tiene ventas').waitFor();
    await screenshot(page, 'cash-session-detail');
    await page.keyboard.press('Escape');

    await page.getByRole('switch', { name: 'Exigir caja abierta para vender' }).click();
    await page.getByRole('switch', { name: 'Exigir caja abierta para vender', checked: true }).waitFor();
    await openPos(page);
    await page.waitForFunction(
      () =>
        new Promise<boolean>((resolve) => {
          const open = indexedDB.open('mostrador');
          open.onsuccess = () => {
            const request = open.result.transaction('meta').objectStore('meta').get('cashRequired');
            request.onsuccess = () => {
              resolve(request.result?.value === true);
              open.result.close();
            };
          };
        }),
    );
    await addProduct(page, 'Alfajor triple de dulce de leche');
    await page.getByRole('button', { name: 'Procesar Venta' }).click();
    const checkoutDialog = page.getByRole('dialog', { name: 'Completar Venta' });
    await checkoutDialog.getByRole('button', { name: 'Confirmar Venta' }).click();
    await checkoutDialog.getByText(CASH_MSG.sessionRequired).waitFor();
    await page.keyboard.press('Escape');
    await openCash(page, '0');
    await checkout(page);
    await page.context().close();
  });
});
