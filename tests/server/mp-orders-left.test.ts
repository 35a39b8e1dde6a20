/**
 * A QR / Point charge the cashier left while the server could not be reached (issue #34): the counter
 * charged another way, and its sync engine sends POST /payments/orders/:id/leave once the server is back.
 * Over real HTTP with the Mercado Pago simulator; the poller is made slow so the leave is what finds out.
 * Unpaid: cancelled at Mercado Pago, the sale cancelled and its stock back. Paid meanwhile: the sale keeps
 * its payment (the money came) and is flagged once for the owner, worded for that cause. Only the device
 * that started it may leave it; a repeated leave changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LEFT_PAID_NOTE } from '../../server/modules/payments/orders-service';
import { createProduct, stockOf } from '../helpers/fixtures';
import { startMpTestbed, type MpTestbed } from '../helpers/mercadopago';
import type { TestDevice } from '../helpers/server';

async function qrCharge(bed: MpTestbed) {
  const device = await bed.server.registerDevice(bed.token);
  const admin = await bed.server.login();
  const setup = await bed.server.call({
    method: 'PUT',
    url: `/api/payments/counters/${device.id}`,
    token: admin,
    payload: { storeName: 'Centro', address: { street: 'Florida', number: '1', city: 'CABA', state: 'CABA' }, posName: 'Caja', posExternalId: `CAJA${device.id.replace(/-/g, '').slice(0, 10)}` },
  });
  expect(setup.status, setup.body.message).toBe(200);
  const productId = await createProduct(bed.server.app.store, { price: 1200, stock: 4 });
  const created = await bed.server.call({ method: 'POST', url: '/api/payments/orders', token: bed.token, headers: device.headers, payload: { attemptId: randomUUID(), kind: 'qr', items: [{ productId, quantity: 1 }] } });
  expect(created.status, created.body.message).toBe(201);
  expect((await stockOf(bed.server.app, productId)).stock).toBe(3);
  return { device, productId, attempt: created.body.data as { id: number; saleId: number } };
}

const leave = (bed: MpTestbed, device: TestDevice, id: number) => bed.server.call({ method: 'POST', url: `/api/payments/orders/${id}/leave`, token: bed.token, headers: device.headers });
const saleOf = async (bed: MpTestbed, saleId: number) => (await bed.server.call({ method: 'GET', url: `/api/sales/${saleId}`, token: await bed.server.login() })).body.data;

describe('a charge left while the server was away', () => {
  it('unpaid: cancelled at Mercado Pago, the sale cancelled and its stock back', async () => {
    const bed = await startMpTestbed({ MP_ORDERS_POLL_MS: '3600000' });
    const { device, productId, attempt } = await qrCharge(bed);
    const left = await leave(bed, device, attempt.id);
    expect(left.status, left.body.message).toBe(200);
    expect(left.body.data).toMatchObject({ status: 'canceled', salePaymentStatus: 'cancelado', done: true, needsReview: false });
    expect(bed.sim.orders.orders().at(-1)).toMatchObject({ status: 'canceled' });
    expect((await stockOf(bed.server.app, productId)).stock).toBe(4);
    // Sent again (a lost reply): the same answer, nothing moves.
    expect((await leave(bed, device, attempt.id)).body.data).toMatchObject({ status: 'canceled', needsReview: false });
    expect((await stockOf(bed.server.app, productId)).stock).toBe(4);
  });

  it('paid meanwhile: the sale stays pagado with its stock taken, flagged once for the owner', async () => {
    const bed = await startMpTestbed({ MP_ORDERS_POLL_MS: '3600000' });
    const { device, productId, attempt } = await qrCharge(bed);
    bed.sim.orders.act(bed.sim.orders.orders().at(-1)!.id, 'pay');
    const left = await leave(bed, device, attempt.id);
    expect(left.status, left.body.message).toBe(200);
    expect(left.body.data).toMatchObject({ status: 'processed', salePaymentStatus: 'pagado', needsReview: true, reviewReason: LEFT_PAID_NOTE });
    expect((await stockOf(bed.server.app, productId)).stock).toBe(3);
    const again = await leave(bed, device, attempt.id);
    expect(again.body.data).toMatchObject({ status: 'processed', needsReview: true });
    const sale = await saleOf(bed, attempt.saleId);
    expect(sale).toMatchObject({ paymentStatus: 'pagado', reviewNote: LEFT_PAID_NOTE });
    expect(sale.flags).toContain('payment_review');
  });

  it('another counter is told there is no such charge; without the device credential it is refused', async () => {
    const bed = await startMpTestbed({ MP_ORDERS_POLL_MS: '3600000' });
    const { attempt, productId } = await qrCharge(bed);
    const other = await bed.server.registerDevice(bed.token);
    const refused = await leave(bed, other, attempt.id);
    expect([refused.status, refused.body.message]).toEqual([404, 'No existe ese cobro']);
    expect((await bed.server.call({ method: 'POST', url: `/api/payments/orders/${attempt.id}/leave`, token: bed.token })).status).toBe(401);
    expect((await stockOf(bed.server.app, productId)).stock).toBe(3);
    expect(bed.sim.orders.orders().at(-1)).toMatchObject({ status: 'created' });
  });
});
