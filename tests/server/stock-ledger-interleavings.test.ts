/**
 * Property (issue #30): whatever interleaving of sales (pushed by a tablet and rung up with POST /sales),
 * cancellations, returns, adjustments, counts (with sales arriving between counting and applying) and
 * product saves (a body read earlier, with or without its base) happens — one at a time or two at once —
 * every product's stock equals the sum of its ledger and the sum of what each accepted operation moved,
 * and every recorded sale keeps its 'sale' movements. Runs on SQLite and, in the server-pg project, on
 * PostgreSQL.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '../../domain/constants';
import { createProduct, pushedSale, stockOf } from '../helpers/fixtures';
import { buildApp, testDialect } from '../helpers/server';
import { sqlAll, sqlGet } from '../helpers/sql';

const PRODUCTS = 3;
const { s, admin } = await buildApp();
const device = await s.registerDevice(admin);
let seq = 0;
let execution = 0;

const product = fc.nat(PRODUCTS - 1);
const quantity = fc.integer({ min: 1, max: 4 });
const step = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('push' as const), product, quantity }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('post' as const), product, quantity }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('return' as const), pick: fc.nat(), quantity: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('adjust' as const), product, reason: fc.constantFrom('purchase', 'loss'), quantity }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('count' as const), product, noise: fc.integer({ min: -2, max: 2 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('applyCount' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('read' as const), product }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('save' as const), product, withBase: fc.boolean(), change: fc.integer({ min: -3, max: 3 }) }) },
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;
/** One step at a time, or two fired at once. */
const program = fc.array(fc.oneof(step.map((one) => [one]), fc.tuple(step, step)), { minLength: 4, maxLength: 14 });

interface ModelSale {
  id: number;
  productId: number;
  quantity: number;
  returned: number;
  cancelled: boolean;
}

