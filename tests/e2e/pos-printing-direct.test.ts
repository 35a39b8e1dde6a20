/**
 * Printing straight from the tablet (issue #35 item 1 b/c) in real Chromium against the real server. Headless
 * Chromium has no USB or serial devices: each counter gets the fake navigator.usb / navigator.serial of
 * tests/helpers/fake-printer-apis.ts (real API shapes, recording every byte written) through an init script.
 * The admin pairs the printer in Configuración → Dispositivos on the counter itself (the button opens the
 * browser's chooser: requestDevice with the printer class, requestPort); a browser without the API says so;
 * a cash sale prints its ticket exactly once by WebUSB and by Web Serial, the drawer pulse first; a printer that
 * rejects the bytes, or none paired, falls back to the browser's dialog with the reason.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../domain/messages';
import { fakePrinterApis, type FakePrinterLog, type FakePrinterOptions } from '../helpers/fake-printer-apis';
import { printedCount, readMeta, stubPrint, waitForMeta } from './counter-invoice-helpers';
import { ADMIN_PASSWORD, SELLER_PASSWORD, serverAndBrowser } from './harness';
import { addProduct, createProduct, newDevice, openPos, signInAndOpenPos, waitCartEmpty } from './pos-helpers';

const { server, browser } = await serverAndBrowser();
const seller = await server.createSeller('directa');
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  await createProduct(server, { name: 'Ñoquis de papa 500 g', code: 'E2E-DIR-1', price: 2500, stock: 100 });
});
afterAll(async () => {
  for (const context of contexts) await context.close();
});

/** A browser profile whose navigator has the fake printer APIs (installed before the app's own code runs). */
async function deviceWith(apis: Omit<FakePrinterOptions, 'install'>): Promise<Page> {
  const context = await newDevice(browser);
  contexts.push(context);
  await context.addInitScript(fakePrinterApis, { ...apis, install: true });
  return context.newPage();
}

const fakeLog = (page: Page) => page.evaluate(() => (globalThis as unknown as { __fakePrinters: FakePrinterLog }).__fakePrinters);

async function waitForLog(page: Page, check: (log: FakePrinterLog) => boolean, what: string): Promise<FakePrinterLog> {
  for (let i = 0; ; i += 1) {
    const log = await fakeLog(page);
    if (check(log)) return log;
    if (i > 300) throw new Error(`timed out waiting for ${what}`);
    await page.waitForTimeout(50);
  }
}

/** A counter signed in at the POS (user `username`) whose printer the admin set through the API to `settings`. */
async function counter(apis: Omit<FakePrinterOptions, 'install'>, settings: Record<string, unknown>, username = seller, password = SELLER_PASSWORD): Promise<{ page: Page; deviceId: string }> {
  const page = await deviceWith(apis);
  await signInAndOpenPos(page, server.baseUrl, username, password);
  await waitForMeta(page, 'deviceKey');
  const deviceId = (await readMeta(page, 'deviceId')) as string;
  const saved = await server.api('PUT', `/printing/devices/${deviceId}`, { token: await server.adminToken(), body: { policy: 'all', ...settings } });
  expect(saved.status, saved.body.message).toBe(200);
  await page.reload();
  await openPos(page);
  for (let i = 0; ; i += 1) {
    const stored = (await readMeta(page, 'printer')) as { mode?: string } | undefined;
    if (stored?.mode === settings.mode) break;
    if (i > 150) throw new Error('the device never read its printer');
    await page.waitForTimeout(100);
  }
  await stubPrint(page);
  return { page, deviceId };
}

