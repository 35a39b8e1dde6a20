/**
 * Exactly one CAE per sale under chaos: 200 paid sales, two requesters racing over all of them while
 * the simulator loses 30 % of the replies after granting the CAE, answers 10 % with HTTP 500 and once
 * with Err 600. Afterwards every sale has one authorised invoice whose CAE is the simulator's for its
 * number, and the simulator's ledger has 200 entries, one per sale, numbered without gaps.
 */
import { describe, expect, it } from 'vitest';
import { createProducts } from '../../helpers/fixtures';
import { arcaApp, generate, ISSUER_CUIT, waitFor } from './harness';
import { sqlAll, sqlGet } from '../../helpers/sql';

const SALES = 200;

describe('chaos: lost replies, HTTP 500 and Err 600', async () => {
  const { s, admin: token, setup } = await arcaApp('monotributo');

  it('200 invoices from two concurrent requesters: one CAE each, equal to the simulator’s, no gap, no duplicate', async () => {
    const productIds = await createProducts(s.app.store, SALES, { price: 1, stock: 10 });
    const saleIds: number[] = [];
    for (let i = 0; i < SALES; i++) {
      // Distinct totals let each ledger entry be traced back to exactly one sale.
      await s.call({ method: 'PUT', url: `/api/products/${productIds[i]}`, token, payload: { price: 100 + i / 100 } });
      const res = await s.call({ method: 'POST', url: '/api/sales', token, payload: { items: [{ productId: productIds[i], quantity: 1 }], paymentMethod: 'efectivo' } });
      saleIds.push(res.body.data.id);
    }
    setup.sim.faults.lostReplyRate = 0.3;
    setup.sim.faults.http500Rate = 0.1;
    setup.sim.faults.err600Once = true;

    const statuses: number[] = [];
    const requester = async (order: number[]) => {
      for (const id of order) statuses.push((await generate(s, token, id)).status);
    };
    await Promise.all([requester(saleIds), requester([...saleIds].reverse())]);
    expect(statuses.every((st) => st === 200 || st === 201 || st === 503)).toBe(true);
    expect(setup.sim.counters.lostReplies).toBeGreaterThan(20);
    expect(setup.sim.counters.http500).toBeGreaterThan(5);

    // Whatever stayed pending is finished by the background retry.
    await waitFor(async () => ((await sqlGet(s.app, "select count(*) n from invoices where status <> 'autorizada'")) as { n: number }).n === 0, 60_000);
    setup.sim.faults.lostReplyRate = 0;
    setup.sim.faults.http500Rate = 0;

    const rows = (await sqlAll(s.app, 'select sale_id, cbte_nro, cae, total_cents from invoices order by cbte_nro')) as { sale_id: number; cbte_nro: number; cae: string; total_cents: number }[];
    expect(rows).toHaveLength(SALES);
    expect(new Set(rows.map((r) => r.sale_id)).size).toBe(SALES);
    const book = setup.sim.book(ISSUER_CUIT, 4, 11);
    expect(book).toHaveLength(SALES);
    rows.forEach((r, i) => {
      expect(r.cbte_nro).toBe(i + 1);
      expect(r.cae).toBe(book[i].cae);
      expect(Math.round(Number(book[i].detail.ImpTotal) * 100)).toBe(r.total_cents);
    });
    expect(new Set(book.map((e) => e.detail.ImpTotal)).size).toBe(SALES);
    // The Err 600 cost exactly one extra login.
    expect(setup.sim.counters.logins).toBe(2);
  }, 180_000);
});
