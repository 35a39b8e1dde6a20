/**
 * Property: whatever mix of captured sales (oversells and price changes included), cancellations and
 * stock edits happens, every product's stock equals its ledger sum and the model's expectation, and
 * the dashboard summary equals a brute-force recomputation from what the test itself did: over the
 * execution's own days and over a wide range of all executions' sales (whole years, whole months, any
 * span), which the summary reads from the rollups kept by triggers (years + months + days pieces).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromCents } from '../../domain/money';
import { SYNC_SCHEMA_VERSION } from '../../domain/constants';
import { localDateString } from '../../domain/time';
import { applyStockDelta, setStock } from '../../server/modules/stock/repository';
import { backdateDevice, createProduct, pushedSale, stockOf } from '../helpers/fixtures';
import { sqlGet } from '../helpers/sql';
import { buildApp } from '../helpers/server';

const BA = 'America/Argentina/Buenos_Aires';
const DAY = 86_400_000;
const METHODS = ['efectivo', 'tarjeta', 'transferencia'] as const;
const PRODUCTS = 4;

let execution = 0;
/** Every execution's sales and products: the wide ranges see them all. */
const allSales: ModelSale[] = [];
const allNames = new Map<number, string>();

const { s, admin } = await buildApp();

const saleAction = fc.record({
  kind: fc.constant('sale' as const),
  lines: fc.array(fc.record({ product: fc.nat(PRODUCTS - 1), quantity: fc.integer({ min: 1, max: 6 }), cheaper: fc.boolean() }), { minLength: 1, maxLength: 3 }),
  minute: fc.nat(10 * 24 * 60 - 1),
  method: fc.constantFrom(...METHODS),
  discountShare: fc.constantFrom(0, 0, 0.1, 0.5, 1),
});
const cancelAction = fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() });
const stockAction = fc.record({ kind: fc.constant('stock' as const), product: fc.nat(PRODUCTS - 1), op: fc.constantFrom('add', 'subtract', 'set'), amount: fc.nat(20) });
const actions = fc.array(fc.oneof({ weight: 5, arbitrary: saleAction }, { weight: 1, arbitrary: cancelAction }, { weight: 2, arbitrary: stockAction }), { maxLength: 25 });
const range = fc.tuple(fc.nat(9), fc.nat(9)).map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const);
/** Local days [from, to] over the executions' windows (2022–2024): any span, a whole year or a whole month. */
const ANCHOR = Date.UTC(2025, 0, 1);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const wideRange = fc.oneof(
  fc.tuple(fc.nat(1100), fc.nat(800)).map(([back, length]) => [isoDay(ANCHOR - back * DAY), isoDay(ANCHOR - back * DAY + length * DAY)] as const),
  fc.integer({ min: 2022, max: 2024 }).map((y) => [`${y}-01-01`, `${y}-12-31`] as const),
  fc.tuple(fc.integer({ min: 2022, max: 2024 }), fc.integer({ min: 1, max: 12 })).map(([y, m]) => [isoDay(Date.UTC(y, m - 1, 1)), isoDay(Date.UTC(y, m, 0))] as const),
);

interface ModelSale {
  id: number;
  at: string;
  method: string;
  lines: { productId: number; quantity: number; priceCents: number; costCents: number }[];
  discountCents: number;
  cancelled: boolean;
}

function bruteForceSummary(sales: ModelSale[], from: string, to: string, names: Map<number, string>) {
  const counted = sales.filter((sale) => !sale.cancelled && localDateString(sale.at, BA) >= from && localDateString(sale.at, BA) <= to);
  const total = (sale: ModelSale) => sale.lines.reduce((sum, l) => sum + l.quantity * l.priceCents, 0) - sale.discountCents;
  const cost = (sale: ModelSale) => sale.lines.reduce((sum, l) => sum + l.quantity * l.costCents, 0);
  const group = <K>(key: (sale: ModelSale) => K) => {
    const map = new Map<K, { count: number; cents: number }>();
    for (const sale of counted) {
      const entry = map.get(key(sale)) ?? { count: 0, cents: 0 };
      map.set(key(sale), { count: entry.count + 1, cents: entry.cents + total(sale) });
    }
    return [...map];
  };
  const products = new Map<number, { quantity: number; cents: number }>();
  for (const line of counted.flatMap((sale) => sale.lines)) {
    const entry = products.get(line.productId) ?? { quantity: 0, cents: 0 };
    products.set(line.productId, { quantity: entry.quantity + line.quantity, cents: entry.cents + line.quantity * line.priceCents });
  }
  return {
    totalSales: counted.length,
    totalRevenue: fromCents(counted.reduce((sum, sale) => sum + total(sale), 0)),
    totalProfit: fromCents(counted.reduce((sum, sale) => sum + total(sale) - cost(sale), 0)),
    salesByPaymentMethod: group((sale) => sale.method)
      .sort(([ma, a], [mb, b]) => b.cents - a.cents || ma.localeCompare(mb))
      .map(([paymentMethod, g]) => ({ paymentMethod, count: g.count, total: fromCents(g.cents) })),
    topProducts: [...products]
      .sort(([ia, a], [ib, b]) => b.quantity - a.quantity || b.cents - a.cents || ia - ib)
      .slice(0, 10)
      .map(([productId, p]) => ({ productId, productName: names.get(productId), totalQuantity: p.quantity, totalRevenue: fromCents(p.cents) })),
    salesByDay: group((sale) => localDateString(sale.at, BA))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, g]) => ({ date, count: g.count, total: fromCents(g.cents) })),
  };
}

