/**
 * Invoices at the counter (issue #11) in real Chromium against the real server and its in-process ARCA
 * simulator: online, "Factura B" at checkout prints the 80 mm fiscal ticket by itself, and its QR decodes
 * to the CAE the simulator granted; a device offline numbers 3 invoices with CAEA on its own CAEA point of
 * sale, prints them (QR tipoCodAut "A"), survives an offline reload, and once back online the server holds
 * each once, numbers without gaps; two devices offline at once never collide.
 * Until the CAEA keeper (h-caea) fills PullReply.caea, the test puts the CAEA the pull would carry into the
 * device's store, and the `caeas` row and the devices' CAEA points of sale into the server's database.
 */
import { and, eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arcaDate, fortnightOf, isoFromArcaDate, parseQrUrl } from '../../domain/invoicing';
import type { DeviceCaeaJson } from '../../domain/schemas/sync';
import { caeas, devices, invoices } from '../../server/db/schema';
import { launchBrowser, SELLER_PASSWORD, startServer, type E2eServer } from './harness';
import { addProduct, createProduct, newDevice, openPos, setDeviceMeta, signInAndOpenPos, waitAllSynced, waitForOutbox, waitForServiceWorker } from './pos-helpers';
import { pdfQrText, pdfText } from './pdf-helpers';

const CAEA = '36469876543210';
const DEMO_CUIT = '20111111112';

/** Stubs the print dialog: each print marks the page (the printout stays in print media for page.pdf). */
const stubPrint = (page: Page) =>
  page.evaluate(() => {
    document.body.removeAttribute('data-printed');
    window.print = () => document.body.setAttribute('data-printed', String(Number(document.body.getAttribute('data-printed') ?? 0) + 1));
  });
const printedCount = async (page: Page) => Number((await page.evaluate(() => document.body.getAttribute('data-printed'))) ?? 0);

/** The PDF of what the page prints now. */
async function printedPdf(page: Page): Promise<Buffer> {
  await page.getByTestId('invoice-print').locator('img').waitFor({ state: 'attached' });
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  return pdf;
}

/** Rings up one product and confirms it with "Factura" (consumidor final), waiting for the sale to be written. */
async function sellWithInvoice(page: Page, product: string, expectedType: string): Promise<void> {
  await addProduct(page, product);
  await page.getByRole('button', { name: 'Procesar Venta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Completar Venta' });
  await dialog.waitFor();
  await dialog.getByText('Factura', { exact: true }).click();
  expect(await dialog.getByRole('combobox', { name: 'Tipo de comprobante' }).inputValue()).toBe(expectedType);
  expect(await dialog.getByRole('combobox', { name: 'Condición frente al IVA' }).inputValue()).toBe('Consumidor Final');
  await dialog.getByRole('button', { name: 'Confirmar Venta' }).click();
  await page.getByText('Venta registrada correctamente').last().waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

function readMeta(page: Page, key: string): Promise<unknown> {
  return page.evaluate(
    (k) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('mostrador');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('meta').objectStore('meta').get(k);
          request.onsuccess = () => {
            resolve(request.result?.value);
            open.result.close();
          };
          request.onerror = () => reject(request.error);
        };
      }),
    key,
  );
}

async function waitForMeta(page: Page, key: string): Promise<unknown> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await readMeta(page, key);
    if (value !== undefined && value !== null) return value;
    if (Date.now() > deadline) throw new Error(`meta ${key} never arrived`);
    await page.waitForTimeout(200);
  }
}

let server: E2eServer;
let browser: Browser;
let seller: string;

