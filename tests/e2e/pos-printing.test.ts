/**
 * The counter's thermal printer (issue #35) in real Chromium against the real server, with a fake network
 * printer listening on a loopback TCP port: the admin sets a device's printer in Configuración →
 * Dispositivos (validated, in Spanish); a cash sale prints its ticket once, with the drawer's pulse, within
 * 1.5 s of «Confirmar Venta», and a reload does not print it again; an invoice that arrives late (the push
 * held back) prints once when it arrives; the shop's logo heads the ticket as a raster the tablet drew from the
 * business logo; an unreachable printer falls back to the browser's dialog and says so.
 * The cash screens: «Abrir cajón» is logged in the open session (listed in its detail in Cajas, counted on
 * the X/Z, never in the expected cash); the X and the Z print on the same printer, the Z by itself at the
 * close with the server's number and the right totals; an unreachable printer opens the dialog instead.
 */
import net from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../domain/messages';
import { ADMIN_PASSWORD, loginThroughForm, SELLER_PASSWORD, serverAndBrowser } from './harness';
import { addProduct, createProduct, newDevice, openPos, signInAndOpenPos, waitAllSynced, waitCartEmpty } from './pos-helpers';
import { readEscPos } from '../helpers/escpos-reader';
import { printedCount, readMeta, stubPrint, waitForMeta } from './counter-invoice-helpers';

interface Job {
  at: number;
  bytes: Buffer;
}

