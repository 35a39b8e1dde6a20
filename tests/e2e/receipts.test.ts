/**
 * Digital receipts from the sale detail (issue #35 item 4): «Enviar comprobante» → WhatsApp opens a wa.me
 * URL (intercepted: no request leaves the machine) for the typed number, whose text carries a link that opens
 * the sale's PDF with its total; without SMTP the e-mail tab says why it is unavailable; offline the button
 * is disabled with the reason.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { RECEIPT_MSG } from '../../domain/receipts';
import { adminPage, createSale } from './backoffice-helpers';
import { newContext, serverAndBrowser } from './harness';
import { pdfText } from './pdf-helpers';
import { createProduct } from './pos-helpers';

let sale: { id: number; saleNumber: string };

const { server, browser } = await serverAndBrowser({ DEMO_DATA: 'false' });
beforeAll(async () => {
  const token = await server.adminToken();
  expect((await server.api('PUT', '/business-info', { token, body: { businessName: 'Kiosco La Esquina' } })).status).toBe(200);
  const alfajor = await createProduct(server, { name: 'Alfajor triple', code: 'RC-1', price: 1250.5, stock: 20 });
  sale = await createSale(server, { items: [{ productId: alfajor, quantity: 3 }], paymentMethod: 'efectivo' });
});

describe('Enviar comprobante from the sale detail', () => {
  it('WhatsApp opens wa.me with a working link to the PDF; e-mail says why it is unavailable; offline it is disabled', async () => {
    const context = await newContext(browser);
    const opened: string[] = [];
    await context.route('https://wa.me/**', async (route) => {
      opened.push(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' });
    });
    const page = await adminPage(context, server);
    await page.goto(`${server.baseUrl}/sales`);
    await page.getByRole('button', { name: `Ver venta ${sale.saleNumber}` }).click();
    const detail = page.getByRole('dialog', { name: `Detalle de Venta - ${sale.saleNumber}` });
    await detail.getByRole('button', { name: RECEIPT_MSG.send }).click();

    const dialog = page.getByRole('dialog', { name: RECEIPT_MSG.dialogTitle });
    await dialog.getByText(`Se envía el ticket de la venta ${sale.saleNumber}`).waitFor();
    const open = dialog.getByRole('button', { name: RECEIPT_MSG.openWhatsApp });
    expect(await open.isDisabled()).toBe(true);
    await dialog.getByLabel(RECEIPT_MSG.phoneLabel).fill('12');
    await dialog.getByText(RECEIPT_MSG.phoneInvalid).waitFor();
    await dialog.getByLabel(RECEIPT_MSG.phoneLabel).fill('011 5555-1234');

    const popup = context.waitForEvent('page');
    await open.click();
    const whatsapp = await popup;
    await whatsapp.waitForURL(/^https:\/\/wa\.me\//);
    const url = new URL(whatsapp.url());
    expect(url.pathname).toBe('/5491155551234');
    const text = url.searchParams.get('text') ?? '';
    expect(text).toContain('Kiosco La Esquina');
    expect(text).toContain(sale.saleNumber);
    expect(opened).toHaveLength(1);

    const link = /https?:\/\/\S+\/r\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
    expect(link, text).toBeTruthy();
    const res = await fetch(link!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = pdfText(Buffer.from(await res.arrayBuffer()));
    expect(pdf).toContain(`TICKET N° ${sale.saleNumber}`);
    expect(pdf).toMatch(/TOTAL\s+\$ 3\.751,50/);

    // No SMTP on this server: the e-mail tab says so.
    await dialog.getByText(RECEIPT_MSG.email, { exact: true }).click();
    await dialog.getByText(RECEIPT_MSG.emailUnavailable).waitFor();
    await dialog.getByRole('button', { name: 'Cerrar', exact: true }).last().click();

    // Offline: disabled, with the reason.
    await context.setOffline(true);
    await detail.getByText(RECEIPT_MSG.offline).waitFor();
    expect(await detail.getByRole('button', { name: RECEIPT_MSG.send }).isDisabled()).toBe(true);
    await context.setOffline(false);
    await context.close();
  });
});
