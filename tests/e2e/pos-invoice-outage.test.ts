/**
 * Issue #33 item 5 in real Chromium against the real server (restarted on the same port and data) and its
 * in-process ARCA simulator: the invoice reaches the customer during an outage, and a sale never gets two
 * authorisations (docs/invoicing.md «Una venta, una autorización»).
 *  - the server stops 1 s before a "Factura B" confirm on a device that still believes it is online: the
 *    fiscal ticket printed within 5 s is a CAEA invoice on the device's CAEA point of sale (QR with the
 *    CAEA); back online, the server holds exactly one invoice for the sale and reports it to ARCA;
 *  - the server receives the sale but its answer is lost: the device prints its CAEA invoice, and the
 *    server turns the row it held into that invoice: one invoice, no CAE asked for, reported once;
 *  - the link hangs: the CAEA ticket prints at the hold's deadline; the stalled push lands afterwards and
 *    the server's held row becomes the device's CAEA invoice;
 *  - a reload during the outage, then "Factura B": a CAEA invoice printed within 5 s;
 *  - online, the server answers: the held request is released and the CAE invoice prints (no CAEA used);
 *  - a new device with no CAEA point of sale says so in checkout before the cashier confirms.
 */
import { and, eq } from 'drizzle-orm';
import type { Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseQrUrl } from '../../domain/invoicing';
import { invoices } from '../../server/db/schema';
import { OFFLINE_MSG } from '../../src/offline/messages';
import { launchBrowser, SELLER_PASSWORD, startServer, type E2eServer } from './harness';
import { addProduct, checkout, createProduct, deviceOutbox, newDevice, openPos, signInAndOpenPos, waitAllSynced, waitCartEmpty } from './pos-helpers';
import { pdfQrText, pdfText } from './pdf-helpers';
import { counterDevice, DEMO_CUIT, printedPdf, readMeta, simulatorLedger, stubPrint, waitForMeta } from './counter-invoice-helpers';

const ENV = { ARCA_TAX_CONDITION: 'responsable_inscripto', ARCA_CAEA_CHECK_MS: '500' };

let server: E2eServer = await startServer(ENV);
afterAll(() => server.close());
const browser = await launchBrowser();
afterAll(() => browser.close());
const seller = await server.createSeller('vera');
beforeAll(async () => {
  await createProduct(server, { name: 'Queso cremoso 1 kg', code: '7791234500103', price: 9680, stock: 50 });
  await createProduct(server, { name: 'Dulce de leche 400 g', code: '7791234500110', price: 2420, stock: 50 });
});

/** Stops the server (its port refuses connections); startAgain() brings it back on the same port and data. */
let down = false;
async function stopServer(): Promise<void> {
  down = true;
  await server.stop();
}
async function startAgain(): Promise<void> {
  server = await startServer(ENV, { dataDir: server.dataDir, port: server.port });
  down = false;
}
// A test that failed during its outage leaves the server up for the next one.
afterEach(async () => {
  if (down) await startAgain();
});

/** Rings up `product` and opens "Completar Venta" with "Factura" chosen (Factura B, consumidor final). */
async function checkoutWithFactura(page: Page, product: string) {
  await addProduct(page, product);
  await page.getByRole('button', { name: 'Procesar Venta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Completar Venta' });
  await dialog.waitFor();
  await dialog.getByText('Factura', { exact: true }).click();
  expect(await dialog.getByRole('combobox', { name: 'Tipo de comprobante' }).inputValue()).toBe('Factura B');
  return dialog;
}

/** Confirms and waits for the fiscal ticket; returns how long it took from the click (ms). */
async function confirmAndTimePrint(page: Page, dialog: ReturnType<Page['getByRole']>): Promise<number> {
  const clicked = Date.now();
  await dialog.getByRole('button', { name: 'Confirmar Venta' }).click();
  await page.waitForFunction(() => document.body.getAttribute('data-printed') === '1', undefined, { timeout: 30_000 });
  const took = Date.now() - clicked;
  await waitCartEmpty(page);
  return took;
}

/** The printed ticket is a valid CAEA invoice on the device's point of sale: number, CAEA, QR. */
async function expectCaeaTicket(page: Page, caea: string, ptoVta: number, cbteNro: number, total: number): Promise<void> {
  const pdf = await printedPdf(page);
  const text = pdfText(pdf);
  for (const part of ['FACTURA B', `CAEA N°: ${caea}`, `${String(ptoVta).padStart(5, '0')}-${String(cbteNro).padStart(8, '0')}`, 'Fecha de vto. de CAEA']) {
    expect(text).toContain(part);
  }
  expect(parseQrUrl((await pdfQrText(pdf))!)).toMatchObject({ tipoCodAut: 'A', codAut: Number(caea), ptoVta, nroCmp: cbteNro, tipoCmp: 6, importe: total, cuit: Number(DEMO_CUIT) });
}

