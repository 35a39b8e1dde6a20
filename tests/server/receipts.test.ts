/**
 * Digital receipts (issue #35 item 4): a signed-in user (a seller too) makes a link to a sale's ticket or
 * invoice; the public GET /r/:token serves the PDF (read back with pdftotext, its QR decoded from pdftoppm's
 * pixels), only the token's hash is stored, an expired link is a 410 with a Spanish page, and the e-mail goes
 * through a loopback SMTP server over STARTTLS and carries a link that opens the PDF.
 */
import { eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIPT_MSG } from '../../domain/receipts';
import { receiptLinks } from '../../server/db/schema';
import { pdfQrText, pdfText } from '../e2e/pdf-helpers';
import { arcaApp, generate, paidSale } from './arca/harness';
import { buildApp, testDialect, type TestServer } from '../helpers/server';
import { mailText, startTestSmtp } from '../helpers/smtp';

const smtp = await startTestSmtp();
afterAll(() => smtp.close());
const { s, admin } = await arcaApp('monotributo', { env: { ...smtp.env, RECEIPT_LINK_DAYS: '7' }, captureLogs: true });
const seller = await s.sellerToken('mostrador-recibos');

const LINK = /^http:\/\/[^/]+\/r\/([A-Za-z0-9_-]{43})$/;
const tokenOf = (url: string) => LINK.exec(url)![1];
const pathOf = (url: string) => new URL(url).pathname;

async function open(server: TestServer, url: string) {
  const res = await server.app.inject({ method: 'GET', url: pathOf(url) });
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
}

const makeLink = (saleId: number | string, token: string, payload: Record<string, unknown> = {}) =>
  s.call({ method: 'POST', url: `/api/sales/${saleId}/receipt-link`, token, payload });

let ticketSaleId: number;
let customerSaleId: number;

beforeAll(async () => {
  await s.call({ method: 'PUT', url: '/api/business-info', token: admin, payload: { businessName: 'Almacén Don Tito', address: 'Mitre 123', city: 'Rosario', phone: '341 555-0000' } });
  ticketSaleId = await paidSale(s, admin, [{ price: 1234.56, quantity: 2 }]);
  const product = (await s.call({ method: 'POST', url: '/api/products', token: admin, payload: { name: 'Yerba 1 kg', price: 4500, stock: 10 } })).body.data.id;
  customerSaleId = (
    await s.call({
      method: 'POST',
      url: '/api/sales',
      token: admin,
      payload: { items: [{ productId: product, quantity: 1 }], paymentMethod: 'transferencia', customerName: 'Ana Pérez', customerDocument: '30111222', customerEmail: 'ana@example.com' },
    })
  ).body.data.id;
});

