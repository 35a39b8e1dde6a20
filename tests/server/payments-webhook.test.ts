/**
 * POST /payments/webhook as an attacker and as the older IPN: a forged or stale signature is refused
 * (401) and changes nothing; an unsigned IPN is answered 200 and only the API's answer counts.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { signatureManifest, signManifest, verifySignature } from '../../server/integrations/mercadopago/signature';
import { eventually, MP_SECRET, pendingSale, startMpTestbed } from '../helpers/mercadopago';
import { buildApp } from '../helpers/server';

const bed = await startMpTestbed();
beforeAll(async () => {
  bed.sim.controls.mode = 'none'; // this file sends every notification itself
});

const saleOf = async (id: number) => (await bed.server.call({ method: 'GET', url: `/api/sales/${id}`, token: bed.token })).body.data;

function signed(paymentId: string, options: { secret?: string; ts?: number; tamperId?: string } = {}) {
  const ts = String(options.ts ?? Math.floor(Date.now() / 1000));
  const requestId = randomUUID();
  const v1 = signManifest(options.secret ?? MP_SECRET, signatureManifest(paymentId, requestId, ts));
  return bed.server.call({
    method: 'POST',
    url: `/api/payments/webhook?data.id=${options.tamperId ?? paymentId}&type=payment`,
    headers: { 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': requestId },
    payload: { action: 'payment.updated', api_version: 'v1', data: { id: options.tamperId ?? paymentId }, type: 'payment', live_mode: false },
  });
}

describe('signature', () => {
  it('verifies the manifest, refuses a wrong secret, a changed id and a stale ts', () => {
    const ts = String(Math.floor(Date.now() / 1000));
    const header = `ts=${ts},v1=${signManifest('s3cr3t', signatureManifest('123', 'req-1', ts))}`;
    expect(verifySignature('s3cr3t', { xSignature: header, xRequestId: 'req-1', dataId: '123' })).toBe('valid');
    expect(verifySignature('otro', { xSignature: header, xRequestId: 'req-1', dataId: '123' })).toBe('invalid');
    expect(verifySignature('s3cr3t', { xSignature: header, xRequestId: 'req-1', dataId: '124' })).toBe('invalid');
    expect(verifySignature('s3cr3t', { xSignature: header, xRequestId: 'req-2', dataId: '123' })).toBe('invalid');
    expect(verifySignature('s3cr3t', { xSignature: 'ts=abc,v1=zz', xRequestId: 'req-1', dataId: '123' })).toBe('invalid');
    expect(verifySignature('s3cr3t', { xSignature: undefined, xRequestId: 'req-1', dataId: '123' })).toBe('invalid');
    const old = String(Math.floor(Date.now() / 1000) - 3600);
    const stale = `ts=${old},v1=${signManifest('s3cr3t', signatureManifest('123', 'req-1', old))}`;
    expect(verifySignature('s3cr3t', { xSignature: stale, xRequestId: 'req-1', dataId: '123' })).toBe('stale');
    // A pair whose value is missing is left out of the manifest.
    const noRequestId = `ts=${ts},v1=${signManifest('s3cr3t', `id:123;ts:${ts};`)}`;
    expect(verifySignature('s3cr3t', { xSignature: noRequestId, xRequestId: undefined, dataId: '123' })).toBe('valid');
  });
});

describe('POST /payments/webhook', () => {
  it('a forged signature → 401 and nothing changes; the genuine one settles', async () => {
    const { saleId, preferenceId } = await pendingSale(bed);
    const payment = bed.sim.pay(preferenceId, 'approved')!;
    const forged = await signed(String(payment.id), { secret: 'no-es-el-secreto' });
    expect(forged.status).toBe(401);
    const unsignedButWebhook = await bed.server.call({ method: 'POST', url: `/api/payments/webhook?data.id=${payment.id}&type=payment`, payload: { type: 'payment', data: { id: String(payment.id) } } });
    expect(unsignedButWebhook.status).toBe(401);
    expect((await saleOf(saleId)).paymentStatus).toBe('pendiente');
    const genuine = await signed(String(payment.id));
    expect(genuine.status).toBe(200);
    expect((await saleOf(saleId)).paymentStatus).toBe('pagado');
  });

  it('a stale signature (a replay) → 401 and nothing changes', async () => {
    const { saleId, preferenceId } = await pendingSale(bed);
    const payment = bed.sim.pay(preferenceId, 'rejected')!;
    const stale = await signed(String(payment.id), { ts: Math.floor(Date.now() / 1000) - 3600 });
    expect(stale.status).toBe(401);
    expect((await saleOf(saleId)).paymentStatus).toBe('pendiente');
  });

  it('an unsigned IPN → 200, and the API decides (not the notification)', async () => {
    const { saleId, preferenceId } = await pendingSale(bed);
    const payment = bed.sim.pay(preferenceId, 'pending')!;
    const ipn = await bed.server.call({ method: 'POST', url: `/api/payments/webhook?id=${payment.id}&topic=payment` });
    expect(ipn.status).toBe(200);
    expect((await saleOf(saleId)).paymentStatus).toBe('pendiente'); // the API says pending
    bed.sim.setPaymentStatus(String(payment.id), 'approved');
    const form = await bed.server.call({
      method: 'POST',
      url: `/api/payments/webhook?id=${payment.id}&topic=payment`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'status=rejected',
    });
    expect(form.status).toBe(200);
    await eventually(() => saleOf(saleId), (s) => s.paymentStatus === 'pagado');
  });

  it('IPNs for merchant orders, unknown payments and junk ids are acknowledged and ignored', async () => {
    for (const url of ['/api/payments/webhook?id=123&topic=merchant_order', '/api/payments/webhook?id=999999999999&topic=payment', '/api/payments/webhook?id=abc&topic=payment', '/api/payments/webhook']) {
      const res = await bed.server.call({ method: 'POST', url });
      expect(res.status, url).toBe(200);
    }
  });
});

describe('POST /payments/reconcile (public)', () => {
  it('is rate-limited per IP when limits are on', async () => {
    const { s: limited } = await buildApp({ env: { RATE_LIMIT_PER_MINUTE: '10' } });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push((await limited.call({ method: 'POST', url: '/api/payments/reconcile', payload: { externalReference: `VENTA-${i}` } })).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 202)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
