/**
 * Product labels in real Chromium (issue #35 item 5): the owner picks the listed products in «Imprimir
 * etiquetas», prints shelf labels on A4 (the print dialog stubbed, Chromium's PDF of the print media read
 * back): an A4 page whose barcodes, rasterised with pdftoppm and decoded by ZXing, are each product's code
 * (EAN-13 for a code with a valid check digit, Code 128 for a text code and for 13 digits with a wrong check
 * digit), in the chosen order and copies, with the price in es-AR; a code with ñ gets no barcode and the
 * dialog says so. Bad input (no product, copies "dos") prints nothing and says why. After a bulk price
 * update, the dialog offers exactly the repriced products: barcode-only labels read back, and shelf labels
 * carry the new price. On a registered device set to a network printer (a fake one on a loopback TCP port)
 * the labels go there as ESC/POS with the printer's own barcode commands; an unreachable printer opens the
 * A4 sheet in the print dialog and says so.
 */
import net from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../domain/messages';
import { seriousFindings } from './a11y-helpers';
import { adminPage } from './backoffice-helpers';
import { decodeBarcodes, gridAreas } from './barcode-helpers';
import { readMeta, waitForMeta } from './counter-invoice-helpers';
import { ADMIN_PASSWORD, newContext, screenshot, serverAndBrowser } from './harness';
import { pdfPageSizesMm, pdfText } from './pdf-helpers';
import { createProduct, newDevice, signInAndOpenPos } from './pos-helpers';

const PRODUCTS = [
  { name: 'Yerba mate suave 1 kg', code: '7790001001054', price: 1234.56, stock: 5 },
  { name: 'Té verde en hebras', code: 'INF-001/b', price: 1250, stock: 5 },
  { name: 'Galletitas surtidas', code: '7790001001055', price: 999.9, stock: 5 },
  { name: 'Ñoquis caseros', code: 'ÑOQ-1', price: 3100, stock: 5 },
];
const codeOf = (name: string) => PRODUCTS.find((p) => p.name === name)?.code;
const NO_BARS = 'Ñoquis caseros';

const { server, browser } = await serverAndBrowser();
beforeAll(async () => {
  const token = await server.adminToken();
  const categoryId = (await server.api('POST', '/categories', { token, body: { name: 'Almacén' } })).body.data.id;
  for (const product of PRODUCTS) {
    const id = await createProduct(server, product);
    await server.api('PUT', `/products/${id}`, { token, body: { categoryId } });
  }
});

/** The products page listing only this file's products (category «Almacén»; the demo catalogue has others). */
async function productsOfAlmacen(page: Page): Promise<void> {
  await page.goto(`${server.baseUrl}/products`);
  await page.getByRole('combobox', { name: 'Categoría' }).click();
  await page.getByRole('option', { name: 'Almacén', exact: true }).click();
  await page.getByText('Mostrando 4 producto(s)').waitFor();
}

const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Imprimir etiquetas' });

async function openLabels(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Imprimir etiquetas' }).click();
  const dialog = dialogOf(page);
  await dialog.getByRole('table', { name: 'Productos para etiquetas' }).locator('tbody tr').first().waitFor();
  return dialog;
}

/** The product names in the dialog's list, top to bottom (the order labels print in). */
const listedNames = (dialog: Locator) => dialog.getByRole('table', { name: 'Productos para etiquetas' }).locator('tbody tr td:nth-child(3)').allInnerTexts();

/** Stubs the print dialog, clicks Imprimir and returns the PDF Chromium prints (print media, CSS page size). */
async function printedPdf(dialog: Locator): Promise<Buffer> {
  const page = dialog.page();
  await page.evaluate(() => {
    document.body.removeAttribute('data-printed');
    window.print = () => document.body.setAttribute('data-printed', 'yes');
  });
  await dialog.getByRole('button', { name: 'Imprimir', exact: true }).click();
  await page.waitForFunction(() => document.body.getAttribute('data-printed') === 'yes');
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  return pdf;
}

