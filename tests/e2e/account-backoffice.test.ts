/**
 * The cuenta corriente in the back office (issue #33.4), real Chromium against the real server: a tablet
 * pushes two sales on account and a payment; the admin opens «Cuentas corrientes» from Clientes (balances
 * by age), then the customer's statement (movements with the running balance), prints it to PDF (A4,
 * read back with pdftotext) and finds the WhatsApp link with the balance. A seller reads the statement
 * without the document when the privacy setting hides it; the aging stays admin only. No serious axe
 * findings on either screen.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '../../domain/constants';
import { pushedSale } from '../helpers/fixtures';
import { seriousFindings } from './a11y-helpers';
import { ADMIN_PASSWORD, loginThroughForm, screenshot, SELLER_PASSWORD, serverAndBrowser, visit } from './harness';
import { createProduct } from './pos-helpers';
import { pdfPageSizesMm, pdfText } from './pdf-helpers';

const { server, browser } = await serverAndBrowser();
const seller = await server.createSeller('mirta');

beforeAll(async () => {
  const token = await server.adminToken();
  const productId = await createProduct(server, { name: 'Harina 000 1 kg', code: '7791234500318', price: 1000, stock: 100 });
  const created = await server.api('POST', '/customers', {
    token,
    body: { name: 'Panadería San Martín', docType: 80, docNumber: '20123456786', ivaConditionId: 1, phone: '011 4444-5555', accountEnabled: true, creditLimit: 50000 },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);

  const uuid = created.body.data.uuid as string;
  const deviceId = randomUUID();
  const registered = await server.api('POST', '/sync/devices/register', { token, body: { deviceId, deviceName: 'Mostrador 1' } });
  expect(registered.status, JSON.stringify(registered.body)).toBeLessThan(300);
  const headers = { 'x-device-id': deviceId, 'x-device-key': registered.body.data.deviceKey as string };
  const me = await server.api('GET', '/auth/me', { token });
  const sale = (seq: number, quantity: number) => pushedSale(seq, [{ productId, quantity, unitPrice: 1000 }], { paymentMethod: 'cuenta_corriente', customerUuid: uuid, sellerId: me.body.data.id });
  const pushed = await server.api('POST', '/sync/push', { headers, body: { deviceId, schemaVersion: SYNC_SCHEMA_VERSION, sales: [sale(1, 12), sale(2, 3)] } });
  expect(pushed.body.data.results.map((r: { status: string }) => r.status), JSON.stringify(pushed.body)).toEqual(['applied', 'applied']);
  const paid = await server.api('POST', '/sync/account-payments', {
    headers,
    body: { deviceId, payments: [{ clientPaymentId: randomUUID(), customerUuid: uuid, amount: 4000, method: 'transferencia', capturedAt: new Date().toISOString(), sellerId: me.body.data.id }] },
  });
  expect(paid.body.data.results[0].status, JSON.stringify(paid.body)).toBe('applied');
});

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await loginThroughForm(page, server.baseUrl, username, password);
}

describe('cuenta corriente in the back office', () => {
  it('aging from Clientes, the statement with running balance, its PDF and the WhatsApp link', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await visit(page, '/customers');
    await page.getByRole('link', { name: 'Cuentas corrientes' }).click();
    const aging = page.getByRole('table', { name: 'Antigüedad de saldos' });
    const row = aging.getByRole('row').filter({ hasText: 'Panadería San Martín' });
    await row.waitFor();
    // 12.000 + 3.000 − 4.000, all of it 0 to 30 days old.
    expect(await row.textContent()).toContain('$ 11.000,00');
    expect(await seriousFindings(page)).toEqual([]);
    await screenshot(page, 'account-aging');

    await row.getByRole('link', { name: 'Panadería San Martín' }).click();
    await page.getByTestId('statement-balance').getByText('Saldo: $ 11.000,00').waitFor();
    const movements = page.getByRole('table', { name: 'Movimientos' });
    const lines = (await movements.getByRole('row').allTextContents()).slice(1);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/Venta a cuenta.*\$ 12\.000,00.*\$ 12\.000,00/);
    expect(lines[1]).toMatch(/Venta a cuenta.*\$ 3\.000,00.*\$ 15\.000,00/);
    expect(lines[2]).toMatch(/Cobro a cuenta · Transferencia.*\$ 4\.000,00.*\$ 11\.000,00/);
    expect(await page.getByText('Documento: 20123456786').first().isVisible()).toBe(true);
    expect(await seriousFindings(page)).toEqual([]);
    await screenshot(page, 'account-statement');

    const whatsapp = await page.getByRole('link', { name: 'Enviar por WhatsApp' }).getAttribute('href');
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/541144445555\?text=/);
    expect(decodeURIComponent(whatsapp!.split('text=')[1])).toContain('$ 11.000,00');

    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'yes');
    });
    await page.getByRole('button', { name: 'Descargar PDF' }).click();
    expect(await page.getAttribute('body', 'data-printed')).toBe('yes');
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    await page.emulateMedia({ media: 'screen' });
    const text = pdfText(pdf);
    expect(text).toContain('Estado de cuenta corriente');
    expect(text).toContain('Panadería San Martín');
    expect(text).toMatch(/Saldo: \$ 11\.000,00/);
    expect(text).toMatch(/Cobro a cuenta · Transferencia\s+\$ 4\.000,00\s+\$ 11\.000,00/);
    expect(text).not.toContain('Cuentas corrientes');
    const [width, height] = pdfPageSizesMm(pdf)[0];
    expect(Math.round(width)).toBe(210);
    expect(Math.round(height)).toBe(297);
    await context.close();
  });

  it('a seller reads the statement without the document when the privacy setting hides it; the aging is admin only', async () => {
    const token = await server.adminToken();
    expect((await server.api('PUT', '/configuration/privacidad/vendedores_ven_clientes', { token, body: { valor: 'false' } })).status).toBe(200);
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, seller, SELLER_PASSWORD);
    await visit(page, '/customers');
    await page.getByRole('link', { name: 'Estado de cuenta de Panadería San Martín' }).click();
    await page.getByTestId('statement-balance').getByText('Saldo: $ 11.000,00').waitFor();
    expect(await page.getByText('Panadería San Martín').first().isVisible()).toBe(true);
    expect(await page.getByText('20123456786').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Cuentas corrientes' }).count()).toBe(0);
    const login = await server.api('POST', '/auth/login', { body: { username: seller, password: SELLER_PASSWORD } });
    const aging = await server.api('GET', '/accounts/aging', { token: login.body.data.token });
    expect(aging.status).toBe(403);
    await context.close();
    await server.api('PUT', '/configuration/privacidad/vendedores_ven_clientes', { token, body: { valor: 'true' } });
  });
});
