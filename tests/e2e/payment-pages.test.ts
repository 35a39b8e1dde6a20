/** The three payment result pages (docs/spec.md §2), read from the provider's query parameters. */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newContext, PHONE, screenshot, serverAndBrowser } from './harness';

let page: Page;

const { server, browser } = await serverAndBrowser({ DEMO_DATA: 'false' });
beforeAll(async () => {
  page = await (await newContext(browser, PHONE)).newPage();
});

const pathOf = () => new URL(page.url()).pathname;
const query = 'external_reference=V-20260115-0042&payment_id=987654321&collection_status=';

describe('payment result pages', () => {
  it('success: without a reference it says so; with one it verifies, then shows the approved payment', async () => {
    await page.goto(`${server.baseUrl}/payment/success`);
    await page.getByText('No se encontró información de la venta').waitFor();
    await page.getByRole('button', { name: 'Volver al Inicio' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // «Verificando pago...» shows for 800 ms: recorded in the page as it appears, so a slow machine (where the
    // navigation itself can take longer than that) cannot make the test miss it.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.body?.textContent?.includes('Verificando pago...')) return;
        (window as unknown as { sawVerifying: boolean }).sawVerifying = true;
        observer.disconnect();
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto(`${server.baseUrl}/payment/success?${query}approved`);
    await page.getByRole('heading', { name: '¡Pago Exitoso!' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { sawVerifying?: boolean }).sawVerifying)).toBe(true);
    const text = await page.locator('body').innerText();
    for (const expected of ['Tu compra ha sido procesada correctamente', 'Referencia', 'V-20260115-0042', 'Aprobado', 'Recibirás un correo electrónico con los detalles de tu compra.']) {
      expect(text).toContain(expected);
    }
    await screenshot(page, 'payment-success-phone');
    await page.getByRole('button', { name: 'Ver Ventas' }).click();
    // /ventas is not a route: it falls through to the home redirect.
    await page.getByRole('heading', { name: 'Bienvenido a Mi Tienda' }).waitFor();
    expect(pathOf()).toBe('/');
  });

  it('failure: reasons, advice, and Ver Catálogo falling through to /', async () => {
    await page.goto(`${server.baseUrl}/payment/failure?${query}rejected`);
    await page.getByRole('heading', { name: 'Pago Rechazado' }).waitFor();
    const text = await page.locator('body').innerText();
    for (const expected of [
      'No se pudo procesar tu pago',
      'V-20260115-0042',
      'Fondos insuficientes',
      'Datos de la tarjeta incorrectos',
      'Pago rechazado por el banco',
      'Límite de compra excedido',
      'Podés intentar nuevamente con otro medio de pago o comunicarte con tu banco.',
    ]) {
      expect(text).toContain(expected);
    }
    await page.getByRole('button', { name: 'Ver Catálogo' }).click();
    await page.getByRole('heading', { name: 'Bienvenido a Mi Tienda' }).waitFor();
    expect(pathOf()).toBe('/');
  });

  it('pending: reasons, 48-hour note, and a local "Verificar Estado" that reports it is still pending', async () => {
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/payments')) apiCalls.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    const reconcile = page.waitForResponse((r) => r.url().endsWith('/api/payments/reconcile'));
    await page.goto(`${server.baseUrl}/payment/pending?${query}pending`);
    await page.getByRole('heading', { name: 'Pago Pendiente' }).waitFor();
    // Hitting the page asks the server to check the reference (it reveals nothing); the button never calls.
    expect((await reconcile).status()).toBe(202);
    expect(apiCalls).toEqual(['POST /api/payments/reconcile']);
    const text = await page.locator('body').innerText();
    for (const expected of [
      'Tu pago está siendo procesado',
      'V-20260115-0042',
      'Pendiente',
      'Pago en efectivo pendiente de acreditación',
      'Transferencia bancaria en proceso',
      'Validación adicional del banco',
      'Demora en la red de pagos',
      'Te enviaremos un correo electrónico cuando se confirme el pago.',
      'La confirmación puede demorar hasta 48 horas.',
    ]) {
      expect(text).toContain(expected);
    }
    await page.getByRole('button', { name: 'Verificar Estado' }).click();
    await page.getByRole('alert').getByText('El pago sigue pendiente. Te avisaremos cuando se confirme.').waitFor({ timeout: 5000 });
    await screenshot(page, 'payment-pending-phone');
    expect(apiCalls).toEqual(['POST /api/payments/reconcile']);
  });

  it('uses the fallback names while the business has no name', async () => {
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('heading', { name: 'Bienvenido a Mi Tienda' }).waitFor();
    expect(await page.locator('header').first().innerText()).toContain('Mi Tienda Accesorios');
    expect(await page.locator('footer').innerText()).toContain('Tu tienda de confianza');
    await page.goto(`${server.baseUrl}/catalog`);
    await page.getByText('No hay productos disponibles en este momento').waitFor();
    expect(await page.getByText('Aún no se han cargado productos en el catálogo.').isVisible()).toBe(true);
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('heading', { name: 'Sistema POS' }).waitFor();
  });
});
