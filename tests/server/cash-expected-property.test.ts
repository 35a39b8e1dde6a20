/**
 * Property (issue #16): for random sequences of sales (every method, discounts), cancellations and cash
 * movements on a device's session, the Z's expected cash equals what the test itself computes: the float
 * plus cash sales minus cash refunds (the session's cancelled cash sales) plus ins minus outs, in exact
 * cents, and the difference is counted − expected. A seeded generator (mulberry32): a failure names its seed.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fromCents, toCents } from '../../domain/money';
import { SYNC_SCHEMA_VERSION } from '../../domain/constants';
import { createProduct, pushedSale } from '../helpers/fixtures';
import { buildApp } from '../helpers/server';

const METHODS = ['efectivo', 'efectivo', 'tarjeta', 'transferencia'] as const;
const RUNS = 25;


const { s, admin } = await buildApp();

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('expected cash of a session (seeded property)', () => {
  it(`${RUNS} random sessions: expected = float + cash sales − cash refunds + ins − outs`, async () => {
    const product = await createProduct(s.app.store, { price: 1, stock: 1_000_000 });
    for (let run = 0; run < RUNS; run++) {
      const seed = 1000 + run;
      const rnd = mulberry32(seed);
      const int = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
      const device = await s.registerDevice(admin);
      const session = randomUUID();
      const floatCents = int(0, 5_000_000);
      const at = new Date().toISOString();
      const base = { clientSessionId: session, at, userId: 1 };
      let model = floatCents;
      const events: unknown[] = [{ type: 'open', eventId: randomUUID(), ...base, float: fromCents(floatCents) }];
      const sales: ReturnType<typeof pushedSale>[] = [];
      const cashTotals: number[] = [];
      for (let i = int(0, 12); i > 0; i--) {
        const unitCents = int(1, 2_000_000);
        const quantity = int(1, 4);
        const discountCents = rnd() < 0.3 ? int(0, unitCents * quantity) : 0;
        const method = METHODS[int(0, METHODS.length - 1)];
        sales.push(pushedSale(sales.length + 1, [{ productId: product, quantity, unitPrice: fromCents(unitCents) }], { cashSessionId: session, paymentMethod: method, discount: fromCents(discountCents) }));
        cashTotals.push(method === 'efectivo' ? unitCents * quantity - discountCents : 0);
      }
      for (let i = int(0, 6); i > 0; i--) {
        const kind = rnd() < 0.5 ? 'in' : 'out';
        const amountCents = int(1, 1_000_000);
        model += kind === 'in' ? amountCents : -amountCents;
        events.push({ type: 'movement', eventId: randomUUID(), ...base, kind, amount: fromCents(amountCents), reason: 'otro' });
      }
      const pushed = await s.call({ method: 'POST', url: '/api/sync/push', headers: device.headers, payload: { deviceId: device.id, schemaVersion: SYNC_SCHEMA_VERSION, sales } });
      const results = pushed.body.data.results as { status: string; saleId: number }[];
      expect(results.every((r) => r.status === 'applied'), `seed ${seed}`).toBe(true);
      for (let i = 0; i < results.length; i++) {
        const cancel = rnd() < 0.3;
        if (cancel) expect((await s.call({ method: 'POST', url: `/api/sales/${results[i].saleId}/cancel`, token: admin })).status).toBe(200);
        else model += cashTotals[i];
      }
      const countedCents = Math.max(0, model + int(-50_000, 50_000));
      const differenceCents = countedCents - model;
      events.push({ type: 'close', eventId: randomUUID(), ...base, counted: fromCents(countedCents), comment: differenceCents ? 'diferencia' : null });
      const reply = await s.call({ method: 'POST', url: '/api/sync/cash', headers: device.headers, payload: { deviceId: device.id, events } });
      const z = reply.body.data.results.at(-1);
      expect(z.status, `seed ${seed}: ${z.reason}`).toBe('applied');
      expect(toCents(z.expected), `seed ${seed}`).toBe(model);
      expect(toCents(z.difference), `seed ${seed}`).toBe(differenceCents);
    }
  });
});
