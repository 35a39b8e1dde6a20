/**
 * Invoicing configured by ARCA_* environment variables against a loopback ARCA simulator the test
 * controls (the path a shop takes to homologation): no "Simulador ARCA" legend, the settings tab shows
 * the env-fixed fields read-only and the certificate's public data only; when ARCA answers Err 501 the
 * invoice stays pending with its reason and "Reintentar" settles it with the simulator's CAE; a rejected
 * invoice is shown as failed with ARCA's code, and "Reintentar" after the cause is fixed authorises it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCuit } from '../../domain/invoicing';
import type { InvoiceJson } from '../../domain/schemas/invoices';
import { createTestPki } from '../../server/integrations/arca/simulator/pki';
import { startArcaSimulator, type ArcaSimulator } from '../../server/integrations/arca/simulator/server';
import { adminPage, createSale, type ApiProduct } from './backoffice-helpers';
import { DESKTOP, launchBrowser, newContext, screenshot, startServer, type E2eServer } from './harness';

const CUIT = '20123456786';
const PTO_VTA = 4;

let dir: string;
let sim: ArcaSimulator;
let server: E2eServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let products: ApiProduct[];

const detail = () => page.getByRole('dialog', { name: /^Detalle de Venta/ });
const invoiceDialog = () => page.getByRole('dialog', { name: 'Generar Factura Electrónica' });

async function saleInvoice(saleId: number): Promise<InvoiceJson | null> {
  return (await server.api('GET', `/invoices/sale/${saleId}`, { token: await server.adminToken() })).body.data as InvoiceJson | null;
}

/** Opens a new paid sale's detail and its invoice dialog, identifying the buyer by DNI (Factura B). */
async function invoiceNewSaleByDni(): Promise<{ id: number; saleNumber: string }> {
  const sale = await createSale(server, { items: [{ productId: products[0].id, quantity: 1 }], paymentMethod: 'tarjeta' });
  await page.goto(`${server.baseUrl}/sales`);
  await page.getByRole('button', { name: `Ver venta ${sale.saleNumber}` }).click();
  await detail().getByRole('button', { name: 'Generar Factura Electrónica' }).click();
  const dialog = invoiceDialog();
  expect(await dialog.getByRole('combobox', { name: 'Tipo de comprobante' }).inputValue()).toBe('Factura B');
  await dialog.getByRole('combobox', { name: 'Tipo de documento' }).click();
  await page.getByRole('option', { name: 'DNI', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Número de documento' }).fill('30123456');
  await dialog.getByRole('button', { name: 'Generar Factura' }).click();
  return sale;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mostrador-arca-e2e-'));
  const pki = createTestPki(CUIT);
  writeFileSync(path.join(dir, 'cert.pem'), pki.certPem);
  writeFileSync(path.join(dir, 'key.pem'), pki.keyPem, { mode: 0o600 });
  sim = await startArcaSimulator({ caCertPem: pki.caCertPem, issuers: { [CUIT]: 'responsable_inscripto' } });
  server = await startServer({
    ARCA_ENV: 'homologacion',
    ARCA_CUIT: CUIT,
    ARCA_TAX_CONDITION: 'responsable_inscripto',
    ARCA_PTO_VTA: String(PTO_VTA),
    ARCA_CERT_FILE: path.join(dir, 'cert.pem'),
    ARCA_KEY_FILE: path.join(dir, 'key.pem'),
    ARCA_WSAA_URL: sim.wsaaUrl,
    ARCA_WSFE_URL: sim.wsfeUrl,
    // The background retry waits 10 minutes: every retry in these tests is the user's "Reintentar".
    ARCA_RETRY_BASE_MS: '600000',
  });
  const token = await server.adminToken();
  products = ((await server.api('GET', '/products?limit=10000&active=true', { token })).body.data as ApiProduct[]).filter((p) => p.stock >= 10);
  browser = await launchBrowser();
  context = await newContext(browser, DESKTOP);
  page = await adminPage(context, server);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await sim?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('invoicing configured by environment variables', () => {
  it('shows the env-fixed settings read-only and only the certificate’s public data; no simulator legend', async () => {
    await page.goto(`${server.baseUrl}/settings?tab=facturacion`);
    const tab = page.getByRole('tabpanel', { name: 'Facturación electrónica' });
    // The issuer's CUIT is shown here and edited on the business tab, where ARCA_CUIT locks it (issue #33.1).
    await tab.getByTestId('issuer-summary').getByText(`CUIT ${formatCuit(CUIT)}`, { exact: false }).waitFor();
    expect(await tab.getByRole('textbox', { name: 'Punto de venta', exact: true }).isDisabled()).toBe(true);
    await tab.getByTestId('arca-certificate').getByText(/Huella SHA-256/).waitFor();
    expect(await tab.getByText('Certificado (.crt)').count()).toBe(0);
    const text = await tab.innerText();
    expect(text).not.toMatch(/BEGIN|PRIVATE KEY/);
    expect(text).not.toContain('Simulador ARCA — sin validez fiscal');
    await tab.getByRole('button', { name: 'Probar conexión' }).click();
    await tab.getByTestId('arca-test-result').getByText(/Conexión correcta/).first().waitFor({ timeout: 30_000 });
    await page.goto(`${server.baseUrl}/settings`);
    const cuit = page.getByRole('tabpanel', { name: 'Información del Negocio' }).getByRole('textbox', { name: 'CUIT' });
    await cuit.waitFor();
    expect(await cuit.inputValue()).toBe(formatCuit(CUIT));
    expect(await cuit.isDisabled()).toBe(true);
  });

  it('a pending invoice (ARCA answers Err 501) shows its reason; "Reintentar" settles it with the simulator’s CAE', async () => {
    sim.faults.err501Count = 1_000;
    const sale = await invoiceNewSaleByDni();
    const dialog = invoiceDialog();
    const problem = dialog.getByTestId('invoice-problem');
    await problem.waitFor({ timeout: 30_000 });
    expect(await problem.innerText()).toMatch(/pendiente/);
    expect(await problem.innerText()).toMatch(/501/);
    const pending = (await saleInvoice(sale.id))!;
    expect(pending.status).toBe('pendiente');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`${server.baseUrl}/invoices`);
    const notice = page.getByTestId('pending-invoices').getByTestId('invoice-problem').filter({ hasText: `Venta ${sale.saleNumber}` });
    await notice.waitFor();
    await screenshot(page, 'invoices-pending-notice');
    sim.faults.err501Count = 0;
    await notice.getByRole('button', { name: 'Reintentar' }).click();
    await notice.waitFor({ state: 'detached', timeout: 30_000 });

    const invoice = (await saleInvoice(sale.id))!;
    expect(invoice.status).toBe('autorizada');
    expect(invoice.simulator).toBe(false);
    const book = sim.book(CUIT, PTO_VTA, 6);
    expect(book[invoice.cbteNro - 1].cae).toBe(invoice.cae);
    await page.getByRole('table', { name: 'Facturas emitidas' }).getByText(invoice.cae!).waitFor();
    expect(await page.getByText('Simulador ARCA — sin validez fiscal').count()).toBe(0);
    await page.getByText('ARCA homologación (pruebas, sin validez fiscal)').waitFor();
  });

  it('a rejected invoice shows ARCA’s code; after the cause is fixed "Reintentar" authorises it', async () => {
    sim.issuers[CUIT] = 'monotributo';
    const sale = await invoiceNewSaleByDni();
    const dialog = invoiceDialog();
    const problem = dialog.getByTestId('invoice-problem');
    await problem.waitFor({ timeout: 30_000 });
    expect(await problem.innerText()).toMatch(/fallida/);
    expect(await problem.innerText()).toMatch(/ARCA rechazó el comprobante: 10002/);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await detail().getByTestId('invoice-problem').getByText(/10002/).waitFor();
    sim.issuers[CUIT] = 'responsable_inscripto';
    await detail().getByRole('button', { name: 'Reintentar' }).click();
    await detail().getByTestId('invoice-summary').waitFor({ timeout: 30_000 });
    const invoice = (await saleInvoice(sale.id))!;
    expect(invoice.status).toBe('autorizada');
    expect(await detail().getByTestId('invoice-cae').innerText()).toBe(invoice.cae);
  });
});
