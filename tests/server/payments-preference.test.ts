/**
 * POST /payments/preference and /payments/sale against the real simulator: the catalogue's prices (not
 * the client's), the reference format, back_urls, auto_return, one idempotency key per attempt even
 * across retries, the spec's messages, and the pendiente sale with its stock taken once.
 */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../domain/messages';
import { countSales, createProduct, stockOf } from '../helpers/fixtures';
import { pendingSale, requestPreference, startMpTestbed } from '../helpers/mercadopago';
import { buildApp } from '../helpers/server';

const bed = await startMpTestbed();

describe('POST /payments/preference', () => {
  it('prices from the catalogue even when the client sends prices, with the reference, back_urls and auto_return', async () => {
    const mate = await createProduct(bed.server.app.store, { name: 'Mate imperial', price: 12500, stock: 5 });
    const bombilla = await createProduct(bed.server.app.store, { name: 'Bombilla', price: 3000.5, stock: 5 });
    const before = bed.sim.requests.length;
    const res = await requestPreference(bed, {
      items: [
        { productId: mate, quantity: 2, unitPrice: 1, price: 1 },
        { productId: bombilla, quantity: 1, unit_price: 0.01 },
      ],
      payer: { name: 'Ana', email: 'ana@example.com' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ total: 28000.5, initPoint: expect.stringContaining(bed.sim.url), sandboxInitPoint: expect.stringContaining('sandbox=1') });
    expect(res.body.data.preferenceId).toEqual(expect.any(String));
    const sent = bed.sim.requests.slice(before);
    expect(sent).toHaveLength(1);
    const body = sent[0].body;
    expect(body.items.map((i) => [i.id, i.quantity, i.unit_price, i.currency_id])).toEqual([
      [String(mate), 2, 12500, 'ARS'],
      [String(bombilla), 1, 3000.5, 'ARS'],
    ]);
    expect(body.external_reference).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(body.external_reference).toBe(res.body.data.externalReference);
    expect(body.back_urls).toEqual({
      success: `${bed.origin}/payment/success`,
      failure: `${bed.origin}/payment/failure`,
      pending: `${bed.origin}/payment/pending`,
    });
    expect(body.auto_return).toBe('approved');
    expect(body.notification_url).toBe(`${bed.origin}/api/payments/webhook`);
    expect(body.payer).toEqual({ name: 'Ana', email: 'ana@example.com' });
    expect(sent[0].idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('the payer name defaults to "Cliente"; a discount travels as one line with the total', async () => {
    const id = await createProduct(bed.server.app.store, { price: 1000, stock: 5 });
    const res = await requestPreference(bed, { items: [{ productId: id, quantity: 3 }], payer: { email: 'b@example.com' }, discount: 500 });
    expect(res.status).toBe(201);
    expect(res.body.data.total).toBe(2500);
    const body = bed.sim.requests.at(-1)!.body;
    expect(body.payer.name).toBe('Cliente');
    expect(body.items).toEqual([expect.objectContaining({ quantity: 1, unit_price: 2500 })]);
  });

  it('a retry of the same attempt uses the same idempotency key and gets one preference, even after lost replies', async () => {
    const id = await createProduct(bed.server.app.store, { price: 700, stock: 5 });
    const payload = { items: [{ productId: id, quantity: 1 }], payer: { name: 'Reintento', email: 'r@example.com' }, externalReference: 'VENTA-reintento_01' };
    const before = bed.sim.requests.length;
    bed.sim.setFailNextPreferences(4); // the client's 1 + 3 retries all lose their reply
    const failed = await requestPreference(bed, payload);
    expect(failed.status).toBe(503);
    expect(failed.body.message).toBe(MSG.paymentProviderUnavailable);
    const retried = await requestPreference(bed, payload);
    expect(retried.status).toBe(201);
    const again = await requestPreference(bed, payload);
    expect(again.body.data.preferenceId).toBe(retried.body.data.preferenceId);
    const keys = new Set(bed.sim.requests.slice(before).map((r) => r.idempotencyKey));
    expect(bed.sim.requests.length - before).toBe(5); // the third call answered from the database
    expect(keys.size).toBe(1);
  });

  it('refuses a reused reference with another cart, a bad reference, and missing e-mail with field messages', async () => {
    const id = await createProduct(bed.server.app.store, { price: 700, stock: 5 });
    const ok = await requestPreference(bed, { items: [{ productId: id, quantity: 1 }], payer: { email: 'x@example.com' }, externalReference: 'VENTA-unica' });
    expect(ok.status).toBe(201);
    const reused = await requestPreference(bed, { items: [{ productId: id, quantity: 2 }], payer: { email: 'x@example.com' }, externalReference: 'VENTA-unica' });
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe(MSG.paymentReferenceReused);
    const bad = await requestPreference(bed, { items: [{ productId: id, quantity: 1 }], payer: { email: 'x@example.com' }, externalReference: 'con espacios y ñ' });
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    const long = await requestPreference(bed, { items: [{ productId: id, quantity: 1 }], payer: { email: 'x@example.com' }, externalReference: 'A'.repeat(65) });
    expect(long.status).toBe(400);
    const noEmail = await requestPreference(bed, { items: [{ productId: id, quantity: 1 }], payer: { name: 'Sin mail' } });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.message).toMatch(/email/i);
    const noStock = await requestPreference(bed, { items: [{ productId: id, quantity: 99 }], payer: { email: 'x@example.com' } });
    expect(noStock.status).toBe(409);
  });

  it('needs a session', async () => {
    const res = await bed.server.call({ method: 'POST', url: '/api/payments/preference', payload: {} });
    expect(res.status).toBe(401);
  });
});

describe('POST /payments/sale', () => {
  it('records the sale pendiente with stock taken once; a repeat returns the same sale', async () => {
    const salesBefore = await countSales(bed.server.app);
    const { productId, saleId, preferenceId, items, reference } = await pendingSale(bed, { stock: 10, quantity: 3 });
    const sale = await bed.server.call({ method: 'GET', url: `/api/sales/${saleId}`, token: bed.token });
    expect(sale.body.data).toMatchObject({ paymentMethod: 'mercadopago', paymentStatus: 'pendiente', total: 4500, customerEmail: 'ana@example.com' });
    expect(await stockOf(bed.server.app, productId)).toEqual({ stock: 7, ledger: 7 });
    const repeat = await bed.server.call({ method: 'POST', url: '/api/payments/sale', token: bed.token, payload: { preferenceId, items } });
    expect(repeat.status).toBe(200);
    expect(repeat.body.data.id).toBe(saleId);
    expect(await countSales(bed.server.app)).toBe(salesBefore + 1);
    expect(await stockOf(bed.server.app, productId)).toEqual({ stock: 7, ledger: 7 });
    const status = await bed.server.call({ method: 'GET', url: `/api/payments/status/${saleId}`, token: bed.token });
    expect(status.body.data).toMatchObject({ paymentStatus: 'pendiente', externalReference: reference, preferenceId, providerStatus: 'pending' });
  });

  it('refuses an unknown preference and a cart other than the preference’s', async () => {
    const unknown = await bed.server.call({ method: 'POST', url: '/api/payments/sale', token: bed.token, payload: { preferenceId: 'nope', items: [{ productId: 1, quantity: 1 }] } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(MSG.paymentPreferenceNotFound);
    const id = await createProduct(bed.server.app.store, { price: 100, stock: 5 });
    const pref = await requestPreference(bed, { items: [{ productId: id, quantity: 1 }], payer: { email: 'x@example.com' } });
    const other = await bed.server.call({
      method: 'POST',
      url: '/api/payments/sale',
      token: bed.token,
      payload: { preferenceId: pref.body.data.preferenceId, items: [{ productId: id, quantity: 4 }] },
    });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(MSG.paymentSaleMismatch);
    expect((await stockOf(bed.server.app, id)).stock).toBe(5);
  });

  it('POST /sales still refuses mercadopago as a direct sale', async () => {
    const id = await createProduct(bed.server.app.store, { price: 100, stock: 5 });
    const res = await bed.server.call({ method: 'POST', url: '/api/sales', token: bed.token, payload: { items: [{ productId: id, quantity: 1 }], paymentMethod: 'mercadopago' } });
    expect(res.status).toBe(400);
  });
});

describe('configuration', () => {
  it('without credentials (and no demo) the method says it is not configured', async () => {
    const { s: bare } = await buildApp();
    const token = await bare.sellerToken();
    const availability = await bare.call({ method: 'GET', url: '/api/payments/availability', token });
    expect(availability.body.data).toEqual({ configured: false, simulated: false, label: 'Mercado Pago' });
    const id = await createProduct(bare.app.store, { stock: 3 });
    const res = await bare.call({ method: 'POST', url: '/api/payments/preference', token, payload: { items: [{ productId: id, quantity: 1 }], payer: { email: 'a@example.com' } } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MSG.paymentNotConfigured);
  });

  it('a token Mercado Pago refuses gives the spec message with the reason, and nothing is half-made', async () => {
    const { s: wrong } = await buildApp({ env: { MP_ACCESS_TOKEN: 'APP_USR-equivocado', MP_WEBHOOK_SECRET: 'x', MP_API_URL: bed.sim.url } });
    const token = await wrong.sellerToken();
    const id = await createProduct(wrong.app.store, { stock: 3, price: 10 });
    const res = await wrong.call({ method: 'POST', url: '/api/payments/preference', token, payload: { items: [{ productId: id, quantity: 1 }], payer: { email: 'a@example.com' } } });
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/^Error al procesar pago con Mercado Pago: .*credenciales/);
    expect(res.body.message).not.toContain('APP_USR-equivocado');
  });

  it('with demo data and no credentials an in-process simulator answers, labelled "Mercado Pago simulado"', async () => {
    const { s: demo } = await buildApp({ env: { DEMO_DATA: 'true' } });
    const token = await demo.sellerToken();
    const availability = await demo.call({ method: 'GET', url: '/api/payments/availability', token });
    expect(availability.body.data).toEqual({ configured: true, simulated: true, label: 'Mercado Pago simulado' });
    const id = await createProduct(demo.app.store, { stock: 3, price: 10 });
    const res = await demo.call({ method: 'POST', url: '/api/payments/preference', token, payload: { items: [{ productId: id, quantity: 1 }], payer: { email: 'a@example.com' } } });
    expect(res.status).toBe(201);
    const page = await fetch(res.body.data.sandboxInitPoint);
    expect(await page.text()).toContain('Mercado Pago simulado');
  });

  it('an admin saves the token; it is never returned; sellers may not read or change settings', async () => {
    const admin = await bed.server.login();
    const saved = await bed.server.call({ method: 'PUT', url: '/api/payments/settings', token: admin, payload: { accessToken: MP_TOKEN_FOR_SETTINGS, publicUrl: 'https://tienda.example.com/' } });
    expect(saved.status).toBe(200);
    const text = JSON.stringify(saved.body);
    expect(text).not.toContain(MP_TOKEN_FOR_SETTINGS);
    expect(saved.body.data).toMatchObject({ hasAccessToken: true, accessTokenSource: 'settings', publicUrl: 'https://tienda.example.com', webhookUrl: 'https://tienda.example.com/api/payments/webhook' });
    const read = await bed.server.call({ method: 'GET', url: '/api/payments/settings', token: admin });
    expect(JSON.stringify(read.body)).not.toContain(MP_TOKEN_FOR_SETTINGS);
    const seller = await bed.server.call({ method: 'GET', url: '/api/payments/settings', token: bed.token });
    expect(seller.status).toBe(403);
    const bad = await bed.server.call({ method: 'PUT', url: '/api/payments/settings', token: admin, payload: { publicUrl: 'ftp://x' } });
    expect(bad.status).toBe(400);
    // Clear them again: the environment's token applies.
    const cleared = await bed.server.call({ method: 'PUT', url: '/api/payments/settings', token: admin, payload: { accessToken: '', publicUrl: '' } });
    expect(cleared.body.data).toMatchObject({ accessTokenSource: 'env', publicUrl: null });
  });
});

const MP_TOKEN_FOR_SETTINGS = 'APP_USR-guardado-por-admin-123';