describe('stock = Σ ledger under random interleavings', () => {
  it('never loses a sale’s movement nor undoes one', async () => {
    await fc.assert(
      fc.asyncProperty(program, async (rounds) => {
        execution++;
        const ids: number[] = [];
        for (let i = 0; i < PRODUCTS; i++) ids.push(await createProduct(s.app.store, { name: `Intercalado ${execution}-${i}`, price: 100, stock: 6 }));
        const moved = new Map(ids.map((id) => [id, 6]));
        const move = (id: number, delta: number) => moved.set(id, moved.get(id)! + delta);
        const sales: ModelSale[] = [];
        /** Counted on the shelf, not applied yet: what the row showed and what was found. */
        const counting = new Map<number, { shown: number; counted: number }>();
        /** Product bodies read earlier (an older tab, an API client). */
        const reads = new Map<number, Record<string, unknown>>();
        const stockNow = async (id: number) => (await s.call({ method: 'GET', url: `/api/products/${id}`, token: admin })).body.data.stock as number;

        const run = async (st: Step): Promise<void> => {
          if (st.kind === 'push') {
            const productId = ids[st.product];
            const res = await s.call({
              method: 'POST',
              url: '/api/sync/push',
              headers: device.headers,
              payload: { deviceId: device.id, schemaVersion: SYNC_SCHEMA_VERSION, sales: [pushedSale(++seq, [{ productId, quantity: st.quantity, unitPrice: 100 }])] },
            });
            const result = res.body.data.results[0];
            expect(result.status, result.reason).toBe('applied');
            sales.push({ id: result.saleId, productId, quantity: st.quantity, returned: 0, cancelled: false });
            move(productId, -st.quantity);
          } else if (st.kind === 'post') {
            const productId = ids[st.product];
            const res = await s.call({ method: 'POST', url: '/api/sales', token: admin, payload: { items: [{ productId, quantity: st.quantity }], paymentMethod: 'efectivo' } });
            expect([201, 409], res.body.message).toContain(res.status);
            if (res.status !== 201) return;
            sales.push({ id: res.body.data.id, productId, quantity: st.quantity, returned: 0, cancelled: false });
            move(productId, -st.quantity);
          } else if (st.kind === 'cancel' && sales.length > 0) {
            const sale = sales[st.pick % sales.length];
            const res = await s.call({ method: 'POST', url: `/api/sales/${sale.id}/cancel`, token: admin });
            expect([200, 409], res.body.message).toContain(res.status);
            if (res.status !== 200) return;
            expect(sale.cancelled || sale.returned > 0).toBe(false);
            sale.cancelled = true;
            move(sale.productId, sale.quantity);
          } else if (st.kind === 'return' && sales.length > 0) {
            const sale = sales[st.pick % sales.length];
            const detail = await s.call({ method: 'GET', url: `/api/sales/${sale.id}`, token: admin });
            const res = await s.call({ method: 'POST', url: `/api/sales/${sale.id}/returns`, token: admin, payload: { items: [{ saleItemId: detail.body.data.items[0].id, quantity: st.quantity }] } });
            expect([201, 200, 400, 409], res.body.message).toContain(res.status);
            if (res.status >= 300) return;
            sale.returned += st.quantity;
            expect(sale.returned).toBeLessThanOrEqual(sale.quantity);
            move(sale.productId, st.quantity);
          } else if (st.kind === 'adjust') {
            const productId = ids[st.product];
            const res = await s.call({ method: 'POST', url: `/api/products/${productId}/stock/adjustments`, token: admin, payload: { reason: st.reason, quantity: st.quantity } });
            expect([201, 400], res.body.message).toContain(res.status);
            if (res.status === 201) move(productId, st.reason === 'purchase' ? st.quantity : -st.quantity);
          } else if (st.kind === 'count') {
            // The shelf is counted now: the row shows the ledger's figure, the count finds it ± noise.
            const shown = await stockNow(ids[st.product]);
            counting.set(ids[st.product], { shown, counted: Math.max(0, shown + st.noise) });
          } else if (st.kind === 'applyCount' && counting.size > 0) {
            const items = [...counting].map(([productId, c]) => ({ productId, ...c }));
            counting.clear();
            const res = await s.call({ method: 'POST', url: '/api/stock/counts', token: admin, payload: { items } });
            expect(res.status, res.body.message).toBe(200);
            for (const item of items) move(item.productId, item.counted - item.shown);
          } else if (st.kind === 'read') {
            const res = await s.call({ method: 'GET', url: `/api/products/${ids[st.product]}`, token: admin });
            reads.set(ids[st.product], res.body.data);
          } else if (st.kind === 'save' && reads.has(ids[st.product])) {
            const productId = ids[st.product];
            const { id: _id, category: _c, brand: _b, createdAt: _ca, updatedAt: _u, ...body } = reads.get(productId)!;
            const read = body.stock as number;
            const payload = st.withBase ? { price: 150, stock: Math.max(0, read + st.change), base: { stock: read } } : { ...body, price: 150 };
            const res = await s.call({ method: 'PUT', url: `/api/products/${productId}`, token: admin, payload });
            expect([200, 400, 409], res.body.message).toContain(res.status);
            if (res.status === 200 && st.withBase) move(productId, Math.max(0, read + st.change) - read);
          }
        };

        for (const round of rounds) await Promise.all(round.map(run));
        // A count still open is applied at the end, after everything sold since it was taken.
        await run({ kind: 'applyCount' });

        for (const id of ids) expect(await stockOf(s.app, id), `product ${id}`).toEqual({ stock: moved.get(id), ledger: moved.get(id) });
        for (const sale of sales) {
          const row = await sqlGet<{ n: number; total: number }>(
            s.app,
            "SELECT count(*) AS n, sum(delta) AS total FROM stock_movements WHERE sale_id = ? AND reason = 'sale'",
            sale.id,
          );
          expect([Number(row?.n), Number(row?.total)], `sale ${sale.id}`).toEqual([1, -sale.quantity]);
        }
      }),
      // A few seconds on either dialect (a PostgreSQL round trip costs more than a SQLite call).
      { numRuns: testDialect === 'postgres' ? 5 : 15 },
    );
    const drift = await sqlAll(s.app, 'SELECT id FROM products p WHERE p.stock != (SELECT coalesce(sum(delta), 0) FROM stock_movements m WHERE m.product_id = p.id)');
    expect(drift).toEqual([]);
  });
});