describe('stock ledger and summary under random activity', () => {
  it('stock = ledger = model, and summary = brute force', async () => {
    await fc.assert(
      fc.asyncProperty(actions, range, wideRange, async (steps, [fromDay, toDay], [wideFrom, wideTo]) => {
        // Each execution lives in its own 10-day window with its own products.
        const windowStart = Date.UTC(2025, 0, 1, 3) - ++execution * 10 * DAY;
        const products = Array.from({ length: PRODUCTS }, (_, i) => ({ price: 100 + 25 * i, cost: 40 + 10 * i, stock: 5 }));
        const ids: number[] = [];
        for (const [i, p] of products.entries()) ids.push(await createProduct(s.app.store, { name: `Prop ${execution}-${i}`, ...p }));
        const expected = new Map(ids.map((id) => [id, 5]));
        const sales: ModelSale[] = [];
        const device = await s.registerDevice(admin);
        await backdateDevice(s.app, device.id);
        let seq = 0;
        for (const step of steps) {
          if (step.kind === 'sale') {
            const lines = step.lines.map((l) => ({
              productId: ids[l.product],
              quantity: l.quantity,
              priceCents: (products[l.product].price - (l.cheaper ? 10 : 0)) * 100,
              costCents: products[l.product].cost * 100,
            }));
            const subtotal = lines.reduce((sum, l) => sum + l.quantity * l.priceCents, 0);
            const discountCents = Math.floor((subtotal * step.discountShare) / 100) * 100;
            const at = new Date(windowStart + step.minute * 60_000).toISOString();
            const items = lines.map((l) => ({ productId: l.productId, quantity: l.quantity, unitPrice: l.priceCents / 100 }));
            const res = await s.call({
              method: 'POST',
              url: '/api/sync/push',
              headers: device.headers,
              payload: { deviceId: device.id, schemaVersion: SYNC_SCHEMA_VERSION, sales: [pushedSale(++seq, items, { capturedAt: at, paymentMethod: step.method, discount: discountCents / 100 })] },
            });
            expect(res.body.data.results[0].status).toBe('applied');
            const sale = { id: res.body.data.results[0].saleId, at, method: step.method, lines, discountCents, cancelled: false };
            sales.push(sale);
            allSales.push(sale);
            for (const l of lines) expected.set(l.productId, expected.get(l.productId)! - l.quantity);
          } else if (step.kind === 'cancel' && sales.length > 0) {
            const sale = sales[step.pick % sales.length];
            const res = await s.call({ method: 'POST', url: `/api/sales/${sale.id}/cancel`, token: admin });
            expect(res.status).toBe(sale.cancelled ? 409 : 200);
            if (!sale.cancelled) for (const l of sale.lines) expected.set(l.productId, expected.get(l.productId)! + l.quantity);
            sale.cancelled = true;
          } else if (step.kind === 'stock') {
            const id = ids[step.product];
            if (step.op === 'set') await s.app.store.write((tx) => setStock(tx, id, step.amount));
            else await s.app.store.write((tx) => applyStockDelta(tx, id, step.op === 'add' ? step.amount : -step.amount, step.op));
            expected.set(id, step.op === 'set' ? step.amount : expected.get(id)! + (step.op === 'add' ? step.amount : -step.amount));
          }
        }
        for (const id of ids) expect(await stockOf(s.app, id)).toEqual({ stock: expected.get(id), ledger: expected.get(id) });

        const from = localDateString(windowStart + fromDay * DAY, BA);
        const to = localDateString(windowStart + toDay * DAY, BA);
        const res = await s.call({ method: 'GET', url: `/api/sales/summary?startDate=${from}%2000:00:00&endDate=${to}%2023:59:59`, token: admin });
        const names = new Map(ids.map((id, i) => [id, `Prop ${execution}-${i}`]));
        expect(res.body.data).toEqual(bruteForceSummary(sales, from, to, names));

        for (const [id, name] of names) allNames.set(id, name);
        const wide = await s.call({ method: 'GET', url: `/api/sales/summary?startDate=${wideFrom}&endDate=${wideTo}`, token: admin });
        expect(wide.body.data).toEqual(bruteForceSummary(allSales, wideFrom, wideTo, allNames));
      }),
      { numRuns: 100 },
    );
    const drift = (await sqlGet<{ n: number }>(s.app, 'select count(*) as n from products p where p.stock != (select coalesce(sum(delta), 0) from stock_movements m where m.product_id = p.id)'))!;
    expect(drift.n).toBe(0);
  });
});