async function sell(page: Page): Promise<void> {
  await addProduct(page, 'Ñoquis de papa 500 g');
  await page.getByRole('button', { name: 'Procesar Venta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Completar Venta' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Confirmar Venta' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await waitCartEmpty(page);
}

/** Where `needle` first occurs in the job's bytes (-1 when absent). */
const at = (job: number[], needle: number[] | string) => Buffer.from(job).indexOf(typeof needle === 'string' ? Buffer.from(needle, 'latin1') : Buffer.from(needle));
/** Where `needle` last occurs. */
const last = (job: number[], needle: string) => Buffer.from(job).lastIndexOf(Buffer.from(needle, 'latin1'));
const ESC_AT = [0x1b, 0x40];
const CODE_PAGE_850 = [0x1b, 0x74, 0x02];
const PULSE = [0x1b, 0x70, 0x00];
const CUT = [0x1d, 0x56];

/** The ticket as a thermal printer reads it: reset, the pulse first, code page 850, the ñ in cp850, the total, the cut last. */
function expectTicketWithPulse(job: number[]): void {
  expect(at(job, ESC_AT)).toBe(0);
  expect(at(job, PULSE)).toBeGreaterThan(0);
  expect(at(job, CODE_PAGE_850)).toBeGreaterThan(at(job, PULSE));
  expect(at(job, 'TOTAL')).toBeGreaterThan(at(job, CODE_PAGE_850));
  // The total line: the amount after the word (the item line names it earlier too).
  expect(last(job, '$ 2.500,00')).toBeGreaterThan(at(job, 'TOTAL'));
  // Ñ in code page 850 (0xA5), not UTF-8.
  expect(at(job, [0xa5, 0x6f, 0x71, 0x75, 0x69, 0x73])).toBeGreaterThan(0);
  expect(at(job, CUT)).toBeGreaterThan(last(job, '$ 2.500,00'));
  // The cut (GS V n) is the last command: only line ends follow it.
  expect(job.slice(at(job, CUT) + 3).every((byte) => byte === 0x0a || byte === 0x0d)).toBe(true);
}

async function openPrinterSettings(page: Page, deviceId: string) {
  await page.goto(`${server.baseUrl}/settings`);
  await page.getByRole('tab', { name: 'Dispositivos' }).click();
  await page.getByTestId(`device-${deviceId}`).getByRole('button', { name: /^Impresora de / }).click();
  const dialog = page.getByRole('dialog', { name: 'Impresora del dispositivo' });
  await dialog.getByRole('combobox', { name: 'Cómo imprime' }).waitFor();
  return dialog;
}

describe('pairing the tablet’s printer in Configuración → Dispositivos', () => {
  it('on the counter itself the buttons open the browser’s choosers (USB printer class 7, serial port); the baud rate is saved', async () => {
    const { page, deviceId } = await counter({ usb: {}, serial: {} }, { mode: 'dialog' }, 'admin', ADMIN_PASSWORD);
    const dialog = await openPrinterSettings(page, deviceId);
    await dialog.getByRole('combobox', { name: 'Cómo imprime' }).click();
    await page.getByRole('option', { name: 'Impresora USB conectada a este mostrador (WebUSB)' }).click();
    await dialog.getByText('Todavía no hay una impresora USB vinculada en este mostrador.').waitFor();
    await dialog.getByRole('button', { name: 'Vincular impresora USB' }).click();
    await dialog.getByText('Vinculada en este mostrador: Winbond POS-80 (USB 0416:5011)').waitFor();
    expect((await fakeLog(page)).usb.requests).toEqual([{ filters: [{ classCode: 7 }] }]);
    expect(await readMeta(page, 'printerPairing')).toEqual({ mode: 'webusb', name: 'Winbond POS-80 (USB 0416:5011)', vendorId: 0x0416, productId: 0x5011, serialNumber: 'FAKE-001' });

    await dialog.getByRole('combobox', { name: 'Cómo imprime' }).click();
    await page.getByRole('option', { name: 'Puerto serie o Bluetooth de este mostrador (Web Serial)' }).click();
    await dialog.getByText('Todavía no hay un puerto serie vinculado en este mostrador.').waitFor();
    await dialog.getByRole('button', { name: 'Vincular puerto serie' }).click();
    await dialog.getByText('Vinculada en este mostrador: Puerto serie USB 1a86:7523').waitFor();
    expect((await fakeLog(page)).serial.requests).toHaveLength(1);
    await dialog.getByRole('combobox', { name: 'Velocidad del puerto (baudios)' }).click();
    await page.getByRole('option', { name: '19200' }).click();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const saved = await server.api('GET', `/printing/devices/${deviceId}`, { token: await server.adminToken() });
    expect(saved.body.data).toMatchObject({ mode: 'webserial', baudRate: 19200 });
  });

  it('elsewhere it says the pairing is done on the counter; a browser without WebUSB / Web Serial says so and keeps the dialog', async () => {
    const remote = await server.registerDevice('Caja remota');
    const { page, deviceId } = await counter({ usb: false, serial: false }, { mode: 'dialog' }, 'admin', ADMIN_PASSWORD);
    let dialog = await openPrinterSettings(page, remote.id);
    await dialog.getByRole('combobox', { name: 'Cómo imprime' }).click();
    await page.getByRole('option', { name: 'Impresora USB conectada a este mostrador (WebUSB)' }).click();
    await dialog.getByText('La impresora USB se vincula en el propio mostrador', { exact: false }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Vincular impresora USB' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });

    dialog = await openPrinterSettings(page, deviceId);
    await dialog.getByText('Este navegador no tiene WebUSB ni Web Serial', { exact: false }).waitFor();
    await dialog.getByRole('combobox', { name: 'Cómo imprime' }).click();
    const usb = page.getByRole('option', { name: 'Impresora USB conectada a este mostrador (WebUSB): no disponible en este navegador' });
    await usb.waitFor();
    expect(await usb.getAttribute('data-combobox-disabled')).toBe('true');
    await usb.click({ force: true });
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Cómo imprime' }).inputValue()).toBe('Diálogo de impresión del navegador');
  });
});

describe('printing from the tablet', () => {
  it('WebUSB: a cash sale prints its ticket once, drawer pulse first; a reload prints nothing again; «Abrir cajón» sends the pulse', async () => {
    const { page } = await counter({ usb: { granted: true }, serial: false }, { mode: 'webusb', drawer: true });
    await sell(page);
    const log = await waitForLog(page, (l) => l.usb.jobs.length > 0, 'the ticket on the USB printer');
    expect(log.usb.jobs).toHaveLength(1);
    expectTicketWithPulse(log.usb.jobs[0]);
    // On the printer's bulk OUT endpoint (3), never its IN endpoint; the device closed after the job.
    expect(new Set(log.usb.transfers.map((t) => t.endpoint))).toEqual(new Set([3]));
    expect(log.usb.calls.at(-1)).toBe('close');

    await page.reload();
    await openPos(page);
    await page.getByTestId('last-sale').waitFor();
    await page.locator('[data-testid="sync-status"][data-online="true"]').waitFor();
    await page.waitForTimeout(1500);
    expect((await fakeLog(page)).usb.jobs).toHaveLength(0); // a fresh page: the log starts empty, and nothing printed again
    expect(await printedCount(page)).toBe(0);

    await page.getByRole('button', { name: 'Abrir cajón' }).click();
    const kicked = await waitForLog(page, (l) => l.usb.jobs.length > 0, 'the drawer pulse');
    expect(at(kicked.usb.jobs[0], PULSE)).toBeGreaterThan(0);
    expect(at(kicked.usb.jobs[0], 'TOTAL')).toBe(-1);
    await page.getByText(MSG.drawerOpened).waitFor();
  });

  it('Web Serial: a cash sale prints its ticket once at the device’s baud rate, drawer pulse first', async () => {
    const { page } = await counter({ usb: false, serial: { granted: true } }, { mode: 'webserial', baudRate: 38400, drawer: true });
    await sell(page);
    const log = await waitForLog(page, (l) => l.serial.jobs.length > 0, 'the ticket on the serial port');
    await page.waitForTimeout(1000);
    const after = await fakeLog(page);
    expect(after.serial.jobs).toHaveLength(1);
    expect(log.serial.opens).toEqual([{ baudRate: 38400 }]);
    expectTicketWithPulse(after.serial.jobs[0]);
    expect(after.serial.calls).toEqual(['open', 'close']);
    expect(await printedCount(page)).toBe(0);
  });

  it('a USB printer that rejects the bytes falls back to the browser dialog and says why', async () => {
    const { page } = await counter({ usb: { granted: true, transfer: 'reject' }, serial: false }, { mode: 'webusb', drawer: false });
    await sell(page);
    await page.getByText(MSG.printerFellBack(MSG.usbBusy)).waitFor();
    await page.waitForFunction(() => document.body.getAttribute('data-printed') === '1');
    const log = await fakeLog(page);
    expect(log.usb.jobs).toEqual([]);
    expect(log.usb.calls.at(-1)).toBe('close');
  });

  it('with no serial port paired on this counter, the ticket opens in the dialog and the cashier reads how to pair one', async () => {
    const { page } = await counter({ usb: false, serial: { granted: false } }, { mode: 'webserial', drawer: false });
    await sell(page);
    await page.getByText(MSG.printerFellBack(MSG.serialNotPaired)).waitFor();
    await page.waitForFunction(() => document.body.getAttribute('data-printed') === '1');
    expect((await fakeLog(page)).serial.opens).toEqual([]);
  });
});
