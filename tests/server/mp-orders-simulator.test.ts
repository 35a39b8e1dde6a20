/**
 * The simulator's Orders API through the real Orders client (real HTTP on loopback): idempotency (same
 * key and body → the same order; same key, other body → the conflict knob), lost replies retried with
 * the same key, search by external_reference, cancel and refund rules, stores / POS / terminals, the
 * Point clock and the wallet page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MercadoPagoError } from '../../server/integrations/mercadopago/errors';
import { createOrdersClient } from '../../server/integrations/mercadopago/orders-client';
import type { MpOrderRequest } from '../../server/integrations/mercadopago/orders-types';
import { startMercadoPagoSimulator, type MercadoPagoSimulator } from '../../server/integrations/mercadopago/simulator/server';

const TOKEN = 'TEST-orders-sim';
let sim: MercadoPagoSimulator;
let client: ReturnType<typeof createOrdersClient>;
let posExternalId = '';
let terminalId = '';

const qr = (reference: string, amount = '1500.00'): MpOrderRequest => ({
  type: 'qr',
  total_amount: amount,
  external_reference: reference,
  expiration_time: 'PT15M',
  config: { qr: { external_pos_id: posExternalId, mode: 'dynamic' } },
  transactions: { payments: [{ amount }] },
});

const failure = (p: Promise<unknown>) => p.then(() => expect.unreachable('should fail'), (e: unknown) => e as MercadoPagoError);

beforeAll(async () => {
  sim = await startMercadoPagoSimulator({ webhookSecret: 'secreto', accessToken: TOKEN });
  client = createOrdersClient({ apiUrl: sim.url, accessToken: TOKEN, timeoutMs: 5_000, retries: 3 });
  const me = await client.me();
  const store = await client.createStore(String(me.id), { name: 'Sucursal', external_id: 'SUC1', location: { street_number: '1', street_name: 'Calle', city_name: 'CABA', state_name: 'Capital Federal', latitude: -34.6, longitude: -58.4 } });
  const pos = await client.createPos({ name: 'Caja 1', fixed_amount: true, store_id: store.id, external_store_id: 'SUC1', external_id: 'CAJA1' });
  posExternalId = pos.external_id;
  terminalId = (await client.listTerminals({ posId: String(pos.id) }))[0]!.id;
});
afterAll(() => sim.close());

describe('POST /v1/orders idempotency', () => {
  it('answers the same order for the same key and body, and the conflict knob for another body', async () => {
    const first = await client.createOrder(qr('REF-idem-1'), 'key-idem-1');
    expect(first.status).toBe('created');
    expect(first.type_response?.qr_data).toMatch(/^000201/);
    const again = await client.createOrder(qr('REF-idem-1'), 'key-idem-1');
    expect(again.id).toBe(first.id);
    const other = await failure(client.createOrder(qr('REF-idem-1', '99.00'), 'key-idem-1'));
    expect(other).toMatchObject({ kind: 'conflict', status: 409, code: 'idempotency_key_already_used' });
    expect(sim.orders.orders().filter((o) => o.external_reference === 'REF-idem-1')).toHaveLength(1);

    sim.orders.controls.idempotencyConflict = { status: 422, code: 'idempotency_mismatch' };
    try {
      expect(await failure(client.createOrder(qr('REF-idem-1', '98.00'), 'key-idem-1'))).toMatchObject({ kind: 'rejected', status: 422, code: 'idempotency_mismatch' });
    } finally {
      sim.orders.controls.idempotencyConflict = { status: 409, code: 'idempotency_key_already_used' };
    }
  });

  it('a lost reply is retried with the same key and yields the one order that was committed', async () => {
    sim.orders.controls.dropNextOrderReplies = 2;
    const order = await client.createOrder(qr('REF-lost-1'), 'key-lost-1');
    expect(sim.orders.controls.dropNextOrderReplies).toBe(0);
    expect(sim.orders.orders().filter((o) => o.external_reference === 'REF-lost-1').map((o) => o.id)).toEqual([order.id]);
  });

  it('a reply lost on every try fails as a network error, and search by external_reference finds the order', async () => {
    const few = createOrdersClient({ apiUrl: sim.url, accessToken: TOKEN, retries: 1 });
    sim.orders.controls.dropNextOrderReplies = 2;
    const error = await failure(few.createOrder(qr('REF-lost-2'), 'key-lost-2'));
    expect(error.kind).toBe('network');
    const found = await client.searchOrders('REF-lost-2', new Date(Date.now() - 60_000), new Date(Date.now() + 60_000));
    expect(found).toHaveLength(1);
  });

  it('refuses a missing key, a bad amount, an unknown caja and a bad reference', async () => {
    const noKey = await fetch(`${sim.url}/v1/orders`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` }, body: JSON.stringify(qr('REF-nokey')) });
    expect(noKey.status).toBe(400);
    expect(await failure(client.createOrder({ ...qr('REF-bad'), total_amount: '10' }, 'k-bad-1'))).toMatchObject({ kind: 'rejected', code: 'invalid_request' });
    expect(await failure(client.createOrder({ ...qr('REF-bad'), config: { qr: { external_pos_id: 'NOPE', mode: 'dynamic' } } }, 'k-bad-2'))).toMatchObject({ kind: 'not_found', code: 'pos_not_found' });
    expect(await failure(client.createOrder(qr('con espacios'), 'k-bad-3'))).toMatchObject({ kind: 'rejected' });
  });
});

describe('order life', () => {
  it('cancel only while created; refund partial then total; search needs dates', async () => {
    const a = await client.createOrder(qr('REF-life-1'), 'k-life-1');
    expect((await client.cancelOrder(a.id, 'k-life-1c')).status).toBe('canceled');
    const b = await client.createOrder(qr('REF-life-2', '100.00'), 'k-life-2');
    sim.orders.act(b.id, 'pay');
    expect(await failure(client.cancelOrder(b.id, 'k-life-2c'))).toMatchObject({ kind: 'conflict' });
    const paymentId = (await client.getOrder(b.id)).transactions.payments[0]!.id;
    const partial = await client.refundOrder(b.id, 'k-life-2r1', { paymentId, amount: '30.00' });
    expect(partial).toMatchObject({ status: 'processed', status_detail: 'partially_refunded' });
    expect(await failure(client.refundOrder(b.id, 'k-life-2r2', { paymentId, amount: '80.00' }))).toMatchObject({ kind: 'rejected', code: 'invalid_amount' });
    expect((await client.refundOrder(b.id, 'k-life-2r3')).status).toBe('refunded');
    const noDates = await fetch(`${sim.url}/v1/orders?external_reference=REF-life-2`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(noDates.status).toBe(400);
  });

  it('an order expires by the clock knob', async () => {
    sim.orders.controls.expireAfterMs = 0;
    try {
      const o = await client.createOrder(qr('REF-exp-1'), 'k-exp-1');
      expect((await client.getOrder(o.id)).status).toBe('expired');
    } finally {
      sim.orders.controls.expireAfterMs = null;
    }
  });

  it('Point: at_terminal, action_required after the knob, cancel on the terminal; a STANDALONE terminal is refused', async () => {
    const point = (ref: string): MpOrderRequest => ({ type: 'point', external_reference: ref, expiration_time: 'PT15M', config: { point: { terminal_id: terminalId, print_on_terminal: 'no_ticket' } }, transactions: { payments: [{ amount: '50.00' }] } });
    sim.orders.controls.actionRequiredAfterMs = 0;
    try {
      const o = await client.createOrder(point('REF-pt-1'), 'k-pt-1');
      sim.orders.act(o.id, 'at_terminal');
      expect((await client.getOrder(o.id)).status).toBe('action_required');
    } finally {
      sim.orders.controls.actionRequiredAfterMs = 40_000;
    }
    const c = await client.createOrder(point('REF-pt-2'), 'k-pt-2');
    expect(sim.orders.act(c.id, 'cancel_on_terminal')).toMatchObject({ status: 'canceled' });
    sim.orders.setTerminalMode(terminalId, 'STANDALONE');
    try {
      expect(await failure(client.createOrder(point('REF-pt-3'), 'k-pt-3'))).toMatchObject({ code: 'terminal_not_in_pdv_mode' });
    } finally {
      sim.orders.setTerminalMode(terminalId, 'PDV');
    }
  });

  it('the wallet page pays an order like the customer would', async () => {
    const o = await client.createOrder(qr('REF-wallet-1'), 'k-wallet-1');
    const page = await (await fetch(`${sim.url}/__sim/wallet?order=${o.id}`)).text();
    expect(page).toContain(o.id);
    const paid = await fetch(`${sim.url}/__sim/wallet`, { method: 'POST', body: new URLSearchParams({ order: o.id, action: 'pay' }), redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(await client.getOrder(o.id)).toMatchObject({ status: 'processed', total_paid_amount: '1500.00' });
  });

  it('POS external_id must be alphanumeric and shorter than 40', async () => {
    const store = (await client.listStores('123456789'))[0]!;
    expect(await failure(client.createPos({ name: 'Caja', fixed_amount: true, store_id: store.id, external_id: 'CAJA-2' }))).toMatchObject({ code: 'INVALID_EXTERNAL_ID' });
    expect(await failure(client.createPos({ name: 'Caja', fixed_amount: true, store_id: store.id, external_id: 'A'.repeat(40) }))).toMatchObject({ code: 'EXTERNAL_ID_TOO_LONG' });
    expect(await failure(client.createPos({ name: 'Caja', fixed_amount: true, store_id: store.id, external_id: 'CAJA1' }))).toMatchObject({ kind: 'conflict' });
  });
});