beforeAll(async () => {
  server = await startServer({ ARCA_TAX_CONDITION: 'responsable_inscripto' });
  seller = await server.createSeller('vera');
  await createProduct(server, { name: 'Queso cremoso 1 kg', code: '7791234500103', price: 9680, stock: 50 });
  await createProduct(server, { name: 'Dulce de leche 400 g', code: '7791234500110', price: 2420, stock: 50 });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('Factura at the counter, online', () => {
  it('"Factura B" prints the fiscal ticket with no extra step; its QR decodes to the CAE the simulator granted', async () => {
    const context = await newDevice(browser);
    const page = await context.newPage();
    await signInAndOpenPos(page, server.baseUrl, seller, SELLER_PASSWORD);
    await stubPrint(page);
    await sellWithInvoice(page, 'Queso cremoso 1 kg', 'Factura B');
    await page.waitForFunction(() => document.body.getAttribute('data-printed') === '1', undefined, { timeout: 30_000 });
    const [entry] = await waitAllSynced(page, 1);
    const invoice = (await server.api('GET', `/invoices/sale/${(entry as unknown as { saleId: number }).saleId}`, { token: await server.adminToken() })).body.data;
    expect(invoice).toMatchObject({ status: 'autorizada', letter: 'B', invoiceType: 6, total: 9680 });
    const pdf = await printedPdf(page);
    const text = pdfText(pdf);
    for (const part of ['FACTURA B', `CAE N°: ${invoice.cae}`, invoice.invoiceNumber, 'Fecha de vto. de CAE', 'IVA Contenido', 'Consumidor (Ley 27.743)']) expect(text).toContain(part);
    const qr = parseQrUrl((await pdfQrText(pdf))!);
    expect(qr).toMatchObject({ tipoCodAut: 'E', codAut: Number(invoice.cae), ptoVta: invoice.ptoVta, nroCmp: invoice.cbteNro, tipoCmp: 6, importe: 9680 });
    await page.getByTestId('last-sale-invoice').getByText(invoice.cae).waitFor();
    expect(await printedCount(page)).toBe(1);
    await context.close();
  });
});

describe('Factura at the counter, ARCA not answering', () => {
  it('the sale is recorded, nothing prints, and the cashier reads that the invoice will be issued when ARCA answers', async () => {
    const faults = server.app.arca.runtime.simulator!.faults;
    const context = await newDevice(browser);
    const page = await context.newPage();
    await signInAndOpenPos(page, server.baseUrl, seller, SELLER_PASSWORD);
    await stubPrint(page);
    faults.http500Rate = 1;
    try {
      await sellWithInvoice(page, 'Queso cremoso 1 kg', 'Factura B');
      const [entry] = await waitAllSynced(page, 1);
      await page.getByTestId('last-sale-invoice').getByText('La factura se emitirá cuando ARCA responda. Podés reimprimirla desde Ventas.').waitFor();
      expect(await printedCount(page)).toBe(0);
      const saleId = (entry as unknown as { saleId: number }).saleId;
      const pending = (await server.api('GET', `/invoices/sale/${saleId}`, { token: await server.adminToken() })).body.data;
      expect(pending).toMatchObject({ status: 'pendiente', cae: null });
    } finally {
      faults.http500Rate = 0;
    }
    await context.close();
  });
});

/** The server-side setup h-caea's keeper and Settings → Dispositivos will make: a CAEA for today and the device's point of sale. */
function serverCaea(): DeviceCaeaJson['caeas'][number] {
  const today = isoFromArcaDate(arcaDate(new Date()));
  const fortnight = fortnightOf(today);
  const existing = server.app.db.select().from(caeas).where(eq(caeas.caea, CAEA)).get();
  const row = existing ?? { periodo: fortnight.periodo, orden: fortnight.orden, caea: CAEA, validFrom: fortnight.from, validTo: fortnight.to, reportDeadline: fortnight.to };
  if (!existing) server.app.db.insert(caeas).values({ issuerCuit: DEMO_CUIT, environment: 'homologacion', simulator: true, ...row }).run();
  return { caea: CAEA, periodo: row.periodo, orden: row.orden as 1 | 2, validFrom: row.validFrom, validTo: row.validTo, reportDeadline: row.reportDeadline };
}

/** An online device signed in at the POS, registered, with its CAEA point of sale assigned on the server. */
async function counterDevice(serviceWorkers: 'allow' | 'block', ptoVta: number): Promise<{ context: BrowserContext; page: Page; deviceId: string }> {
  const context = await newDevice(browser, { serviceWorkers });
  const page = await context.newPage();
  await signInAndOpenPos(page, server.baseUrl, seller, SELLER_PASSWORD);
  if (serviceWorkers === 'allow') await waitForServiceWorker(page);
  await waitForMeta(page, 'deviceKey');
  await waitForMeta(page, 'invoicing');
  const deviceId = (await readMeta(page, 'deviceId')) as string;
  server.app.db.update(devices).set({ caeaPtoVta: ptoVta }).where(eq(devices.id, deviceId)).run();
  return { context, page, deviceId };
}

/** Offline, with the CAEA data the pull carries (PullReply.caea) in the device's store. */
async function goOffline(context: BrowserContext, page: Page, ptoVta: number): Promise<void> {
  await context.setOffline(true);
  await page.getByTestId('sync-status').getByText(/Sin conexión/).filter({ visible: true }).waitFor();
  const caea: DeviceCaeaJson = {
    ptoVta,
    lastNumbers: {},
    caeas: [serverCaea()],
    issuer: { cuit: DEMO_CUIT, taxCondition: 'responsable_inscripto', environment: 'homologacion', simulator: true, startOfActivities: null, iibb: null },
  };
  await setDeviceMeta(page, 'caea', caea);
}

const caeaRows = (deviceId: string) =>
  server.app.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.deviceId, deviceId), eq(invoices.authorization, 'CAEA')))
    .all()
    .sort((a, b) => a.cbteNro! - b.cbteNro!);