const flat = (text: string) => text.replace(/\s+/g, ' ');
const today = () => new Intl.DateTimeFormat('es-AR', { timeZone: 'America/Argentina/Buenos_Aires', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());

/** A raw-TCP printer on 127.0.0.1: every connection is one job (its bytes). */
async function fakePrinter(): Promise<{ port: number; jobs: Buffer[]; close: () => Promise<void> }> {
  const jobs: Buffer[] = [];
  const tcp = net.createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', () => {
      if (chunks.length) jobs.push(Buffer.concat(chunks));
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  return { port: (tcp.address() as net.AddressInfo).port, jobs, close: () => new Promise((resolve) => tcp.close(() => resolve())) };
}
const printer = await fakePrinter();
afterAll(() => printer.close());

describe('product labels', () => {
  it('shelf labels on A4: each barcode decodes to its product code, prices in es-AR, a code with ñ has no bars', async () => {
    const page = await adminPage(await newContext(browser, { width: 1280, height: 800 }), server);
    await productsOfAlmacen(page);
    const dialog = await openLabels(page);
    const names = await listedNames(dialog);
    expect([...names].sort()).toEqual(PRODUCTS.map((p) => p.name).sort());
    await dialog.getByText(/1 producto\(s\) sin código de barras imprimible.*Ñoquis caseros/).waitFor();

    // Bad input first: copies that are not a number, then nothing ticked. Nothing prints.
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'yes');
    });
    await dialog.getByRole('textbox', { name: 'Copias por producto' }).fill('dos');
    await dialog.getByRole('button', { name: 'Imprimir', exact: true }).click();
    await dialog.getByRole('alert').getByText('Copias por producto: debe ser un número entero entre 1 y 50').waitFor();
    await dialog.getByRole('textbox', { name: 'Copias por producto' }).fill('2');
    await dialog.getByRole('checkbox', { name: 'Elegir todos' }).uncheck();
    await dialog.getByRole('button', { name: 'Imprimir', exact: true }).click();
    await dialog.getByRole('alert').getByText('Elegí al menos un producto').waitFor();
    expect(await page.getAttribute('body', 'data-printed')).toBeNull();
    await dialog.getByRole('checkbox', { name: 'Elegir todos' }).check();
    await dialog.getByText('8 etiqueta(s) en hoja A4').waitFor();
    expect(await seriousFindings(page, '[role="dialog"]')).toEqual([]);
    await screenshot(page, 'backoffice-labels-dialog', false);

    const pdf = await printedPdf(dialog);
    const sizes = pdfPageSizesMm(pdf);
    expect(sizes).toHaveLength(1);
    expect(sizes[0].map(Math.round)).toEqual([210, 297]);
    const text = flat(pdfText(pdf));
    for (const price of ['$ 1.234,56', '$ 1.250,00', '$ 999,90', '$ 3.100,00']) expect(text).toContain(price);
    expect(text).toContain(`Precio al ${today()}`);
    expect(text).toContain('Yerba mate suave 1 kg');

    // Shelf labels: 3 columns of 63 mm by rows of 38 mm inside 10 mm margins; two copies of each, in list order.
    const decoded = await decodeBarcodes(pdf, 1, gridAreas({ left: 10, top: 10, width: 63, height: 38, columns: 3, rows: 3 }).slice(0, 8));
    const expected = names.flatMap((name) => [name, name]);
    expect(decoded.map((d) => d?.text ?? null)).toEqual(expected.map((name) => (name === NO_BARS ? null : codeOf(name))));
    expect(decoded.map((d) => d?.format ?? null)).toEqual(expected.map((name) => (name === NO_BARS ? null : name.startsWith('Yerba') ? 'EAN_13' : 'CODE_128')));

    // 3 products × 8 copies = 24 labels: two A4 pages, the second starting with the 22nd label (none cut in two).
    await dialog.getByRole('checkbox', { name: `Elegir ${NO_BARS}` }).uncheck();
    await dialog.getByRole('textbox', { name: 'Copias por producto' }).fill('8');
    await dialog.getByText('24 etiqueta(s) en hoja A4').waitFor();
    const twoPages = await printedPdf(dialog);
    expect(pdfPageSizesMm(twoPages)).toHaveLength(2);
    const last = names.filter((name) => name !== NO_BARS)[2];
    const second = await decodeBarcodes(twoPages, 2, gridAreas({ left: 10, top: 10, width: 63, height: 38, columns: 3, rows: 1 }));
    expect(second.map((d) => d?.text)).toEqual([codeOf(last), codeOf(last), codeOf(last)]);
    await page.context().close();
  });

  it('after a bulk price update: barcode-only labels of the repriced products, then shelf labels at the new price', async () => {
    const page = await adminPage(await newContext(browser, { width: 1280, height: 800 }), server);
    await productsOfAlmacen(page);
    await page.getByRole('button', { name: 'Actualizar precios' }).click();
    const prices = page.getByRole('dialog', { name: 'Actualizar precios' });
    await prices.getByText('Listados (4)').click();
    await prices.getByRole('textbox', { name: 'Porcentaje (%)' }).fill('10');
    await prices.getByRole('button', { name: 'Vista previa' }).click();
    await prices.getByRole('button', { name: 'Aplicar a 4 producto(s)' }).click();
    await page.getByText('Precios actualizados: 4 producto(s)').waitFor();
    // The list now shows one product (a search): the dialog still offers the four repriced.
    await page.getByRole('textbox', { name: 'Buscar' }).fill('Yerba');
    await page.getByText('Mostrando 1 producto(s)').waitFor();

    const dialog = await openLabels(page);
    await dialog.getByText(/^Última actualización de precios \(4, /).waitFor();
    const names = await listedNames(dialog);
    expect([...names].sort()).toEqual(PRODUCTS.map((p) => p.name).sort());
    await dialog.getByText('Solo código de barras').click();
    await dialog.getByText('3 etiqueta(s) en hoja A4').waitFor();

    const barcodes = await printedPdf(dialog);
    expect(flat(pdfText(barcodes))).not.toContain('$');
    // Barcode labels: 4 columns of 47.5 mm by rows of 25 mm; the product without bars is left out.
    const decoded = await decodeBarcodes(barcodes, 1, gridAreas({ left: 10, top: 10, width: 47.5, height: 25, columns: 4, rows: 1 }).slice(0, 3));
    expect(decoded.map((d) => d?.text)).toEqual(names.filter((name) => name !== NO_BARS).map(codeOf));

    await dialog.getByText('Góndola (precio)').click();
    const shelf = flat(pdfText(await printedPdf(dialog)));
    for (const price of ['$ 1.358,02', '$ 1.375,00', '$ 1.099,89', '$ 3.410,00']) expect(shelf).toContain(price);
    expect(shelf).not.toContain('$ 1.234,56');
    await page.context().close();
  });

  it('on a device with a network printer: ESC/POS labels with native barcodes; an unreachable printer opens the A4 sheet', async () => {
    const context = await newDevice(browser);
    const page = await context.newPage();
    await signInAndOpenPos(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
    await waitForMeta(page, 'deviceKey');
    const deviceId = (await readMeta(page, 'deviceId')) as string;
    const setPrinter = async (port: number) => {
      const saved = await server.api('PUT', `/printing/devices/${deviceId}`, { token: await server.adminToken(), body: { mode: 'network', host: '127.0.0.1', port, width: '80', qr: 'native' } });
      expect(saved.status, saved.body.message).toBe(200);
    };
    await setPrinter(printer.port);
    await productsOfAlmacen(page);
    const dialog = await openLabels(page);
    await dialog.getByText('Impresora de etiquetas (80 mm)').waitFor();
    await dialog.getByRole('checkbox', { name: `Elegir ${NO_BARS}` }).uncheck();
    await dialog.getByText('Solo código de barras').click();
    await dialog.getByText('3 etiqueta(s)', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Imprimir', exact: true }).click();
    await page.getByText('3 etiqueta(s) enviadas a la impresora').waitFor();
    await expect.poll(() => printer.jobs.length, { timeout: 15_000 }).toBe(1);
    const job = printer.jobs[0];
    const GS_K = Buffer.from([0x1d, 0x6b]);
    expect(job.includes(Buffer.concat([GS_K, Buffer.from([2]), Buffer.from('7790001001054'), Buffer.from([0])]))).toBe(true);
    for (const code of ['INF-001/b', '7790001001055']) {
      expect(job.includes(Buffer.concat([GS_K, Buffer.from([73, code.length + 2]), Buffer.from(`{B${code}`)]))).toBe(true);
    }
    expect(job.toString('latin1')).not.toContain('$');

    // The printer goes away: the same labels open on A4 in the print dialog, and the dialog says why.
    const gone = await fakePrinter();
    await gone.close();
    await setPrinter(gone.port);
    await page.getByRole('button', { name: 'Imprimir etiquetas' }).click();
    await dialog.getByText('Impresora de etiquetas (80 mm)').waitFor();
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'yes');
    });
    await dialog.getByRole('button', { name: 'Imprimir', exact: true }).click();
    await dialog.getByRole('alert').getByText(MSG.printerUnreachable).waitFor();
    await page.waitForFunction(() => document.body.getAttribute('data-printed') === 'yes');
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    expect(pdfPageSizesMm(pdf)[0].map(Math.round)).toEqual([210, 297]);
    expect(flat(pdfText(pdf))).toContain('Yerba mate suave 1 kg');
    expect(printer.jobs).toHaveLength(1);
    await context.close();
  });
});
