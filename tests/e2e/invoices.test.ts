/**
 * ARCA electronic invoicing in real Chromium against the real server, which (demo data on, no
 * credentials) invoices against its in-process ARCA simulator: a sale is invoiced from its detail dialog,
 * the CAE shown is the server's, the printed PDF (A4 and 80 mm) carries the CAE and a QR that decodes to
 * the RG 4892 JSON of that invoice; the dialog offers only the legal letter and refuses bad documents in
 * Spanish; /invoices lists the invoices with paging; the settings tab validates, saves and tests the
 * connection; errors are shown as errors.
 */
import { readFileSync } from 'node:fs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildQrData, formatCuit, parseQrUrl, QR_BASE_URL } from '../../domain/invoicing';
import type { InvoiceJson } from '../../domain/schemas/invoices';
import { createTestPki } from '../../server/integrations/arca/simulator/pki';
import { adminPage, createSale, layoutProblems, money, themedContext, waitForText, type ApiProduct } from './backoffice-helpers';
import { DESKTOP, type E2eServer, newContext, screenshot, serverAndBrowser, startServer } from './harness';
import { pdfPageSizesMm, pdfQrText, pdfText } from './pdf-helpers';

let context: BrowserContext;
let page: Page;
let products: ApiProduct[];

const detail = () => page.getByRole('dialog', { name: /^Detalle de Venta/ });
const invoiceDialog = () => page.getByRole('dialog', { name: 'Generar Factura Electrónica' });

let sold = 0;
/** A paid sale of two products (rotating over the stocked ones, so the stock never runs out). */
async function newSale(quantity = 1, extra: { customerName?: string; discount?: number } = {}) {
  const [a, b] = [products[sold % products.length], products[(sold + 1) % products.length]];
  sold += 1;
  return createSale(server, { items: [{ productId: a.id, quantity }, { productId: b.id, quantity: 1 }], paymentMethod: 'efectivo', ...extra });
}

async function saleInvoice(saleId: number): Promise<InvoiceJson | null> {
  const res = await server.api('GET', `/invoices/sale/${saleId}`, { token: await server.adminToken() });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as InvoiceJson | null;
}

/** Opens the sale's detail dialog from /sales. */
async function openSale(saleNumber: string): Promise<void> {
  await page.goto(`${server.baseUrl}/sales`);
  await page.getByRole('button', { name: `Ver venta ${saleNumber}` }).click();
  await detail().getByTestId('invoice-section').waitFor();
}

async function pick(label: string, option: string, scope: Locator = invoiceDialog()): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await scope.page().getByRole('option', { name: option, exact: true }).click();
}

/** Stubs the print dialog, clicks Imprimir and returns the PDF Chromium prints (print media, CSS page size). */
async function printedPdf(scope: Locator, format: 'Hoja A4' | 'Ticket 80 mm'): Promise<Buffer> {
  const page = scope.page();
  await page.evaluate(() => {
    document.body.removeAttribute('data-printed');
    window.print = () => document.body.setAttribute('data-printed', 'yes');
  });
  await scope.getByText(format, { exact: true }).click();
  await scope.getByRole('button', { name: 'Imprimir', exact: true }).click();
  await page.waitForFunction(() => document.body.getAttribute('data-printed') === 'yes');
  await page.getByTestId('invoice-print').locator('img').waitFor({ state: 'attached' });
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  return pdf;
}

function expectedQr(invoice: InvoiceJson) {
  return buildQrData({
    fecha: invoice.date,
    cuit: invoice.issuerCuit,
    ptoVta: invoice.ptoVta,
    tipoCmp: invoice.invoiceType,
    nroCmp: invoice.cbteNro,
    importe: invoice.total,
    tipoDocRec: invoice.docTipo,
    nroDocRec: invoice.docNro,
    codAut: invoice.cae!,
  });
}

const { server, browser } = await serverAndBrowser();
beforeAll(async () => {
  const token = await server.adminToken();
  products = ((await server.api('GET', '/products?limit=10000&active=true', { token })).body.data as ApiProduct[]).filter((p) => p.stock >= 10);
  context = await newContext(browser, DESKTOP);
  page = await adminPage(context, server);
});

