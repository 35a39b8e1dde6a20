/**
 * Property (issue #33 item 4): the cuenta corriente is a ledger applied exactly once across devices. For
 * random sales on account, payments on account («Cobro a cuenta», every method) and plain sales, captured on
 * two offline tablets and delivered with pushes repeated, out of order and with lost replies (the tablet
 * pushes again what it never heard back about), every customer's balance equals the brute-force sum of its
 * distinct operations, equals SUM(customer_account_movements), and the statement's running balance ends on
 * it. Runs on SQLite (`--project server`) and PostgreSQL (`--project server-pg`). Seeded (mulberry32): a
 * failure names its seed.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '../../domain/constants';
import { fromCents, toCents } from '../../domain/money';
import { customerAccountMovements, customers } from '../../server/db/schema';
import { createProduct, pushedSale } from '../helpers/fixtures';
import { buildApp, type TestDevice } from '../helpers/server';

const RUNS = 6;
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

type Op = { kind: 'sale'; body: ReturnType<typeof pushedSale> } | { kind: 'payment'; body: Record<string, unknown> };

interface Tablet {
  device: TestDevice;
  seq: number;
  /** Captured and not yet acknowledged (the outbox). */
  pending: Op[];
  /** Acknowledged: a later push may still repeat them (a replay after a restore, a second tab). */
  delivered: Op[];
}

async function deliver(tablet: Tablet, ops: Op[]): Promise<Set<Op>> {
  const acked = new Set<Op>();
  const sales = ops.filter((o) => o.kind === 'sale');
  const payments = ops.filter((o) => o.kind === 'payment');
  if (sales.length) {
    const res = await s.call({ method: 'POST', url: '/api/sync/push', headers: tablet.device.headers, payload: { deviceId: tablet.device.id, schemaVersion: SYNC_SCHEMA_VERSION, sales: sales.map((o) => o.body) } });
    expect(res.status).toBe(200);
    const results = res.body.data.results as { status: string; reason?: string }[];
    results.forEach((r, i) => {
      expect(['applied', 'duplicate'], r.reason).toContain(r.status);
      acked.add(sales[i]);
    });
  }
  if (payments.length) {
    const res = await s.call({ method: 'POST', url: '/api/sync/account-payments', headers: tablet.device.headers, payload: { deviceId: tablet.device.id, payments: payments.map((o) => o.body) } });
    expect(res.status).toBe(200);
    const results = res.body.data.results as { status: string; reason?: string }[];
    results.forEach((r, i) => {
      expect(['applied', 'duplicate'], r.reason).toContain(r.status);
      acked.add(payments[i]);
    });
  }
  return acked;
}

describe('cuenta corriente ledger (seeded property, two offline tablets)', () => {
  it(`${RUNS} random histories: each balance = brute-force sum = SUM(movements) = the statement's last running balance`, async () => {
    const product = await createProduct(s.app.store, { price: 1, stock: 10_000_000 });
    for (let run = 0; run < RUNS; run++) {
      const seed = 3300 + run;
      const rnd = mulberry32(seed);
      const int = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
      const pick = <T>(list: readonly T[]): T => list[int(0, list.length - 1)];

      const accounts: { id: number; uuid: string }[] = [];
      for (let i = int(1, 3); i > 0; i--) {
        const limit = rnd() < 0.4 ? null : fromCents(int(0, 3_000_000));
        const res = await s.call({ method: 'POST', url: '/api/customers', token: admin, payload: { name: `Cliente ${seed}-${i}`, accountEnabled: true, creditLimit: limit } });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        accounts.push({ id: res.body.data.id, uuid: res.body.data.uuid });
      }
      const expected = new Map(accounts.map((a) => [a.id, 0]));
      const tablets: Tablet[] = [];
      for (let i = 0; i < 2; i++) tablets.push({ device: await s.registerDevice(admin), seq: 0, pending: [], delivered: [] });

      // Capture offline: nothing reaches the server yet.
      for (let i = int(5, 25); i > 0; i--) {
        const tablet = pick(tablets);
        const account = pick(accounts);
        const roll = rnd();
        if (roll < 0.45) {
          const unitCents = int(1, 500_000);
          const quantity = int(1, 3);
          tablet.pending.push({ kind: 'sale', body: pushedSale(++tablet.seq, [{ productId: product, quantity, unitPrice: fromCents(unitCents) }], { paymentMethod: 'cuenta_corriente', customerUuid: account.uuid }) });
          expected.set(account.id, expected.get(account.id)! + unitCents * quantity);
        } else if (roll < 0.85) {
          const amountCents = int(1, 800_000);
          tablet.pending.push({
            kind: 'payment',
            body: { clientPaymentId: randomUUID(), customerUuid: account.uuid, amount: fromCents(amountCents), method: pick(['efectivo', 'transferencia', 'tarjeta'] as const), capturedAt: new Date(Date.now() - int(0, 100) * 86_400_000).toISOString(), sellerId: 1 },
          });
          expected.set(account.id, expected.get(account.id)! - amountCents);
        } else {
          // A plain sale to the same customer never touches the account.
          tablet.pending.push({ kind: 'sale', body: pushedSale(++tablet.seq, [{ productId: product, quantity: 1, unitPrice: fromCents(int(1, 100_000)) }], { paymentMethod: 'efectivo', customerUuid: account.uuid }) });
        }
      }

      // Deliver: random subsets, shuffled, replies lost, already-delivered ones pushed again.
      for (let round = 0; tablets.some((t) => t.pending.length) || round < 3; round++) {
        expect(round, `seed ${seed}: never converged`).toBeLessThan(200);
        const tablet = pick(tablets);
        const batch = tablet.pending.filter(() => rnd() < 0.6);
        if (tablet.delivered.length && rnd() < 0.4) batch.push(pick(tablet.delivered));
        if (!batch.length) continue;
        for (let i = batch.length - 1; i > 0; i--) {
          const j = int(0, i);
          [batch[i], batch[j]] = [batch[j], batch[i]];
        }
        const acked = await deliver(tablet, batch);
        if (rnd() < 0.3) continue; // the reply was lost: the tablet keeps all of it pending
        tablet.pending = tablet.pending.filter((o) => !acked.has(o));
        tablet.delivered.push(...[...acked].filter((o) => !tablet.delivered.includes(o)));
      }

      for (const account of accounts) {
        const want = expected.get(account.id)!;
        const row = await s.app.store.read((q) => q.select().from(customers).where(eq(customers.id, account.id)));
        const [sum] = await s.app.store.read((q) =>
          q.select({ total: sql<number>`coalesce(sum(${customerAccountMovements.amountCents}), 0)` }).from(customerAccountMovements).where(eq(customerAccountMovements.customerId, account.id)),
        );
        expect(row[0].balanceCents, `seed ${seed}, customer ${account.id}`).toBe(want);
        expect(Number(sum.total), `seed ${seed}, customer ${account.id}`).toBe(want);
        const statement = await s.call({ method: 'GET', url: `/api/customers/${account.id}/statement`, token: admin });
        expect(statement.status).toBe(200);
        expect(toCents(statement.body.data.balance), `seed ${seed}`).toBe(want);
        const last = statement.body.data.movements.at(-1);
        expect(last ? toCents(last.balance) : 0, `seed ${seed}`).toBe(want);
      }
    }
  });
});