describe('receipt link → PDF', () => {
  it('a ticket link opens the PDF inline, uncached, with the shop, the lines, the total and the payment method', async () => {
    const res = await makeLink(ticketSaleId, admin);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ kind: 'ticket', url: expect.stringMatching(LINK) });
    const days = (Date.parse(res.body.data.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const pdf = await open(s, res.body.data.url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^inline; filename="ticket-.+\.pdf"$/);
    expect(pdf.headers['cache-control']).toContain('no-store');
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.body);
    expect(text).toContain('Almacén Don Tito');
    expect(text).toContain(`TICKET N° ${res.body.data.saleNumber}`);
    expect(text).toMatch(/TOTAL\s+\$ 2\.469,12/);
    expect(text).toContain('$ 1.234,56');
    expect(text).toContain('Forma de pago: Efectivo');
    expect(text).toContain('No válido como factura');
    expect(text).not.toContain('CAE');
  });

  it('an invoiced sale sends its invoice by default: letter, number, total, CAE and its expiry, and the RG 4892 QR', async () => {
    const saleId = await paidSale(s, admin, [{ price: 1500, quantity: 3 }], 0.5);
    const issued = await generate(s, admin, saleId);
    expect(issued.body.data.status).toBe('autorizada');
    const invoice = issued.body.data;

    const res = await makeLink(saleId, seller);
    expect(res.status).toBe(201);
    expect(res.body.data.kind).toBe('invoice');
    const pdf = await open(s, res.body.data.url);
    expect(pdf.headers['content-disposition']).toContain(`factura-${invoice.invoiceNumber}.pdf`);
    const text = pdfText(pdf.body);
    expect(text).toContain('FACTURA C');
    expect(text).toContain(`N° ${invoice.invoiceNumber}`);
    expect(text).toMatch(/TOTAL\s+\$ 4\.499,50/);
    expect(text).toContain(`CAE N°: ${invoice.cae}`);
    const [y, m, d] = (invoice.cae_expiration as string).slice(0, 10).split('-');
    expect(text).toContain(`Fecha de vto. de CAE: ${d}/${m}/${y}`);
    expect(await pdfQrText(pdf.body)).toBe(invoice.qrUrl);

    // The ticket of the same sale can still be asked for.
    const ticket = await makeLink(saleId, seller, { kind: 'ticket' });
    expect(pdfText((await open(s, ticket.body.data.url)).body)).toContain('No válido como factura');
  });

  it('the token cannot be read back: the database holds only its SHA-256', async () => {
    const res = await makeLink(ticketSaleId, admin);
    const token = tokenOf(res.body.data.url);
    const rows = await s.app.store.read((q) => q.select().from(receiptLinks));
    expect(JSON.stringify(rows)).not.toContain(token);
    const hash = createHash('sha256').update(token).digest('hex');
    expect(rows.filter((r) => r.tokenHash === hash)).toHaveLength(1);
    if (testDialect === 'sqlite') {
      // Nor anywhere in the database's files.
      s.app.sqlite.pragma('wal_checkpoint(PASSIVE)');
      for (const file of [s.config.dbFile, `${s.config.dbFile}-wal`].filter(existsSync)) expect(readFileSync(file).includes(token)).toBe(false);
    }
    // Two links are two different random tokens.
    const again = await makeLink(ticketSaleId, admin);
    expect(tokenOf(again.body.data.url)).not.toBe(token);
  });

  it('an expired link answers 410 with the Spanish page; an unknown or malformed one 404 with the same page', async () => {
    const res = await makeLink(ticketSaleId, admin);
    const hash = createHash('sha256').update(tokenOf(res.body.data.url)).digest('hex');
    expect((await open(s, res.body.data.url)).status).toBe(200);
    await s.app.store.write((tx) => tx.update(receiptLinks).set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where(eq(receiptLinks.tokenHash, hash)));

    const expired = await open(s, res.body.data.url);
    expect(expired.status).toBe(410);
    expect(expired.headers['content-type']).toContain('text/html');
    expect(expired.headers['cache-control']).toContain('no-store');
    expect(expired.body.toString()).toContain('Este comprobante ya no está disponible');

    const forged = res.body.data.url.replace(/\/r\/.*/, `/r/${'A'.repeat(43)}`);
    for (const url of [forged, `${forged}x`, 'http://x/r/..%2F..%2Fetc', 'http://x/r/abc']) {
      const unknown = await open(s, url);
      expect({ url, status: unknown.status }).toEqual({ url, status: 404 });
      expect(unknown.body.toString()).toContain(RECEIPT_MSG.unavailable);
    }
  });

  it('sellers send receipts too; the ticket shows the customer document only while sellers may see it', async () => {
    const byAdmin = await makeLink(customerSaleId, admin);
    expect(pdfText((await open(s, byAdmin.body.data.url)).body)).toMatch(/Cliente: Ana Pérez[\s\S]*Documento: 30111222/);

    const shown = await makeLink(customerSaleId, seller);
    expect(shown.status).toBe(201);
    expect(pdfText((await open(s, shown.body.data.url)).body)).toContain('Documento: 30111222');

    await s.call({ method: 'PUT', url: '/api/configuration/privacidad/vendedores_ven_clientes', token: admin, payload: { valor: 'false' } });
    try {
      const hidden = await makeLink(customerSaleId, seller);
      expect(hidden.status).toBe(201);
      const text = pdfText((await open(s, hidden.body.data.url)).body);
      expect(text).toContain('Cliente: Ana Pérez');
      expect(text).not.toContain('30111222');
      // The admin's links keep it.
      expect(pdfText((await open(s, (await makeLink(customerSaleId, admin)).body.data.url)).body)).toContain('30111222');
    } finally {
      await s.call({ method: 'PUT', url: '/api/configuration/privacidad/vendedores_ven_clientes', token: admin, payload: { valor: 'true' } });
    }
  });

  it('bad input and refusals: 400, 401, 404, 409 with Spanish messages', async () => {
    expect((await s.call({ method: 'POST', url: `/api/sales/${ticketSaleId}/receipt-link`, payload: {} })).status).toBe(401);
    const badId = await makeLink('abc', admin);
    expect(badId.status).toBe(400);
    const badKind = await makeLink(ticketSaleId, admin, { kind: 'remito' });
    expect(badKind.status).toBe(400);
    expect(badKind.body.message).toMatch(/ticket o invoice/);
    expect(await makeLink(999999, seller)).toMatchObject({ status: 404, body: { message: 'Venta no encontrada' } });
    expect(await makeLink(ticketSaleId, admin, { kind: 'invoice' })).toMatchObject({ status: 409, body: { message: RECEIPT_MSG.invoiceMissing } });

    const cancelled = await paidSale(s, admin, [{ price: 10, quantity: 1 }]);
    expect((await s.call({ method: 'POST', url: `/api/sales/${cancelled}/cancel`, token: admin, payload: {} })).status).toBe(200);
    expect(await makeLink(cancelled, seller)).toMatchObject({ status: 409, body: { message: RECEIPT_MSG.saleCancelled } });
  });
});

