/**
 * What the counter-invoice e2e files (pos-invoice, pos-invoice-outage) share: the stubbed print dialog and
 * the PDF of what the page prints, the device's `meta` store read from IndexedDB, the CAEA the server's
 * keeper obtained from the simulator, a counter device given its CAEA point of sale, and the simulator's
 * ledger of reported comprobantes.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { arcaDate, isoFromArcaDate } from '../../domain/invoicing';
import type { DeviceCaeaJson } from '../../domain/schemas/sync';
import { caeas } from '../../server/db/schema';
import { SELLER_PASSWORD, type E2eServer } from './harness';
import { newDevice, openPos, signInAndOpenPos, waitForServiceWorker } from './pos-helpers';

/** The issuer's CUIT in the e2e server's demo ARCA configuration. */
export const DEMO_CUIT = '20111111112';

/** Stubs the print dialog: each print marks the page (the printout stays in print media for page.pdf). */
export const stubPrint = (page: Page) =>
  page.evaluate(() => {
    document.body.removeAttribute('data-printed');
    window.print = () => document.body.setAttribute('data-printed', String(Number(document.body.getAttribute('data-printed') ?? 0) + 1));
  });
export const printedCount = async (page: Page) => Number((await page.evaluate(() => document.body.getAttribute('data-printed'))) ?? 0);

/** The PDF of what the page prints now. */
export async function printedPdf(page: Page): Promise<Buffer> {
  await page.getByTestId('invoice-print').locator('img').waitFor({ state: 'attached' });
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  return pdf;
}

/** One value of the device's `meta` store (undefined when absent). */
export function readMeta(page: Page, key: string): Promise<unknown> {
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

export async function waitForMeta(page: Page, key: string): Promise<unknown> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await readMeta(page, key);
    if (value !== undefined && value !== null) return value;
    if (Date.now() > deadline) throw new Error(`meta ${key} never arrived`);
    await page.waitForTimeout(200);
  }
}

/** The CAEA the keeper obtained from the simulator for today's fortnight (it runs every ARCA_CAEA_CHECK_MS). */
export async function keptCaea(server: E2eServer): Promise<string> {
  const today = isoFromArcaDate(arcaDate(new Date()));
  const deadline = Date.now() + 30_000;
  for (;;) {
    const row = server.app.db
      .select()
      .from(caeas)
      .all()
      .find((c) => c.validFrom <= today && today <= c.validTo);
    if (row) return row.caea;
    if (Date.now() > deadline) throw new Error('the CAEA keeper obtained no CAEA');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * A device signed in at the POS as `seller`, given its CAEA point of sale by the admin (Settings →
 * Dispositivos' API), that then pulled its CAEA data (PullReply.caea) and the issuer's data into its store.
 */
export async function counterDevice(
  browser: Browser,
  server: E2eServer,
  seller: string,
  ptoVta: number,
  serviceWorkers: 'allow' | 'block' = 'block',
): Promise<{ context: BrowserContext; page: Page; deviceId: string; caea: string }> {
  const caea = await keptCaea(server);
  const context = await newDevice(browser, { serviceWorkers });
  const page = await context.newPage();
  await signInAndOpenPos(page, server.baseUrl, seller, SELLER_PASSWORD);
  await waitForMeta(page, 'deviceKey');
  const deviceId = (await readMeta(page, 'deviceId')) as string;
  const assigned = await server.api('PUT', `/sync/devices/${deviceId}/caea-pto-vta`, { token: await server.adminToken(), body: { caeaPtoVta: ptoVta } });
  expect(assigned.status, assigned.body.message).toBe(200);
  await page.reload();
  await openPos(page);
  if (serviceWorkers === 'allow') await waitForServiceWorker(page);
  const held = (await waitForMeta(page, 'caea')) as DeviceCaeaJson;
  expect(held).toMatchObject({ ptoVta, caeas: expect.arrayContaining([expect.objectContaining({ caea })]) });
  await waitForMeta(page, 'invoicing');
  return { context, page, deviceId, caea };
}

/** The simulator's ledger on a CAEA point of sale (Factura B): [number, emission type, CAEA] of each reported comprobante. */
export const simulatorLedger = (server: E2eServer, ptoVta: number) =>
  server.app.arca.runtime.simulator!.book(DEMO_CUIT, ptoVta, 6).map((entry, i) => [i + 1, entry.emisionTipo, entry.cae]);