describe('invoicing a sale from its detail dialog', () => {
  it('issues a Factura C with a CAE, prints it on A4 and 80 mm with the CAE and a QR that decodes to its RG 4892 JSON', async () => {
    const sale = await newSale(2, { customerName: 'Ana Pérez', discount: 100 });
    await openSale(sale.saleNumber);
    await detail().getByText('Simulador ARCA — sin validez fiscal').waitFor();
    await detail().getByRole('button', { name: 'Generar Factura Electrónica' }).click();

    const dialog = invoiceDialog();
    await dialog.getByText(sale.saleNumber).waitFor();
    await dialog.getByText(money(sale.total)).waitFor();
    expect(await dialog.getByRole('combobox', { name: 'Tipo de comprobante' }).inputValue()).toBe('Factura C');
    expect(await dialog.getByRole('combobox', { name: 'Tipo de documento' }).inputValue()).toBe('Consumidor Final');
    expect(await dialog.getByRole('textbox', { name: 'Número de documento' }).count()).toBe(0);
    await dialog.getByText(/La Factura C es para emisores Monotributo/).waitFor();
    await screenshot(page, 'invoice-dialog', false);

    await dialog.getByRole('button', { name: 'Generar Factura' }).click();
    await dialog.getByText('Factura generada exitosamente').waitFor({ timeout: 30_000 });
    const invoice = (await saleInvoice(sale.id))!;
    expect(invoice.status).toBe('autorizada');
    expect(invoice.cae).toMatch(/^\d{14}$/);
    expect(await dialog.getByTestId('invoice-cae').innerText()).toBe(invoice.cae);
    expect(await dialog.getByTestId('invoice-number').innerText()).toBe(invoice.invoiceNumber);
    expect(invoice.invoiceNumber).toMatch(/^\d{5}-\d{8}$/);
    const [y, m, d] = invoice.cae_expiration!.split('-');
    expect(await dialog.getByTestId('invoice-cae-expiry').innerText()).toBe(`${d}/${m}/${y}`);
    await screenshot(page, 'invoice-dialog-success', false);

    const a4 = await printedPdf(dialog, 'Hoja A4');
    const sizes = pdfPageSizesMm(a4);
    expect(sizes.length).toBeGreaterThanOrEqual(1);
    expect(sizes[0].map(Math.round)).toEqual([210, 297]);
    const text = pdfText(a4);
    for (const part of [invoice.cae!, invoice.invoiceNumber, 'FACTURA', 'COD. 011', 'Ana Pérez', 'Simulador ARCA — sin validez fiscal', 'Régimen de Transparencia Fiscal al Consumidor (Ley 27.743)', money(sale.total)]) {
      expect(text).toContain(part);
    }
    const qr = await pdfQrText(a4);
    expect(qr?.startsWith(QR_BASE_URL)).toBe(true);
    expect(parseQrUrl(qr!)).toEqual(expectedQr(invoice));
    expect(qr).toBe(invoice.qrUrl);

    const ticket = await printedPdf(dialog, 'Ticket 80 mm');
    const ticketSizes = pdfPageSizesMm(ticket);
    expect(ticketSizes).toHaveLength(1);
    expect(Math.round(ticketSizes[0][0])).toBe(80);
    expect(pdfText(ticket)).toContain(invoice.cae!);
    expect(parseQrUrl((await pdfQrText(ticket))!)).toEqual(expectedQr(invoice));

    await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
    await dialog.waitFor({ state: 'hidden' });
    await detail().getByTestId('invoice-summary').getByText(invoice.cae!).waitFor();
    expect(await detail().getByRole('button', { name: 'Generar Factura Electrónica' }).count()).toBe(0);

    const again = await server.api('POST', `/invoices/generate-for-sale/${sale.id}`, { token: await server.adminToken(), body: {} });
    expect(again.body.data?.cae ?? null).toBe(invoice.cae);
  });

  it('shows the spec warning and no button for a sale that is not pagado', async () => {
    const sale = await newSale();
    const cancel = await server.api('POST', `/sales/${sale.id}/cancel`, { token: await server.adminToken() });
    expect(cancel.status, cancel.body.message).toBe(200);
    await openSale(sale.saleNumber);
    await detail().getByText('Solo se pueden facturar ventas en estado "pagado".').waitFor();
    expect(await detail().getByRole('button', { name: 'Generar Factura Electrónica' }).count()).toBe(0);
  });

  it('refuses a missing, malformed or wrong document in Spanish and sends nothing', async () => {
    const sale = await newSale();
    await openSale(sale.saleNumber);
    await detail().getByRole('button', { name: 'Generar Factura Electrónica' }).click();
    const dialog = invoiceDialog();
    const submit = () => dialog.getByRole('button', { name: 'Generar Factura' }).click();

    await pick('Tipo de documento', 'DNI');
    const number = dialog.getByRole('textbox', { name: 'Número de documento' });
    await submit();
    await dialog.getByText('El número de documento es obligatorio y va sin puntos ni guiones').waitFor();
    await number.fill('12.345');
    await submit();
    await dialog.getByText('El DNI debe tener 7 u 8 dígitos').waitFor();
    await number.fill('30abc');
    await submit();
    await dialog.getByText('El número de documento va sin puntos ni guiones, solo números').waitFor();
    await pick('Tipo de documento', 'CUIT');
    await number.fill('20123456780');
    await submit();
    await dialog.getByText('El CUIT no es válido (dígito verificador incorrecto)').waitFor();
    await screenshot(page, 'invoice-dialog-errors', false);
    expect(await saleInvoice(sale.id)).toBeNull();

    await number.fill('20-12345678-6');
    await submit();
    await dialog.getByText('Factura generada exitosamente').waitFor({ timeout: 30_000 });
    const invoice = (await saleInvoice(sale.id))!;
    expect([invoice.docTipo, invoice.docNro, invoice.invoiceType]).toEqual([80, '20123456786', 11]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('the server refuses what the dialog would not send: a sale not pagado, a bad CUIT, an unidentified buyer above the threshold', async () => {
    const token = await server.adminToken();
    const cancelled = await newSale();
    await server.api('POST', `/sales/${cancelled.id}/cancel`, { token });
    const notPaid = await server.api('POST', `/invoices/generate-for-sale/${cancelled.id}`, { token, body: {} });
    expect(notPaid.status).toBeGreaterThanOrEqual(400);
    expect(notPaid.status).toBeLessThan(500);
    expect(notPaid.body.message).toMatch(/pagado/);

    const sale = await newSale();
    const badCuit = await server.api('POST', `/invoices/generate-for-sale/${sale.id}`, { token, body: { documento_tipo: 80, documento_nro: '20123456780', condicion_iva_receptor: 5 } });
    expect(badCuit.status).toBe(400);
    expect(badCuit.body.message).toMatch(/dígito verificador/);
    expect(await saleInvoice(sale.id)).toBeNull();
  });
});

describe('Facturas Emitidas (/invoices)', () => {
  it('lists the period’s invoices with paging, "Filas por página:" and "Mostrando N de M facturas emitidas"', async () => {
    const token = await server.adminToken();
    for (let i = 0; i < 21; i += 1) {
      const sale = await newSale();
      const res = await server.api('POST', `/invoices/generate-for-sale/${sale.id}`, { token, body: {} });
      expect(res.body.data?.status, res.body.message).toBe('autorizada');
    }
    const listed = await server.api('GET', '/invoices/list?limit=100&status=autorizada', { token });
    const total = listed.body.pagination.total as number;
    expect(total).toBeGreaterThanOrEqual(21);
    const newest = (listed.body.data as InvoiceJson[])[0];

    await page.goto(`${server.baseUrl}/invoices`);
    await page.getByRole('heading', { name: 'Facturas Emitidas' }).waitFor();
    const count = page.getByTestId('invoices-count');
    await waitForText(count, `Mostrando 20 de ${total} facturas emitidas`, 20_000);
    const rows = page.getByRole('table', { name: 'Facturas emitidas' }).locator('tbody tr');
    expect(await rows.count()).toBe(20);
    const first = (await rows.first().getByRole('cell').allInnerTexts()).map((cell) => cell.trim());
    expect(first.slice(1, 5)).toEqual([newest.saleNumber, newest.typeLabel, newest.invoiceNumber, newest.cae]);
    expect(first[5]).toBe(money(newest.total));
    await page.getByText('Filas por página:').waitFor();
    await screenshot(page, 'invoices-page');

    await page.getByRole('button', { name: 'Siguiente' }).click();
    await waitForText(count, `Mostrando ${Math.min(20, total - 20)} de ${total} facturas emitidas`);
    await page.getByRole('combobox', { name: 'Filas por página:' }).click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    await waitForText(count, `Mostrando 10 de ${total} facturas emitidas`);
    expect(await page.getByText(`Página 1 de ${Math.ceil(total / 10)}`).count()).toBe(1);

    const sale = await newSale();
    await server.api('POST', `/invoices/generate-for-sale/${sale.id}`, { token, body: {} });
    await page.getByRole('button', { name: 'Actualizar' }).click();
    await waitForText(count, `Mostrando 10 de ${total + 1} facturas emitidas`);

    const latest = (await saleInvoice(sale.id))!;
    await page.getByRole('button', { name: `Ver venta ${sale.saleNumber}` }).click();
    await detail().getByTestId('invoice-summary').getByText(latest.cae!).waitFor();
    await detail().getByRole('button', { name: 'Imprimir', exact: true }).waitFor();
  });

  it('«Para el contador» downloads the month’s Libro IVA files, the Excel sales book and IVA Simple; a bad activity code never leaves the screen', async () => {
    const token = await server.adminToken();
    const sale = await newSale();
    expect((await server.api('POST', `/invoices/generate-for-sale/${sale.id}`, { token, body: {} })).body.data?.status).toBe('autorizada');
    const invoices = (await server.api('GET', '/invoices/list?limit=100&status=autorizada', { token })).body.data as InvoiceJson[];
    const month = invoices[0].date.slice(0, 7);
    const inMonth = invoices.filter((i) => i.date.startsWith(month)).length;
    await page.goto(`${server.baseUrl}/invoices`);
    const section = page.getByRole('region', { name: 'Para el contador' });
    await section.getByLabel('Mes').fill(month);
    const download = async (name: string) => {
      const [file] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name }).click()]);
      return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
    };
    const span = month.replace('-', '');
    const vouchers = await download('Libro IVA: comprobantes');
    expect(vouchers.name).toBe(`REGINFO_CV_VENTAS_CBTE_${span}.txt`);
    const records = vouchers.bytes.toString('latin1').split('\r\n').filter(Boolean);
    expect(records.length).toBeGreaterThanOrEqual(inMonth);
    expect(records.every((r) => r.length === 266)).toBe(true);
    const rates = await download('Libro IVA: alícuotas');
    expect(rates.name).toBe(`REGINFO_CV_VENTAS_ALICUOTAS_${span}.txt`);
    expect(rates.bytes.toString('latin1').split('\r\n').filter(Boolean).every((r) => r.length === 62)).toBe(true);
    const book = await download('Libro de ventas (Excel)');
    expect(book.name).toMatch(/^libro-ventas-.*\.xlsx$/);
    expect(book.bytes.subarray(0, 2).toString()).toBe('PK');

    const activity = section.getByLabel('Código de actividad (opcional)');
    await activity.fill('47');
    await section.getByText('Debe tener 6 dígitos').waitFor();
    expect(await section.getByRole('button', { name: 'IVA Simple (CSV)' }).isDisabled()).toBe(true);
    await activity.fill('471900');
    const csv = await download('IVA Simple (CSV)');
    expect(csv.name).toMatch(/^iva-simple-debito-.*\.csv$/);
    expect(csv.bytes.toString('utf8').split('\r\n')[0]).toBe('Actividad;Tipo de operación;Tipo de sujeto;Alícuota;Neto gravado;Débito fiscal');
  });

  it('shows a failed load as an error, not as an empty list', async () => {
    await page.route('**/api/invoices/list**', (route) => route.fulfill({ status: 500, json: { success: false } }));
    await page.goto(`${server.baseUrl}/invoices`);
    await page.getByRole('alert').filter({ hasText: 'Error al listar facturas' }).waitFor();
    expect(await page.getByText('No se encontraron facturas en el período seleccionado').count()).toBe(0);
    await page.unroute('**/api/invoices/list**');
    await page.getByRole('button', { name: 'Actualizar' }).click();
    await page.getByTestId('invoices-count').waitFor();
  });
});