describe('receipt by e-mail', () => {
  const email = (saleId: number | string, token: string, payload: Record<string, unknown>) =>
    s.call({ method: 'POST', url: `/api/sales/${saleId}/receipt-email`, token, payload });

  it('the channels say e-mail is available when SMTP is configured', async () => {
    expect((await s.call({ method: 'GET', url: '/api/receipts/channels', token: seller })).body.data).toEqual({ whatsapp: true, email: true });
  });

  it('a seller e-mails the link through the SMTP server over TLS, with login; the link in the mail opens the PDF', async () => {
    const before = smtp.messages.length;
    const res = await email(ticketSaleId, seller, { to: 'cliente@example.com' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ to: 'cliente@example.com', kind: 'ticket' });
    expect(smtp.messages).toHaveLength(before + 1);
    const mail = smtp.messages.at(-1)!;
    expect(mail).toMatchObject({ from: smtp.user, to: ['cliente@example.com'], secure: true, user: smtp.user });
    const text = mailText(mail.raw);
    expect(text).toContain('Almac');
    const linked = /http:\/\/[^\s"<>]+\/r\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
    expect(linked).toBe(res.body.data.url);
    const pdf = await open(s, linked!);
    expect(pdf.status).toBe(200);
    expect(pdfText(pdf.body)).toMatch(/TOTAL\s+\$ 2\.469,12/);
  });

  it('bad addresses are 400; nothing is sent', async () => {
    const before = smtp.messages.length;
    for (const to of ['no-es-un-mail', '', 'a@b']) {
      const res = await email(ticketSaleId, admin, { to });
      expect({ to, status: res.status }).toEqual({ to, status: 400 });
    }
    expect((await email(ticketSaleId, admin, {})).status).toBe(400);
    expect(smtp.messages).toHaveLength(before);
  });

  it('a mail server that refuses the login is a 502 with a Spanish message; the log has no password', async () => {
    const { s: other, admin: otherAdmin } = await buildApp({ env: { ...smtp.env, SMTP_PASSWORD: 'otra-clave-equivocada' }, captureLogs: true });
    const saleId = await paidSale(other, otherAdmin, [{ price: 5, quantity: 1 }]);
    const res = await other.call({ method: 'POST', url: `/api/sales/${saleId}/receipt-email`, token: otherAdmin, payload: { to: 'cliente@example.com' } });
    expect(res).toMatchObject({ status: 502, body: { success: false, message: RECEIPT_MSG.smtpFailed } });
    const logged = JSON.stringify(other.logs);
    expect(logged).toContain('servidor de correo');
    expect(logged).not.toContain('otra-clave-equivocada');
    expect(JSON.stringify(s.logs)).not.toContain(smtp.password);
  });

  it('without SMTP the channels say so and e-mail is a 409 with the reason; WhatsApp links still work', async () => {
    const { s: plain, admin: plainAdmin } = await buildApp();
    expect((await plain.call({ method: 'GET', url: '/api/receipts/channels', token: plainAdmin })).body.data).toEqual({ whatsapp: true, email: false });
    const saleId = await paidSale(plain, plainAdmin, [{ price: 5, quantity: 1 }]);
    const res = await plain.call({ method: 'POST', url: `/api/sales/${saleId}/receipt-email`, token: plainAdmin, payload: { to: 'cliente@example.com' } });
    expect(res).toMatchObject({ status: 409, body: { message: RECEIPT_MSG.smtpMissing } });
    // Default lifetime: 30 days.
    const link = await plain.call({ method: 'POST', url: `/api/sales/${saleId}/receipt-link`, token: plainAdmin, payload: {} });
    expect(Math.round((Date.parse(link.body.data.expiresAt) - Date.now()) / 86_400_000)).toBe(30);
  });
});