/** A raw-TCP printer on 127.0.0.1: every connection is one job (its bytes, and when they started to arrive). */
async function fakePrinter(): Promise<{ port: number; jobs: Job[]; close: () => Promise<void> }> {
  const jobs: Job[] = [];
  const server = net.createServer((socket) => {
    let at = 0;
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => {
      at ||= Date.now();
      chunks.push(chunk);
    });
    socket.on('close', () => {
      if (chunks.length) jobs.push({ at, bytes: Buffer.concat(chunks) });
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { port, jobs, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const probe = await fakePrinter();
  await probe.close();
  return probe.port;
}

const ESC_P = Buffer.from([0x1b, 0x70, 0x00]);
const hasPulse = (job: Job) => job.bytes.includes(ESC_P);
const text = (job: Job) => job.bytes.toString('latin1');

async function waitFor(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const { server, browser } = await serverAndBrowser({ ARCA_TAX_CONDITION: 'responsable_inscripto' });
const seller = await server.createSeller('impresora');
const printer = await fakePrinter();
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  await createProduct(server, { name: 'Ñoquis de papa 500 g', code: 'E2E-PRN-1', price: 2500, stock: 100 });
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await printer.close();
});

/** A counter signed in at the POS whose printer the admin set (through the API) to `settings`. */
async function counter(settings: Record<string, unknown>): Promise<{ page: Page; deviceId: string }> {
  const context = await newDevice(browser);
  contexts.push(context);
  const page = await context.newPage();
  await signInAndOpenPos(page, server.baseUrl, seller, SELLER_PASSWORD);
  await waitForMeta(page, 'deviceKey');
  const deviceId = (await readMeta(page, 'deviceId')) as string;
  const saved = await server.api('PUT', `/printing/devices/${deviceId}`, { token: await server.adminToken(), body: { mode: 'network', host: '127.0.0.1', width: '80', qr: 'native', ...settings } });
  expect(saved.status, saved.body.message).toBe(200);
  await page.reload();
  await openPos(page);
  for (let i = 0; ; i += 1) {
    const stored = (await readMeta(page, 'printer')) as { port?: number } | undefined;
    if (stored?.port === settings.port) break;
    if (i > 150) throw new Error('the device never read its printer');
    await page.waitForTimeout(100);
  }
  await stubPrint(page);
  return { page, deviceId };
}

async function sell(page: Page, options: { invoice?: boolean } = {}): Promise<number> {
  await addProduct(page, 'Ñoquis de papa 500 g');
  await page.getByRole('button', { name: 'Procesar Venta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Completar Venta' });
  await dialog.waitFor();
  if (options.invoice) await dialog.getByText('Factura', { exact: true }).click();
  const confirm = dialog.getByRole('button', { name: 'Confirmar Venta' });
  await confirm.waitFor();
  const at = Date.now();
  await confirm.click();
  await dialog.waitFor({ state: 'hidden' });
  await waitCartEmpty(page);
  return at;
}

describe('printer settings in Configuración → Dispositivos', () => {
  it('validates in Spanish and saves the network printer the device then reads', async () => {
    const tablet = await server.registerDevice('Caja impresora');
    const context = await newDevice(browser);
    contexts.push(context);
    const page = await context.newPage();
    await loginThroughForm(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
    await page.goto(`${server.baseUrl}/settings`);
    await page.getByRole('tab', { name: 'Dispositivos' }).click();
    await page.getByTestId(`device-${tablet.id}`).getByRole('button', { name: 'Impresora de Caja impresora' }).click();
    const dialog = page.getByRole('dialog', { name: 'Impresora del dispositivo' });
    await dialog.getByRole('combobox', { name: 'Cómo imprime' }).click();
    await page.getByRole('option', { name: 'Impresora de red (a través del servidor)' }).click();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('Dirección de la impresora: es obligatoria para imprimir por red').waitFor();
    await dialog.getByRole('textbox', { name: 'Dirección de la impresora' }).fill('http://192.168.0.50');
    await dialog.getByRole('textbox', { name: 'Puerto' }).fill('abc');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('Dirección de la impresora: debe ser un nombre o una dirección IP, sin http:// ni puerto').waitFor();
    await dialog.getByText('Puerto: debe ser un número').waitFor();
    await dialog.getByRole('textbox', { name: 'Dirección de la impresora' }).fill('192.168.0.50');
    await dialog.getByRole('textbox', { name: 'Puerto' }).fill('9101');
    await dialog.getByRole('combobox', { name: 'Ancho del papel' }).click();
    await page.getByRole('option', { name: '58 mm (32 columnas)' }).click();
    await dialog.getByRole('combobox', { name: 'Qué imprime solo' }).click();
    await page.getByRole('option', { name: 'Solo las facturas' }).click();
    await dialog.getByRole('switch', { name: 'Abrir el cajón de dinero en las ventas en efectivo' }).check();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(MSG.printerSaved).waitFor();
    const mine = await server.api('GET', '/printing/settings', { headers: tablet.headers });
    expect(mine.body.data).toEqual({ mode: 'network', host: '192.168.0.50', port: 9101, width: '58', qr: 'native', policy: 'invoices', drawer: true, baudRate: 9600 });
  });
});

describe('printing at the counter through the server', () => {
  it('a cash sale prints its ticket once with the drawer pulse within 1.5 s of confirm; a reload prints nothing again', async () => {
    const { page } = await counter({ port: printer.port, policy: 'all', drawer: true });
    const before = printer.jobs.length;
    const confirmedAt = await sell(page);
    await waitFor(() => printer.jobs.length > before, 'the ticket at the printer');
    const job = printer.jobs[before];
    expect(job.at - confirmedAt).toBeLessThan(1500);
    expect(hasPulse(job)).toBe(true);
    expect(text(job)).toContain('TOTAL');
    // Ñ in code page 850 (0xA5), not UTF-8.
    expect(job.bytes.includes(Buffer.from([0xa5, 0x6f, 0x71, 0x75, 0x69, 0x73]))).toBe(true);
    await waitAllSynced(page, 1);
    await page.reload();
    await openPos(page);
    await page.getByTestId('last-sale').waitFor();
    await page.locator('[data-testid="sync-status"][data-online="true"]').waitFor();
    await page.waitForTimeout(1500);
    expect(printer.jobs.length).toBe(before + 1);
    expect(await printedCount(page)).toBe(0);

    // «Abrir cajón»: only the pulse.
    await page.getByRole('button', { name: 'Abrir cajón' }).click();
    await waitFor(() => printer.jobs.length > before + 1, 'the drawer pulse');
    expect(hasPulse(printer.jobs[before + 1])).toBe(true);
    expect(text(printer.jobs[before + 1])).not.toContain('TOTAL');
    await page.getByText(MSG.drawerOpened).waitFor();
  });

  it('an invoice that arrives late prints once when it arrives, never twice', async () => {
    const { page } = await counter({ port: printer.port, policy: 'all', drawer: false });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/sync/push', async (route) => {
      await held;
      await route.continue();
    });
    const before = printer.jobs.length;
    await sell(page, { invoice: true });
    await page.getByTestId('last-sale-invoice').waitFor();
    // Nothing prints while the invoice has not come (no plain ticket for an invoiced sale).
    await page.waitForTimeout(1000);
    expect(printer.jobs.length).toBe(before);
    release();
    await waitFor(() => printer.jobs.length > before, 'the invoice at the printer', 30_000);
    expect(text(printer.jobs[before])).toContain('FACTURA B');
    expect(text(printer.jobs[before])).toContain('CAE N');
    await waitAllSynced(page, 1);
    await page.unroute('**/api/sync/push');
    await page.reload();
    await openPos(page);
    await page.getByTestId('last-sale').waitFor();
    await page.locator('[data-testid="sync-status"][data-online="true"]').waitFor();
    await page.waitForTimeout(1500);
    expect(printer.jobs.length).toBe(before + 1);
    expect(await printedCount(page)).toBe(0);
  });

  it('the shop’s logo heads the ticket on the roll: the tablet draws the business logo once and keeps it', async () => {
    const token = await server.adminToken();
    const current = (await server.api('GET', '/business-info')).body.data as Record<string, unknown>;
    // A real PNG the server serves (the app's 192 px icon), as an uploaded logo would be.
    const logo = `${server.baseUrl}/icons/icon-192.png`;
    const saved = await server.api('PUT', '/business-info', { token, body: { ...current, logo } });
    expect(saved.status, saved.body.message).toBe(200);
    try {
      const { page } = await counter({ port: printer.port, policy: 'all', drawer: false });
      const deadline = Date.now() + 30_000;
      let drawn: unknown = null;
      while (!drawn) {
        drawn = await page.evaluate(
          () =>
            new Promise((resolve) => {
              const open = indexedDB.open('mostrador');
              open.onsuccess = () => {
                const request = open.result.transaction('meta').objectStore('meta').get('ticketLogo');
                request.onsuccess = () => {
                  const value = request.result?.value as { url: string; image: { width: number; height: number } } | null | undefined;
                  resolve(value ? { url: value.url, width: value.image.width, height: value.image.height } : null);
                  open.result.close();
                };
              };
            }),
        );
        if (!drawn && Date.now() > deadline) throw new Error('the tablet never drew the logo');
        if (!drawn) await page.waitForTimeout(200);
      }
      // 192 × 192 px fits 256 × 128 dots at 128 × 128.
      expect(drawn).toEqual({ url: logo, width: 128, height: 128 });
      const before = printer.jobs.length;
      await sell(page);
      await waitFor(() => printer.jobs.length > before, 'the ticket with the logo');
      const job = printer.jobs[before];
      const raster = job.bytes.indexOf(Buffer.from([0x1d, 0x76, 0x30]));
      expect(raster).toBeGreaterThan(0);
      expect(raster).toBeLessThan(job.bytes.indexOf(Buffer.from('TOTAL', 'latin1')));
      const [image] = readEscPos(job.bytes).rasters;
      expect([image.width, image.height]).toEqual([128, 128]);
      // The icon has ink, and white around it: neither a blank nor a black box.
      expect(image.bits.some((byte) => byte !== 0)).toBe(true);
      expect(image.bits.some((byte) => byte !== 0xff)).toBe(true);
    } finally {
      await server.api('PUT', '/business-info', { token, body: { ...current, logo: null } });
    }
  });

  it('an unreachable printer falls back to the browser dialog and tells the cashier', async () => {
    const { page } = await counter({ port: await closedPort(), policy: 'all', drawer: true });
    const before = printer.jobs.length;
    await sell(page);
    await page.getByText(MSG.printerUnreachable).waitFor();
    await page.waitForFunction(() => document.body.getAttribute('data-printed') === '1');
    expect(printer.jobs.length).toBe(before);
  });
});

const cashDialog = (page: Page, name: string) => page.getByRole('dialog', { name });

async function openCash(page: Page, float: string): Promise<void> {
  await page.getByRole('button', { name: 'Abrir caja' }).click();
  const dialog = cashDialog(page, 'Abrir caja');
  await dialog.getByLabel('Fondo inicial').fill(float);
  await dialog.getByRole('button', { name: 'Abrir caja' }).click();
  await page.getByRole('button', { name: 'Caja abierta' }).waitFor();
}

/** «Cerrar caja» with the count; the dialog then offers to open the next one. */
async function closeCash(page: Page, counted: string): Promise<void> {
  await page.getByRole('button', { name: 'Caja abierta' }).click();
  await cashDialog(page, 'Caja abierta').getByRole('button', { name: 'Cerrar caja' }).click();
  const dialog = cashDialog(page, 'Cerrar caja');
  await dialog.getByLabel('Efectivo contado').fill(counted);
  await dialog.getByRole('button', { name: 'Cerrar caja' }).click();
  await cashDialog(page, 'Abrir caja').waitFor();
}

/** The text lines of a job, read back from ESC/POS (code page 850). */
const lines = (job: Job) => readEscPos(job.bytes).lines;

describe('the cash screens print on the counter printer', () => {
  it('«Abrir cajón» is logged in the session; the X and then the Z (at the close) print with the totals and the openings', async () => {
    const { page, deviceId } = await counter({ port: printer.port, policy: 'ask', drawer: false });
    // No session yet: the drawer opens, nothing is logged, the cashier is told so.
    let before = printer.jobs.length;
    await page.getByRole('button', { name: 'Abrir cajón' }).click();
    await page.getByText(MSG.drawerOpenedNotLogged).waitFor();
    await waitFor(() => printer.jobs.length > before, 'the first pulse');

    await openCash(page, '10.000');
    await sell(page);
    for (const n of [1, 2]) {
      before = printer.jobs.length;
      await page.getByRole('button', { name: 'Abrir cajón' }).click();
      await waitFor(() => printer.jobs.length > before, `pulse ${n}`);
      expect(hasPulse(printer.jobs[before])).toBe(true);
    }
    await page.getByText(MSG.drawerOpened, { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Caja abierta' }).click();
    const open = cashDialog(page, 'Caja abierta');
    await open.getByTestId('cash-drawer-opens').filter({ hasText: /^2$/ }).waitFor();
    // Opening the drawer moves no money: 10.000 + one cash sale of 2.500.
    expect(await open.getByTestId('cash-expected-now').textContent()).toBe('$ 12.500,00');
    before = printer.jobs.length;
    await open.getByRole('button', { name: 'Imprimir X' }).click();
    await waitFor(() => printer.jobs.length > before, 'the X at the printer');
    const x = lines(printer.jobs[before]);
    expect(x).toContain('Informe X (caja abierta)');
    expect(x).toContain('Aperturas de cajón: 2');
    expect(x.some((l) => l.startsWith('Efectivo esperado') && l.endsWith('$ 12.500,00'))).toBe(true);
    expect(hasPulse(printer.jobs[before])).toBe(false);
    expect(await printedCount(page)).toBe(0);
    await page.keyboard.press('Escape');
    await open.waitFor({ state: 'hidden' });

    before = printer.jobs.length;
    await closeCash(page, '12.500');
    await waitFor(() => printer.jobs.length > before, 'the Z at the printer', 30_000);
    const z = lines(printer.jobs[before]);
    const [session] = (await server.api('GET', `/cash-sessions?deviceId=${deviceId}`, { token: await server.adminToken() })).body.data;
    expect(session).toMatchObject({ status: 'cerrada', expected: 12500, counted: 12500, difference: 0 });
    expect(z).toContain(`Cierre Z N° ${session.zNumber}`);
    expect(z.some((l) => l.startsWith('Fondo inicial') && l.endsWith('$ 10.000,00'))).toBe(true);
    expect(z.some((l) => l.startsWith('Ventas Efectivo (1)') && l.endsWith('$ 2.500,00'))).toBe(true);
    expect(z.some((l) => l.startsWith('Efectivo contado') && l.endsWith('$ 12.500,00'))).toBe(true);
    expect(z.some((l) => l.startsWith('Diferencia') && l.endsWith('$ 0,00'))).toBe(true);
    expect(z).toContain('Aperturas de cajón: 2');
    expect(printer.jobs[before].bytes.includes(Buffer.from('Aperturas de caj\xa2n', 'latin1'))).toBe(true);
    await page.waitForTimeout(1000);
    expect(printer.jobs.length).toBe(before + 1);
    expect(await printedCount(page)).toBe(0);

    // Cajas (back office): the two openings, by whom and when, in the session's detail.
    const detail = (await server.api('GET', `/cash-sessions/${session.id}`, { token: await server.adminToken() })).body.data;
    expect(detail.drawerOpens).toHaveLength(2);
    const admin = await (await newDevice(browser)).newPage();
    contexts.push(admin.context());
    await loginThroughForm(admin, server.baseUrl, 'admin', ADMIN_PASSWORD);
    await admin.goto(new URL('/cash-sessions', server.baseUrl).href);
    await admin.getByRole('button', { name: new RegExp(`^Ver caja Z ${session.zNumber} `) }).click();
    const opens = admin.getByRole('table', { name: 'Aperturas de cajón de la caja' });
    await opens.waitFor();
    expect(await opens.getByRole('row').count()).toBe(2);
    expect(await opens.getByRole('row').first().textContent()).toContain('Apertura de cajón');
    expect(await opens.getByRole('row').first().textContent()).toContain(session.openedBy.fullName);
  });

  it('an unreachable printer: the drawer is not logged, and the X and the Z open the browser dialog and say so', async () => {
    const { page } = await counter({ port: await closedPort(), policy: 'ask', drawer: false });
    await openCash(page, '1.000');
    await page.getByRole('button', { name: 'Abrir cajón' }).click();
    await page.getByText(MSG.drawerUnreachable).waitFor();
    await page.getByRole('button', { name: 'Caja abierta' }).click();
    const open = cashDialog(page, 'Caja abierta');
    expect(await open.getByTestId('cash-drawer-opens').textContent()).toBe('0');
    await open.getByRole('button', { name: 'Imprimir X' }).click();
    await page.getByText(MSG.printerUnreachable).waitFor();
    await page.waitForFunction(() => document.body.getAttribute('data-printed') === '1');
    expect(await page.getByTestId('cash-ticket').textContent()).toContain('Informe X (caja abierta)');
    await page.keyboard.press('Escape');
    await open.waitFor({ state: 'hidden' });
    await page.getByText(MSG.printerUnreachable).waitFor({ state: 'hidden' });

    await closeCash(page, '1.000');
    await page.getByText(MSG.printerUnreachable).waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => document.body.getAttribute('data-printed') === '2');
    const ticket = await page.getByTestId('cash-ticket').textContent();
    expect(ticket).toMatch(/Cierre Z N° \d+/);
    expect(ticket).toContain('Aperturas de cajón: 0');
  });
});