describe('settings tab and letters (a server of its own)', () => {
  let own: E2eServer;
  let ownContext: BrowserContext;
  let admin: Page;
  const tab = () => admin.getByRole('tabpanel', { name: 'Facturación electrónica' });

  beforeAll(async () => {
    own = await startServer();
    ownContext = await newContext(browser, DESKTOP);
    admin = await adminPage(ownContext, own);
  });

  afterAll(async () => {
    await ownContext?.close();
    await own?.close();
  });

  it('shows the empty state when the period has no invoices', async () => {
    await admin.goto(`${own.baseUrl}/invoices`);
    await admin.getByText('No se encontraron facturas en el período seleccionado').waitFor();
  });

  it('a failed load shows an error and "Reintentar", never a form that could save blanks', async () => {
    await admin.route('**/api/invoices/settings', (route) => route.fulfill({ status: 500, json: { success: false } }));
    await admin.goto(`${own.baseUrl}/settings?tab=facturacion`);
    await tab().getByRole('alert').filter({ hasText: 'Error al obtener la configuración de facturación electrónica' }).waitFor();
    expect(await tab().getByRole('button', { name: 'Guardar configuración' }).count()).toBe(0);
    await admin.unroute('**/api/invoices/settings');
    await tab().getByRole('button', { name: 'Reintentar' }).click();
    await tab().getByText('Datos del emisor').waitFor();
  });

  it('the issuer’s CUIT and condition live on the business tab (check digit validated); the invoicing tab shows them, saves its own data and answers "Probar conexión"', async () => {
    const token = await own.adminToken();
    const before = (await own.api('GET', '/invoices/settings', { token })).body.data;
    await admin.goto(`${own.baseUrl}/settings`);
    const business = admin.getByRole('tabpanel', { name: 'Información del Negocio' });
    const cuit = business.getByRole('textbox', { name: 'CUIT' });
    await cuit.waitFor();
    await cuit.fill('20-12345678-0');
    await business.getByRole('button', { name: 'Guardar Información' }).click();
    await business.getByText(/CUIT: no es válido \(dígito verificador incorrecto\)/).waitFor();
    await cuit.fill(formatCuit(before.cuit));
    await pick('Condición frente al IVA', 'IVA Responsable Inscripto', business);
    await business.getByRole('textbox', { name: 'Ingresos Brutos' }).fill('901-765432-1');
    await business.getByRole('button', { name: 'Guardar Información' }).click();
    await business.getByText('Información actualizada correctamente').waitFor();

    await admin.goto(`${own.baseUrl}/settings?tab=facturacion`);
    await tab().getByTestId('issuer-summary').getByText(`CUIT ${formatCuit(before.cuit)} · IVA Responsable Inscripto · Ingresos Brutos 901-765432-1`).waitFor();
    expect(await tab().getByRole('textbox', { name: 'CUIT' }).count()).toBe(0);
    expect(await tab().getByText('-----BEGIN').count()).toBe(0);
    await tab().getByRole('textbox', { name: 'Punto de venta', exact: true }).fill('7');
    await tab().getByRole('textbox', { name: /^Monto desde el que se identifica/ }).fill('100');
    await tab().getByRole('button', { name: 'Guardar configuración' }).click();
    await tab().getByText('Configuración de facturación electrónica guardada').waitFor();
    const saved = (await own.api('GET', '/invoices/settings', { token })).body.data;
    expect([saved.cuit, saved.taxCondition, saved.ptoVta, saved.identificationThreshold]).toEqual([before.cuit, 'responsable_inscripto', 7, 100]);

    await tab().getByRole('button', { name: 'Probar conexión' }).click();
    const result = tab().getByTestId('arca-test-result');
    await result.waitFor({ timeout: 30_000 });
    expect(await result.innerText()).toMatch(/Conexión correcta/);
    await screenshot(admin, 'invoices-settings-tab');

    const products2 = ((await own.api('GET', '/products?limit=10000&active=true', { token })).body.data as ApiProduct[]).filter((p) => p.stock >= 5);
    const sale = await createSale(own, { items: [{ productId: products2[0].id, quantity: 1 }], paymentMethod: 'tarjeta' }, token);
    await admin.goto(`${own.baseUrl}/sales`);
    await admin.getByRole('button', { name: `Ver venta ${sale.saleNumber}` }).click();
    await admin.getByRole('button', { name: 'Generar Factura Electrónica' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Generar Factura Electrónica' });
    const options = async (label: string) => {
      await dialog.getByRole('combobox', { name: label }).click();
      const texts = await admin.getByRole('listbox').getByRole('option').allInnerTexts();
      await admin.keyboard.press('Escape');
      return texts;
    };
    expect(await dialog.getByRole('combobox', { name: 'Tipo de comprobante' }).inputValue()).toBe('Factura B');
    await dialog.getByRole('button', { name: 'Generar Factura' }).click();
    await dialog.getByText('Para operaciones desde $ 100,00 hay que identificar al comprador (CUIT, CUIL o DNI)').waitFor();

    await pick('Condición frente al IVA del comprador', 'IVA Responsable Inscripto', dialog);
    expect(await options('Tipo de comprobante')).toEqual(['Factura A']);
    expect(await options('Tipo de documento')).toEqual(['CUIT']);
    await dialog.getByRole('textbox', { name: 'Número de documento' }).fill('20123456786');
    // A Factura A asks for the buyer's name and address before anything is sent (issue #33.3).
    await dialog.getByRole('button', { name: 'Generar Factura' }).click();
    await dialog.getByText('Para emitir una Factura A falta el nombre o razón social del comprador').waitFor();
    await dialog.getByRole('textbox', { name: 'Nombre o razón social' }).fill('Distribuidora Sur S.A.');
    await dialog.getByRole('button', { name: 'Generar Factura' }).click();
    await dialog.getByText('Para emitir una Factura A falta el domicilio del comprador').waitFor();
    expect((await own.api('GET', `/invoices/sale/${sale.id}`, { token })).body.data).toBeNull();
    await dialog.getByRole('textbox', { name: 'Domicilio' }).fill('Av. Belgrano 1234, CABA');
    await dialog.getByRole('button', { name: 'Generar Factura' }).click();
    await dialog.getByText('Factura generada exitosamente').waitFor({ timeout: 30_000 });
    const invoice = (await own.api('GET', `/invoices/sale/${sale.id}`, { token })).body.data as InvoiceJson;
    expect([invoice.letter, invoice.ptoVta, invoice.condicionIvaReceptor, invoice.buyerName, invoice.buyerAddress]).toEqual(['A', 7, 1, 'Distribuidora Sur S.A.', 'Av. Belgrano 1234, CABA']);
    expect(invoice.invoiceNumber.startsWith('00007-')).toBe(true);

    // The printed A carries the buyer (name, address, CUIT, IVA condition), the condición de venta and the one issuer CUIT.
    const pdf = pdfText(await printedPdf(dialog, 'Hoja A4'));
    for (const part of [
      'COD. 001',
      invoice.cae!,
      'Importe neto gravado',
      'Alíc. IVA',
      `IVA 21 %`,
      money(invoice.iva),
      'Razón social: Distribuidora Sur S.A.',
      'Domicilio: Av. Belgrano 1234, CABA',
      'CUIT 20-12345678-6',
      'Condición frente al IVA: IVA Responsable Inscripto',
      'Condición de venta: Tarjeta de débito/crédito',
      `CUIT: ${formatCuit(before.cuit)}`,
      'Ingresos Brutos: 901-765432-1',
    ]) {
      expect(pdf).toContain(part);
    }
    expect(pdf).not.toContain('Ley 27.743');
  });

  it('uploads the certificate and key: a key of another certificate is refused, the pair is shown back only as public data', async () => {
    const mine = createTestPki('20123456786');
    const other = createTestPki('20123456786');
    await admin.goto(`${own.baseUrl}/settings?tab=facturacion`);
    const upload = async (keyPem: string) => {
      await tab().locator('input[type=file]').nth(0).setInputFiles({ name: 'mostrador.crt', mimeType: 'application/x-x509-ca-cert', buffer: Buffer.from(mine.certPem) });
      await tab().locator('input[type=file]').nth(1).setInputFiles({ name: 'mostrador.key', mimeType: 'application/octet-stream', buffer: Buffer.from(keyPem) });
      await tab().getByRole('button', { name: 'Guardar certificado y clave' }).click();
    };
    await upload(other.keyPem);
    await tab().getByRole('alert').filter({ hasText: 'La clave privada no corresponde al certificado' }).waitFor();
    await upload(mine.keyPem);
    await tab().getByText('Certificado y clave guardados').waitFor();
    await tab().getByTestId('arca-certificate').getByText(/Huella SHA-256/).waitFor();
    const text = await tab().innerText();
    expect(text).not.toMatch(/BEGIN|PRIVATE KEY/);
    const settings = await own.api('GET', '/invoices/settings', { token: await own.adminToken() });
    expect(JSON.stringify(settings.body)).not.toMatch(/PRIVATE KEY|BEGIN CERTIFICATE/);
    expect(settings.body.data.hasCredentials).toBe(true);
  });
});

describe('invoicing screens on tablets, light and dark', () => {
  // Each orientation once, one in each theme: the theme changes colours, never sizes (a11y-screens checks
  // the contrast of every screen in both).
  for (const [theme, viewport] of [
    ['light', { width: 1024, height: 768 }],
    ['dark', { width: 768, height: 1024 }],
  ] as const) {
    it(`${viewport.width}×${viewport.height} ${theme}: /invoices, the invoiced sale and the dialog fit, with 44 px controls`, async () => {
      const token = await server.adminToken();
      const invoiced = await newSale();
      expect((await server.api('POST', `/invoices/generate-for-sale/${invoiced.id}`, { token, body: {} })).body.data?.status).toBe('autorizada');
      const fresh = await newSale();
      const themed = await themedContext(browser, theme, viewport);
      const tablet = await adminPage(themed, server);
      const check = async (name: string, fullPage = true) => {
        await tablet.evaluate(() => document.fonts.ready);
        await screenshot(tablet, `invoices-${name}-${viewport.width}x${viewport.height}-${theme}`, fullPage);
        expect(await layoutProblems(tablet), name).toEqual({ overflow: false, scrolledTables: [], small: [] });
      };

      await tablet.goto(`${server.baseUrl}/invoices`);
      await tablet.getByTestId('invoices-count').waitFor();
      await check('list');

      await tablet.goto(`${server.baseUrl}/sales`);
      await tablet.getByRole('button', { name: `Ver venta ${invoiced.saleNumber}` }).click();
      await tablet.getByTestId('invoice-summary').waitFor();
      await check('sale-detail', false);
      await tablet.keyboard.press('Escape');
      await tablet.getByRole('dialog').waitFor({ state: 'detached' });

      await tablet.getByRole('button', { name: `Ver venta ${fresh.saleNumber}` }).click();
      await tablet.getByRole('button', { name: 'Generar Factura Electrónica' }).click();
      const dialog = tablet.getByRole('dialog', { name: 'Generar Factura Electrónica' });
      await pick('Tipo de documento', 'DNI', dialog);
      await dialog.getByRole('button', { name: 'Generar Factura' }).click();
      await dialog.getByText('El número de documento es obligatorio y va sin puntos ni guiones').waitFor();
      await check('dialog', false);
      await themed.close();
    });
  }
});
