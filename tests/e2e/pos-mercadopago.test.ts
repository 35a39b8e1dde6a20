/**
 * Mercado Pago Checkout Pro in real Chromium against the real server and the loopback simulator:
 * the seller charges by card → "Redirigiendo a Mercado Pago..." → the simulator's hosted checkout →
 * approve → /payment/success with the reference; the sale is pagado on the server once and the stock
 * moved once. Then the same with webhooks off and the return page's check blocked (only the timer
 * can settle it), the spec's warning without name and e-mail, and the method disabled offline.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../domain/messages';
import { startMercadoPagoSimulator, type MercadoPagoSimulator } from '../../server/integrations/mercadopago/simulator/server';
import { ADMIN_PASSWORD, launchBrowser, loginThroughForm, screenshot, SELLER_PASSWORD, startServer, type E2eServer } from './harness';
import { addProduct, createProduct, newDevice, productStock, signInAndOpenPos } from './pos-helpers';

const TOKEN = 'TEST-e2e-token';
const SECRET = 'e2e-webhook-secret';
const POLL_MS = 700;

let sim: MercadoPagoSimulator;
let server: E2eServer;
let browser: Browser;
let seller: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  sim = await startMercadoPagoSimulator({ webhookSecret: SECRET, accessToken: TOKEN });
  server = await startServer({ MP_ACCESS_TOKEN: TOKEN, MP_WEBHOOK_SECRET: SECRET, MP_API_URL: sim.url, MP_POLL_INTERVAL_MS: String(POLL_MS) });
  seller = await server.createSeller('mara');
  ids.termo = await createProduct(server, { name: 'Termo acero inoxidable', code: '7790000000101', price: 45000, stock: 10 });
  ids.yerba = await createProduct(server, { name: 'Yerba suave medio kilo', code: '7790000000102', price: 3200, stock: 10 });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await sim?.close();
});

async function sellerPos(): Promise<Page> {
  const context = await newDevice(browser);
  const page = await context.newPage();
  await signInAndOpenPos(page, server.baseUrl, seller, SELLER_PASSWORD);
  return page;
}

interface ServerSale {
  id: number;
  paymentMethod: string;
  paymentStatus: string;
  total: number;
}

async function mercadoPagoSales(): Promise<ServerSale[]> {
  const res = await server.api('GET', '/sales?paymentMethod=mercadopago&limit=500', { token: await server.adminToken() });
  return res.body.data as ServerSale[];
}

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condición no cumplida: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Cart → Completar Venta → Mercado Pago with customer → Confirmar; returns when the simulator's checkout shows. */
async function payByCard(page: Page, product: string, quantity: number): Promise<{ redirectMs: number }> {
  await addProduct(page, product, quantity);
  await page.getByRole('button', { name: 'Procesar Venta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Completar Venta' });
  await dialog.getByLabel('Nombre del cliente').fill('Lucía Gómez');
  await dialog.getByLabel('Email').fill('lucia@example.com');
  await dialog.getByRole('radio', { name: 'Mercado Pago simulado' }).click();
  await dialog.getByRole('button', { name: 'Confirmar Venta' }).click();
  await dialog.getByText('Redirigiendo a Mercado Pago...').waitFor();
  const shownAt = Date.now();
  await page.waitForURL(`${sim.url}/checkout/**`);
  const redirectMs = Date.now() - shownAt;
  await page.getByText('Mercado Pago simulado').first().waitFor();
  return { redirectMs };
}

