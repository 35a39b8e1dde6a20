/**
 * Settling Mercado Pago sales from what the API says, with the simulator's real webhooks reaching the
 * listening server: approved → pagado, rejected → cancelado with stock back, pending then approved,
 * repeated and reordered notifications, a late "pending", a refund after approval, an approval for less
 * than the sale's total, and polling
 * (return page and timer) with webhooks switched off.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { paymentEvents, stockMovements } from '../../server/db/schema';
import { first } from '../../server/db/store';
import { stockOf } from '../helpers/fixtures';
import { MSG } from '../../domain/messages';
import { eventually, pendingSale, requestPreference, startMpTestbed } from '../helpers/mercadopago';

const bed = await startMpTestbed();
afterEach(() => {
  Object.assign(bed.sim.controls, { mode: 'signed', repeat: 1, hold: false });
});

const saleOf = async (id: number) => (await bed.server.call({ method: 'GET', url: `/api/sales/${id}`, token: bed.token })).body.data;
const statusOf = async (id: number) => (await bed.server.call({ method: 'GET', url: `/api/payments/status/${id}`, token: bed.token })).body.data;
const movements = async (saleId: number, reason: 'sale' | 'cancel') =>
  (await bed.server.app.store.read((q) =>
    first(
      q
        .select({ n: sql<number>`count(*)` })
        .from(stockMovements)
        .where(and(eq(stockMovements.saleId, saleId), eq(stockMovements.reason, reason))),
    ),
  ))!.n;
const untilPaymentStatus = (saleId: number, status: string) => eventually(() => saleOf(saleId), (s) => s.paymentStatus === status);

describe('settling from webhooks', () => {
  it('approved → pagado once, stock moved once', async () => {
    const { saleId, preferenceId, productId } = await pendingSale(bed, { stock: 10, quantity: 2 });
    bed.sim.pay(preferenceId, 'approved');
    await untilPaymentStatus(saleId, 'pagado');
    await bed.sim.notificationsSettled();
    expect(await stockOf(bed.server.app, productId)).toEqual({ stock: 8, ledger: 8 });
    expect(await movements(saleId, 'sale')).toBe(1);
    expect(await movements(saleId, 'cancel')).toBe(0);
    const status = await statusOf(saleId);
    expect(status).toMatchObject({ paymentStatus: 'pagado', providerStatus: 'approved', needsReview: false });
    expect(status.events.map((e: { status: string; source: string }) => [e.status, e.source])).toEqual([['approved', 'webhook']]);
  });

  it('an approval for less than the sale’s total never makes it pagado: it stays pendiente, flagged, its stock held', async () => {
    const { saleId, preferenceId, productId } = await pendingSale(bed, { stock: 10, quantity: 2, price: 1500 });
    bed.sim.pay(preferenceId, 'approved', 1);
    await eventually(() => statusOf(saleId), (s) => s.events.length === 1);
    await bed.sim.notificationsSettled();
    expect(await statusOf(saleId)).toMatchObject({ paymentStatus: 'pendiente', providerStatus: 'approved', needsReview: true });
    expect(await stockOf(bed.server.app, productId)).toEqual({ stock: 8, ledger: 8 });
    expect(await movements(saleId, 'cancel')).toBe(0);
  });

  it('rejected → cancelado and the stock returns through the ledger', async () => {
    const { saleId, preferenceId, productId } = await pendingSale(bed, { stock: 6, quantity: 4 });
    expect((await stockOf(bed.server.app, productId)).stock).toBe(2);
    bed.sim.pay(preferenceId, 'rejected');
    await untilPaymentStatus(saleId, 'cancelado');
    expect(await stockOf(bed.server.app, productId)).toEqual({ stock: 6, ledger: 6 });
    expect(await movements(saleId, 'cancel')).toBe(1);
    expect((await saleOf(saleId)).cancelledAt).toEqual(expect.any(String));
  });

  it('pending then approved → pagado', async () => {
    const { saleId, preferenceId } = await pendingSale(bed);
    const payment = bed.sim.pay(preferenceId, 'pending')!;
    await eventually(() => statusOf(saleId), (s) => s.events.length === 1);
    expect((await saleOf(saleId)).paymentStatus).toBe('pendiente');
    bed.sim.setPaymentStatus(String(payment.id), 'approved');
    await untilPaymentStatus(saleId, 'pagado');
  });

  it('the same webhook five times → one transition (also with IPN copies, out of order)', async () => {
    const { saleId, preferenceId, productId } = await pendingSale(bed, { stock: 9, quantity: 3 });
    Object.assign(bed.sim.controls, { mode: 'both', repeat: 5, hold: true });
    const payment = bed.sim.pay(preferenceId, 'approved')!;
    expect(bed.sim.flush(true)).toBe(10);
    await bed.sim.notificationsSettled();
    await untilPaymentStatus(saleId, 'pagado');
    const events = await bed.server.app.store.read((q) => q.select().from(paymentEvents).where(eq(paymentEvents.providerPaymentId, String(payment.id))).orderBy(paymentEvents.id));
    expect(events.map((e) => e.status)).toEqual(['approved']);
    expect(await stockOf(bed.server.app, productId)).toEqual({ stock: 6, ledger: 6 });
    expect(await movements(saleId, 'sale')).toBe(1);
    const delivered = bed.sim.deliveries.filter((d) => d.url.includes(String(payment.id)));
    expect(delivered).toHaveLength(10);
    expect(delivered.every((d) => d.status === 200)).toBe(true);
  });

  it('a "pending" arriving after "approved" leaves the sale pagado', async () => {
    const { saleId, preferenceId } = await pendingSale(bed);
    const payment = bed.sim.pay(preferenceId, 'approved')!;
    await untilPaymentStatus(saleId, 'pagado');
    bed.sim.setPaymentStatus(String(payment.id), 'pending');
    await bed.sim.notificationsSettled();
    await eventually(() => statusOf(saleId), (s) => s.events.length === 2);
    expect(await statusOf(saleId)).toMatchObject({ paymentStatus: 'pagado', providerStatus: 'approved' });
  });

  it('a refund after approval is recorded, flagged and shown to the owner', async () => {
    const { saleId, preferenceId } = await pendingSale(bed);
    const payment = bed.sim.pay(preferenceId, 'approved')!;
    await untilPaymentStatus(saleId, 'pagado');
    bed.sim.setPaymentStatus(String(payment.id), 'refunded');
    const status = await eventually(() => statusOf(saleId), (s) => s.providerStatus === 'refunded');
    expect(status).toMatchObject({ paymentStatus: 'pagado', needsReview: true });
    expect((await saleOf(saleId)).flags).toContain('payment_review');
    const admin = await bed.server.login();
    const flagged = await bed.server.call({ method: 'GET', url: '/api/sales?flagged=true&limit=500', token: admin });
    expect(flagged.body.data.map((s: { id: number }) => s.id)).toContain(saleId);
  });
});

describe('polling when no webhook arrives (a shop behind NAT)', () => {
  it('a return page hit makes the server ask the API; the reply reveals nothing', async () => {
    bed.sim.controls.mode = 'none';
    const { saleId, preferenceId, reference } = await pendingSale(bed);
    bed.sim.pay(preferenceId, 'approved');
    const hit = await bed.server.call({ method: 'POST', url: '/api/payments/reconcile', payload: { externalReference: reference } });
    expect(hit.status).toBe(202);
    expect(hit.body).toEqual({ success: true, message: 'Verificación solicitada' });
    expect((await saleOf(saleId)).paymentStatus).toBe('pagado');
    const unknown = await bed.server.call({ method: 'POST', url: '/api/payments/reconcile', payload: { externalReference: 'VENTA-no-existe' } });
    expect(unknown.body).toEqual(hit.body);
    const bad = await bed.server.call({ method: 'POST', url: '/api/payments/reconcile', payload: { externalReference: '<script>' } });
    expect(bad.status).toBe(400);
  });

  it('an IPN about the merchant order only is acknowledged; the staff check settles the sale', async () => {
    bed.sim.controls.mode = 'merchant_order';
    const { saleId, preferenceId } = await pendingSale(bed);
    bed.sim.pay(preferenceId, 'approved');
    await bed.sim.notificationsSettled();
    expect(bed.sim.deliveries.at(-1)).toMatchObject({ kind: 'merchant_order', status: 200 });
    expect((await saleOf(saleId)).paymentStatus).toBe('pendiente');
    const confirmed = await bed.server.call({ method: 'POST', url: `/api/payments/confirm/${saleId}`, token: bed.token });
    expect(confirmed.body.data).toMatchObject({ paymentStatus: 'pagado', providerStatus: 'approved' });
  });

  it('staff confirm asks Mercado Pago, never the caller', async () => {
    bed.sim.controls.mode = 'none';
    const { saleId } = await pendingSale(bed);
    const res = await bed.server.call({ method: 'POST', url: `/api/payments/confirm/${saleId}`, token: bed.token, payload: { status: 'approved' } });
    expect(res.status).toBe(200);
    expect(res.body.data.paymentStatus).toBe('pendiente');
  });

  it('the timer settles a pendiente sale within its interval', async () => {
    const timed = await startMpTestbed({ MP_POLL_INTERVAL_MS: '300' });
    timed.sim.controls.mode = 'none';
    const { saleId, preferenceId } = await pendingSale(timed);
    timed.sim.pay(preferenceId, 'approved');
    const started = Date.now();
    const sale = await eventually(async () => (await timed.server.call({ method: 'GET', url: `/api/sales/${saleId}`, token: timed.token })).body.data, (s) => s.paymentStatus === 'pagado');
    expect(sale.paymentStatus).toBe('pagado');
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('an expired preference with no payment cancels the sale and returns the stock', async () => {
    // 3 s: long enough for the preference and its sale to be created on a busy machine, short enough to wait for.
    const short = await startMpTestbed({ MP_POLL_INTERVAL_MS: '200', MP_PREFERENCE_MINUTES: '0.05' });
    short.sim.controls.mode = 'none';
    const { saleId, productId } = await pendingSale(short, { stock: 5, quantity: 5 });
    expect((await stockOf(short.server.app, productId)).stock).toBe(0);
    await eventually(async () => (await short.server.call({ method: 'GET', url: `/api/sales/${saleId}`, token: short.token })).body.data, (s) => s.paymentStatus === 'cancelado');
    expect(await stockOf(short.server.app, productId)).toEqual({ stock: 5, ledger: 5 });
    // A sale for a preference that already expired is refused (its buyer could no longer pay).
    const items = [{ productId, quantity: 1 }];
    const requestedAt = Date.now();
    const pref = await requestPreference(short, { items, payer: { email: 'tarde@example.com' } });
    const lifetimeMs = 0.05 * 60_000;
    await eventually(() => Date.now(), (now) => now - requestedAt > lifetimeMs + 100, lifetimeMs + 5_000);
    const late = await short.server.call({ method: 'POST', url: '/api/payments/sale', token: short.token, payload: { preferenceId: pref.body.data.preferenceId, items } });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(MSG.paymentPreferenceExpired);
    expect((await stockOf(short.server.app, productId)).stock).toBe(5);
  });
});
