/**
 * The owner's "Contingencia (CAEA)" in real Chromium (issue #11): the server cannot reach ARCA (the
 * loopback simulator drops every connection), so a sale's invoice is issued on the server's CAEA point of
 * sale; /invoices lists it as "Sin informar" with its reporting deadline and the CAEA held; a failing
 * /invoices/caea is shown as an error, never as "nothing to report"; when ARCA returns the server reports
 * it and the section shows its empty state.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaeaContingencyJson, InvoiceJson } from '../../domain/schemas/invoices';
import { ISSUER_CUIT, startSimulator, type ArcaSetup } from '../server/arca/harness';
import { adminPage, createSale, type ApiProduct } from './backoffice-helpers';
import { DESKTOP, launchBrowser, newContext, screenshot, startServer, type E2eServer } from './harness';

let setup: ArcaSetup;
let server: E2eServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const isoToDmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

async function contingency(): Promise<CaeaContingencyJson> {
  const res = await server.api('GET', '/invoices/caea', { token: await server.adminToken() });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as CaeaContingencyJson;
}

async function until(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timeout');
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  setup = await startSimulator('monotributo');
  server = await startServer({ ...setup.env, ARCA_CAEA_CHECK_MS: '300', ARCA_RETRY_BASE_MS: '200' });
  const token = await server.adminToken();
  const settings = (await server.api('GET', '/invoices/settings', { token })).body.data;
  const saved = await server.api('PUT', '/invoices/settings', { token, body: { ...settings, certificate: undefined, caeaPtoVta: 90 } });
  expect(saved.status, saved.body.message).toBe(200);
  await until(async () => (await contingency()).caeas.length > 0);
  browser = await launchBrowser();
  context = await newContext(browser, DESKTOP);
  page = await adminPage(context, server);
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
  await setup?.sim.close();
});

describe('Contingencia (CAEA) in /invoices', () => {
  it('lists the invoice issued with CAEA while ARCA is unreachable, with its deadline; reported when ARCA returns', async () => {
    const token = await server.adminToken();
    const products = ((await server.api('GET', '/products?limit=10000&active=true', { token })).body.data as ApiProduct[]).filter((p) => p.stock >= 10);
    const sale = await createSale(server, { items: [{ productId: products[0].id, quantity: 1 }], paymentMethod: 'efectivo' });
    setup.sim.faults.unreachable = true;
    const res = await server.api('POST', `/invoices/generate-for-sale/${sale.id}`, { token, body: { tipo_comprobante: 11 } });
    expect(res.status, res.body.message).toBe(201);
    const invoice = res.body.data as InvoiceJson;
    expect([invoice.authorization, invoice.ptoVta, invoice.report?.status]).toEqual(['CAEA', 90, 'pendiente']);
    const held = (await contingency()).caeas[0];

    await page.goto(`${server.baseUrl}/invoices`);
    const section = page.getByRole('region', { name: 'Contingencia (CAEA)' });
    const table = section.getByRole('table', { name: 'Facturas CAEA sin informar' });
    const row = table.getByRole('row').filter({ hasText: invoice.invoiceNumber });
    await row.waitFor();
    const text = (await row.innerText()).replace(/\s+/g, ' ');
    expect(text.toLowerCase()).toContain('sin informar');
    expect(text).toContain(isoToDmy(invoice.report!.deadline));
    expect(text).toContain(invoice.cae!);
    expect(await section.getByTestId('caeas-held').innerText()).toContain(held.caea);
    await screenshot(page, 'caea-contingency');

    // A failing request is an error, not "nothing to report".
    await page.route('**/api/invoices/caea', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Error al obtener la contingencia CAEA' }) }));
    await section.getByRole('button', { name: 'Recargar CAEA' }).click();
    await section.getByText('Error al obtener la contingencia CAEA').waitFor();
    expect(await section.getByText('No hay facturas CAEA pendientes de informar a ARCA').count()).toBe(0);
    await page.unroute('**/api/invoices/caea');

    setup.sim.faults.unreachable = false;
    await until(async () => (await contingency()).invoices.length === 0);
    expect(setup.sim.book(ISSUER_CUIT, 90, 11).map((e) => [Number(e.detail.CbteDesde), e.emisionTipo])).toEqual([[invoice.cbteNro, 'CAEA']]);
    await section.getByRole('button', { name: 'Recargar CAEA' }).click();
    await section.getByText('No hay facturas CAEA pendientes de informar a ARCA').waitFor();
  }, 120_000);
});