describe('POS → Mercado Pago Checkout Pro', () => {
  it('approve in the checkout → /payment/success with the reference; pagado on the server once, stock moved once', async () => {
    const page = await sellerPos();
    const before = (await mercadoPagoSales()).length;
    const { redirectMs } = await payByCard(page, 'Termo acero inoxidable', 2);
    expect(redirectMs).toBeGreaterThanOrEqual(800); // the spec's 1000 ms pause (measured from when the text showed)
    expect(await page.getByTestId('sim-total').textContent()).toBe('$ 90.000,00');
    await screenshot(page, 'mercadopago-simulated-checkout');
    await page.getByRole('button', { name: 'Aprobar pago' }).click();
    await page.waitForURL('**/payment/success?**');
    const reference = new URL(page.url()).searchParams.get('external_reference')!;
    expect(reference).toMatch(/^VENTA-[A-Za-z0-9_-]+$/);
    await page.getByText('¡Pago Exitoso!').waitFor();
    await page.getByText(reference).waitFor();

    const sales = await until(mercadoPagoSales, (list) => list.length === before + 1 && list.some((s) => s.paymentStatus === 'pagado'));
    expect(sales.filter((s) => s.paymentStatus === 'pagado')).toHaveLength(before + 1);
    expect(sales[0]).toMatchObject({ paymentMethod: 'mercadopago', total: 90000 });
    await sim.notificationsSettled();
    expect(sim.deliveries.filter((d) => d.kind === 'signed' && d.status === 200).length).toBeGreaterThan(0);
    expect(await productStock(server, ids.termo)).toBe(8);
    const detail = await server.api('GET', `/payments/status/${sales[0].id}`, { token: await server.adminToken() });
    expect(detail.body.data).toMatchObject({ externalReference: reference, providerStatus: 'approved', paymentStatus: 'pagado' });
    await page.context().close();

    // Later the buyer gets a refund: the owner sees it in the history and in the sale's detail.
    sim.setPaymentStatus(detail.body.data.providerPaymentId, 'refunded');
    await until(async () => (await server.api('GET', `/sales/${sales[0].id}`, { token: await server.adminToken() })).body.data.flags as string[], (f) => f.includes('payment_review'));
    const owner = await (await newDevice(browser)).newPage();
    await loginThroughForm(owner, server.baseUrl, 'admin', ADMIN_PASSWORD);
    await owner.goto(`${server.baseUrl}/sales?flagged=true`);
    const row = owner.getByRole('row').filter({ hasText: 'Pago a revisar' });
    await row.first().waitFor();
    await row.first().getByRole('button', { name: /^Ver venta/ }).click();
    const dialog = owner.getByRole('dialog', { name: /^Detalle de Venta/ });
    const panel = dialog.getByTestId('mercadopago-panel');
    await panel.getByText('Reembolsado').first().waitFor();
    await panel.getByText('Pago a revisar').waitFor();
    await panel.getByText(`Referencia: ${reference}`).waitFor();
    await screenshot(owner, 'mercadopago-refund-in-sale-detail', false);
    await owner.context().close();
  });

  it('with webhooks off and the return page unable to reach the server, the timer still makes it pagado', async () => {
    sim.controls.mode = 'none';
    const page = await sellerPos();
    await page.route('**/api/payments/reconcile', (route) => route.abort());
    const before = (await mercadoPagoSales()).length;
    const deliveriesBefore = sim.deliveries.length;
    await payByCard(page, 'Yerba suave medio kilo', 3);
    const pending = await until(mercadoPagoSales, (list) => list.length === before + 1);
    expect(pending[0].paymentStatus).toBe('pendiente');
    await page.getByRole('button', { name: 'Aprobar pago' }).click();
    await page.waitForURL('**/payment/success?**');
    const approvedAt = Date.now();
    await until(mercadoPagoSales, (list) => list[0].paymentStatus === 'pagado', 20 * POLL_MS + 10_000);
    expect(Date.now() - approvedAt).toBeLessThan(20 * POLL_MS + 10_000);
    expect(sim.deliveries.length).toBe(deliveriesBefore);
    expect(await productStock(server, ids.yerba)).toBe(7);
    sim.controls.mode = 'signed';
    await page.context().close();
  });

  it('asks for name and e-mail with the spec warning, and disables the method offline with the reason', async () => {
    const page = await sellerPos();
    await addProduct(page, 'Yerba suave medio kilo', 1);
    await page.getByRole('button', { name: 'Procesar Venta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Completar Venta' });
    await dialog.getByRole('radio', { name: 'Mercado Pago simulado' }).click();
    await dialog.getByLabel('Nombre del cliente').fill('Sin Mail');
    await dialog.getByRole('button', { name: 'Confirmar Venta' }).click();
    await dialog.getByText('Para pagar con Mercado Pago se requiere nombre y email del cliente').waitFor();
    expect(page.url()).toContain('/pos');

    await page.context().setOffline(true);
    await page.getByTestId('sync-status').getByText(/Sin conexión/).waitFor();
    const method = dialog.getByRole('radio', { name: /^Mercado Pago( simulado)?$/ });
    await until(() => method.isDisabled(), Boolean);
    await dialog.getByTestId('mercadopago-reason').getByText('Requiere conexión a internet').waitFor();
    await screenshot(page, 'mercadopago-offline-disabled', false);
    await page.context().setOffline(false);
    await page.context().close();
  });

  it('on a server without credentials (and no demo) the method is disabled and says it is not configured', async () => {
    const bare = await startServer({ DEMO_DATA: 'false' });
    try {
      const name = await bare.createSeller('nora');
      await createProduct(bare, { name: 'Mate de calabaza', code: '7790000000999', price: 9000, stock: 3 });
      const page = await (await newDevice(browser)).newPage();
      await signInAndOpenPos(page, bare.baseUrl, name, SELLER_PASSWORD);
      await addProduct(page, 'Mate de calabaza', 1);
      await page.getByRole('button', { name: 'Procesar Venta' }).click();
      const dialog = page.getByRole('dialog', { name: 'Completar Venta' });
      await dialog.getByTestId('mercadopago-reason').getByText(MSG.paymentNotConfigured).waitFor();
      // Checkout Pro, and the counter's QR and Point (issue #34.9): all need Mercado Pago.
      for (const name of ['Mercado Pago', 'Mercado Pago QR', 'Mercado Pago Point']) {
        expect(await dialog.getByRole('radio', { name, exact: true }).isDisabled()).toBe(true);
      }
      await page.context().close();
    } finally {
      await bare.close();
    }
  });
});