describe('Factura at the counter, offline with CAEA', () => {
  it('3 invoices offline are numbered on the device’s CAEA point of sale, printed with the CAEA, survive a reload and land once each, without gaps', async () => {
    const { context, page, deviceId } = await counterDevice('allow', 61);
    await goOffline(context, page, 61);
    await stubPrint(page);
    for (let i = 1; i <= 3; i += 1) {
      await sellWithInvoice(page, 'Dulce de leche 400 g', 'Factura B');
      await page.waitForFunction((n) => document.body.getAttribute('data-printed') === String(n), i, { timeout: 30_000 });
      if (i === 1) {
        const pdf = await printedPdf(page);
        const text = pdfText(pdf);
        for (const part of [`CAEA N°: ${CAEA}`, '00061-00000001', 'Fecha de vto. de CAEA']) expect(text).toContain(part);
        expect(parseQrUrl((await pdfQrText(pdf))!)).toMatchObject({ tipoCodAut: 'A', codAut: Number(CAEA), ptoVta: 61, nroCmp: 1, tipoCmp: 6, importe: 2420 });
      }
    }
    await page.reload();
    await openPos(page);
    const numbers = (await waitForOutbox(page, (sales) => sales.length === 3)).map((sale) => (sale as unknown as { invoiceRequest: { caea: { cbteNro: number } } }).invoiceRequest.caea.cbteNro);
    expect(numbers).toEqual([1, 2, 3]);

    await context.setOffline(false);
    const synced = await waitAllSynced(page, 3, 60_000);
    const rows = caeaRows(deviceId);
    expect(rows.map((r) => [r.ptoVta, r.cbteNro, r.cbteTipo, r.status, r.cae, r.reportStatus])).toEqual([1, 2, 3].map((n) => [61, n, 6, 'autorizada', CAEA, 'pendiente']));
    expect(new Set(rows.map((r) => r.saleId))).toEqual(new Set(synced.map((s) => (s as unknown as { saleId: number }).saleId)));
    await context.close();
  });

  it('two devices offline at once number on their own points of sale and never collide', async () => {
    const a = await counterDevice('block', 71);
    const b = await counterDevice('block', 72);
    await goOffline(a.context, a.page, 71);
    await goOffline(b.context, b.page, 72);
    for (let i = 0; i < 2; i += 1) {
      await sellWithInvoice(a.page, 'Dulce de leche 400 g', 'Factura B');
      await sellWithInvoice(b.page, 'Queso cremoso 1 kg', 'Factura B');
    }
    await a.context.setOffline(false);
    await b.context.setOffline(false);
    await waitAllSynced(a.page, 2, 60_000);
    await waitAllSynced(b.page, 2, 60_000);
    expect(caeaRows(a.deviceId).map((r) => [r.ptoVta, r.cbteNro])).toEqual([
      [71, 1],
      [71, 2],
    ]);
    expect(caeaRows(b.deviceId).map((r) => [r.ptoVta, r.cbteNro])).toEqual([
      [72, 1],
      [72, 2],
    ]);
    await a.context.close();
    await b.context.close();
  });
});