type HeldSale = { clientSaleId: string; saleId?: number; invoiceRequest: { hold?: { until: string; released?: boolean }; caea?: { ptoVta: number; cbteNro: number; caea: string } } };
const lastInvoiceSale = async (page: Page) => ((await deviceOutbox(page)) as unknown as HeldSale[]).filter((s) => s.invoiceRequest).at(-1)!;

const invoicesOfSale = (saleId: number) =>
  server.app.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.saleId, saleId), eq(invoices.cbteTipo, 6)))
    .all();

async function waitReported(saleId: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (invoicesOfSale(saleId)[0]?.reportStatus !== 'informada') {
    if (Date.now() > deadline) throw new Error(`not reported: ${JSON.stringify(invoicesOfSale(saleId).map((r) => [r.cbteNro, r.reportStatus, r.reportError]))}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The simulator's ledger on a point of sale (Factura B): [number, emission type, code] of each comprobante. */

/** After reconnecting: exactly one invoice for the sale, the device's CAEA one, reported to ARCA once. */
async function expectOneReportedCaeaInvoice(page: Page, expected: number, caea: string, ptoVta: number): Promise<void> {
  const synced = (await waitAllSynced(page, expected, 60_000)) as unknown as HeldSale[];
  const sale = synced.filter((s) => s.invoiceRequest).at(-1)!;
  const rows = invoicesOfSale(sale.saleId!);
  expect(rows.map((r) => [r.authorization, r.status, r.ptoVta, r.cbteNro, r.cae, r.deviceHold])).toEqual([['CAEA', 'autorizada', ptoVta, 1, caea, false]]);
  await waitReported(sale.saleId!);
  expect(simulatorLedger(server, ptoVta)).toEqual([[1, 'CAEA', caea]]);
}

describe('the invoice reaches the customer during an outage (issue #33.5)', () => {
  it('the server stops 1 s before a "Factura B" confirm: a CAEA ticket within 5 s; back online, one invoice, reported', async () => {
    const { context, page, caea } = await counterDevice(browser, server, seller, 81);
    await stubPrint(page);
    // A plain sale first: the device heard from the server a moment ago and believes it is online.
    await addProduct(page, 'Dulce de leche 400 g');
    await checkout(page);
    await waitAllSynced(page, 1);
    const dialog = await checkoutWithFactura(page, 'Queso cremoso 1 kg');
    expect(await dialog.getByTestId('caea-notice').count()).toBe(0);
    await stopServer();
    await page.waitForTimeout(1000);
    const took = await confirmAndTimePrint(page, dialog);
    expect(took).toBeLessThanOrEqual(5000);
    // It went as a held request (the device believed it was online) and was numbered with CAEA.
    expect((await lastInvoiceSale(page)).invoiceRequest).toMatchObject({ hold: { until: expect.any(String) }, caea: { ptoVta: 81, cbteNro: 1, caea } });
    await expectCaeaTicket(page, caea, 81, 1, 9680);
    await startAgain();
    await expectOneReportedCaeaInvoice(page, 2, caea, 81);
    await context.close();
  }, 180_000);

  it('the server receives the sale but its answer is lost: the CAEA ticket prints and the held row becomes that invoice, no CAE asked for', async () => {
    const { context, page, caea } = await counterDevice(browser, server, seller, 82);
    await stubPrint(page);
    const sim = server.app.arca.runtime.simulator!;
    const caeBefore = sim.counters.caeRequests;
    let lose = true;
    let reachedServer = false;
    await context.route('**/api/sync/push', async (route: Route) => {
      if (!lose) return route.continue();
      lose = false;
      // The request reaches the server (it records the sale and holds its invoice); the answer never arrives.
      const reply = await route.fetch();
      reachedServer = reply.status() === 200;
      await route.abort('connectionreset');
    });
    const dialog = await checkoutWithFactura(page, 'Queso cremoso 1 kg');
    const took = await confirmAndTimePrint(page, dialog);
    expect(reachedServer).toBe(true);
    expect(took).toBeLessThanOrEqual(5000);
    await expectCaeaTicket(page, caea, 82, 1, 9680);
    await expectOneReportedCaeaInvoice(page, 1, caea, 82);
    // The server never asked ARCA for a CAE for it: one sale, one authorisation.
    expect(sim.counters.caeRequests).toBe(caeBefore);
    await context.close();
  }, 180_000);

  it('the link hangs (no answer, no error): the cashier reads that it goes with CAEA, the CAEA ticket prints at the deadline; the stalled push lands later and the held row becomes that invoice', async () => {
    const { context, page, caea } = await counterDevice(browser, server, seller, 85);
    await stubPrint(page);
    const sim = server.app.arca.runtime.simulator!;
    const caeBefore = sim.counters.caeRequests;
    let release!: () => void;
    const stalled = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    await context.route('**/api/sync/push', async (route: Route) => {
      if (first) {
        first = false;
        await stalled;
      }
      await route.continue();
    });
    const dialog = await checkoutWithFactura(page, 'Queso cremoso 1 kg');
    await dialog.getByRole('button', { name: 'Confirmar Venta' }).click();
    await page.getByTestId('last-sale-invoice').getByText('Si el servidor no responde en unos segundos, se emite con el CAEA de este mostrador.').waitFor();
    await page.waitForFunction(() => document.body.getAttribute('data-printed') === '1', undefined, { timeout: 30_000 });
    await expectCaeaTicket(page, caea, 85, 1, 9680);
    // The held request reaches the server only now (the server holds it), then the device's CAEA invoice.
    release();
    await expectOneReportedCaeaInvoice(page, 1, caea, 85);
    expect(sim.counters.caeRequests).toBe(caeBefore);
    await context.close();
  }, 180_000);

  it('a reload during the outage, then "Factura B": a CAEA ticket within 5 s', async () => {
    const { context, page, caea } = await counterDevice(browser, server, seller, 83, 'allow');
    await stopServer();
    await page.reload();
    await openPos(page);
    await stubPrint(page);
    const dialog = await checkoutWithFactura(page, 'Dulce de leche 400 g');
    const took = await confirmAndTimePrint(page, dialog);
    expect(took).toBeLessThanOrEqual(5000);
    expect((await lastInvoiceSale(page)).invoiceRequest).toMatchObject({ caea: { ptoVta: 83, cbteNro: 1, caea } });
    await expectCaeaTicket(page, caea, 83, 1, 2420);
    await startAgain();
    await expectOneReportedCaeaInvoice(page, 1, caea, 83);
    await context.close();
  }, 180_000);

  it('online with a CAEA, the server answers: the device releases its held request and prints the CAE invoice; its CAEA numbering stays unused', async () => {
    const { context, page } = await counterDevice(browser, server, seller, 84);
    await stubPrint(page);
    const dialog = await checkoutWithFactura(page, 'Dulce de leche 400 g');
    await confirmAndTimePrint(page, dialog);
    const [sale] = (await waitAllSynced(page, 1)) as unknown as HeldSale[];
    expect(sale!.invoiceRequest).toMatchObject({ hold: { released: true } });
    expect(sale!.invoiceRequest.caea).toBeUndefined();
    const rows = invoicesOfSale(sale!.saleId!);
    expect(rows.map((r) => [r.authorization, r.status, r.deviceHold])).toEqual([['CAE', 'autorizada', false]]);
    const text = pdfText(await printedPdf(page));
    expect(text).toContain(`CAE N°: ${rows[0]!.cae}`);
    expect(await readMeta(page, 'caeaNumbers')).toBeUndefined();
    await context.close();
  }, 120_000);

  it('a new device with no CAEA point of sale says so in checkout, before the cashier confirms a Factura', async () => {
    const context = await newDevice(browser);
    const page = await context.newPage();
    await signInAndOpenPos(page, server.baseUrl, seller, SELLER_PASSWORD);
    await waitForMeta(page, 'invoicing');
    await addProduct(page, 'Dulce de leche 400 g');
    await page.getByRole('button', { name: 'Procesar Venta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Completar Venta' });
    await dialog.waitFor();
    // The plain ticket needs no CAEA: nothing said.
    expect(await dialog.getByTestId('caea-notice').count()).toBe(0);
    await dialog.getByText('Factura', { exact: true }).click();
    await dialog.getByTestId('caea-notice').getByText(OFFLINE_MSG.noCaeaPtoVta).waitFor();
    // Already offline, it says what happens now, not «si se corta la conexión».
    await context.setOffline(true);
    await dialog.getByTestId('caea-notice').getByText(OFFLINE_MSG.noCaeaPtoVtaOffline).waitFor();
    expect(await deviceOutbox(page)).toHaveLength(0);
    await context.close();
  });
});
