/**
 * «Cobro a cuenta» at the counter (issue #33.4), in real Chromium against the real server. A seller sells
 * $ 5.000 on account online (limit $ 6.000); with the network pulled takes a $ 3.000 cash payment (the
 * receipt prints), then sells on account twice more: the over-limit warning reckons with what waits in
 * the device (the payment lowers it, the first unsent sale raises it). While offline the server's balance
 * does not move; back online it moves once (5.000 − 3.000 + 2.500 + 2.500), a forced sync later too.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG } from '../../domain/account';
import { screenshot, SELLER_PASSWORD, serverAndBrowser } from './harness';
import { addProduct, createProduct, newDevice, signInAndOpenPos, waitAllSynced, waitCartEmpty, waitForServiceWorker } from './pos-helpers';

const { server, browser } = await serverAndBrowser();
const seller = await server.createSeller('rocio');
let customerId: number;
beforeAll(async () => {
  await createProduct(server, { name: 'Yerba mate suave 1 kg', code: '7791234500219', price: 2500, stock: 100 });
  const res = await server.api('POST', '/customers', {
    token: await server.adminToken(),
    body: { name: 'Almacén Don José', docType: 96, docNumber: '30111222', phone: '11 4567-8901', accountEnabled: true, creditLimit: 6000 },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  customerId = res.body.data.id;
});

const balance = async () => (await server.api('GET', `/customers/${customerId}`, { token: await server.adminToken() })).body.data.balance as number;

async function sellOnAccount(page: Page, units: number, expectWarning: boolean): Promise<void> {
  await addProduct(page, 'Yerba mate suave 1 kg', units);
  await page.getByRole('button', { name: 'Procesar Venta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Completar Venta' });
  await dialog.getByLabel('Cliente', { exact: true }).fill('Don José');
  await dialog.getByRole('option', { name: /Almacén Don José/ }).click();
  await dialog.getByRole('radio', { name: 'Cuenta corriente' }).click();
  const warning = dialog.getByTestId('account-over-limit');
  if (expectWarning) await warning.waitFor();
  else expect(await warning.count()).toBe(0);
  await dialog.getByRole('button', { name: 'Confirmar Venta' }).click();
  await page.getByText('Venta registrada correctamente').last().waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await waitCartEmpty(page);
}

/** The balance of the customer as this device last pulled it, read straight from IndexedDB. */
function devicePulledBalance(page: Page): Promise<number | null> {
  return page.evaluate(
    (name) =>
      new Promise<number | null>((resolve, reject) => {
        const open = indexedDB.open('mostrador');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('customers').objectStore('customers').getAll();
          request.onsuccess = () => {
            const row = (request.result as { name: string; balance: number }[]).find((customer) => customer.name === name);
            resolve(row ? row.balance : null);
            open.result.close();
          };
          request.onerror = () => reject(request.error);
        };
      }),
    'Almacén Don José',
  );
}

/** The device's payments on account, read straight from IndexedDB. */
function devicePayments(page: Page): Promise<{ status: string; amountCents: number }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('mostrador');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('accountOutbox').objectStore('accountOutbox').getAll();
          request.onsuccess = () => {
            resolve(request.result);
            open.result.close();
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('cobro a cuenta at the counter', () => {
  it('offline payment with a printed receipt; the warning counts what waits; online the balance moves once', async () => {
    const context = await newDevice(browser, { serviceWorkers: 'allow' });
    const page = await context.newPage();
    await signInAndOpenPos(page, server.baseUrl, seller, SELLER_PASSWORD);
    await waitForServiceWorker(page);

    await sellOnAccount(page, 2, false);
    await waitAllSynced(page, 1);
    expect(await balance()).toBe(5000);
    // The device's copy of the balance took the confirmed sale with its push (src/offline/customer-balance.ts).
    await until(() => devicePulledBalance(page), (value) => value === 5000, 'pulled balance');

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Cobro a cuenta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cobro a cuenta' });
    await dialog.getByLabel('Cliente').fill('30111222');
    // The balance the device holds after its sale.
    await dialog.getByRole('option', { name: /Almacén Don José.*Saldo: \$ 5\.000,00/ }).click();
    await dialog.getByLabel('Importe').fill('0');
    await dialog.getByRole('button', { name: 'Registrar cobro' }).click();
    await dialog.getByRole('alert').getByText(ACCOUNT_MSG.amountPositive).waitFor();
    await dialog.getByLabel('Importe').fill('3.000');
    await dialog.getByText('Transferencia', { exact: true }).click();
    await dialog.getByText('Efectivo', { exact: true }).click();
    expect(await dialog.getByRole('radio', { name: 'Efectivo' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Registrar cobro' }).click();
    await dialog.getByText('Saldo luego del cobro: $ 2.000,00').waitFor();

    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'yes');
    });
    await dialog.getByRole('button', { name: 'Imprimir recibo' }).click();
    expect(await page.getAttribute('body', 'data-printed')).toBe('yes');
    const receipt = await page.getByTestId('account-receipt').textContent();
    expect(receipt).toContain('Recibo de cobro a cuenta');
    expect(receipt).toContain('Almacén Don José');
    expect(receipt).toContain('$ 3.000,00');
    expect(receipt).toContain('$ 2.000,00');
    await screenshot(page, 'account-counter-payment');
    await dialog.getByRole('button', { name: 'Listo' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // 5.000 − 3.000 (unsent) + 2.500 = 4.500: under the $ 6.000 limit (without the payment it would be 7.500).
    await sellOnAccount(page, 1, false);
    // + 2.500 more = 7.000: over (without the unsent sale it would be 4.500).
    await sellOnAccount(page, 1, true);

    expect((await devicePayments(page)).map((p) => [p.status, p.amountCents])).toEqual([['pending', 300_000]]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await balance()).toBe(5000);

    await context.setOffline(false);
    await waitAllSynced(page, 3, 60_000);
    await until(() => devicePayments(page), (list) => list.every((p) => p.status === 'synced'), 'payments');
    expect(await balance()).toBe(7000);

    // Another sync sends nothing again: the balance stays.
    await page.getByRole('button', { name: /Sincronizar/ }).first().click().catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await balance()).toBe(7000);
    const statement = await server.api('GET', `/customers/${customerId}/statement`, { token: await server.adminToken() });
    const kinds = (statement.body.data.movements as { kind: string; amount: number; balance: number }[]).map((m) => [m.kind, m.amount, m.balance]);
    expect(kinds).toEqual([
      ['sale', 5000, 5000],
      ['payment', -3000, 2000],
      ['sale', 2500, 4500],
      ['sale', 2500, 7000],
    ]);
    await context.close();
  });
});
