/**
 * Revenue is defined once (domain/revenue.ts, issue #30): paid, not refunded, net of partial returns. Over
 * generated sales — paid, pending (Mercado Pago not paid yet), cancelled, refunded, partially returned,
 * with and without discount — the dashboard (from the rollups and from the raw rows), the reports and the
 * sales export all agree with a brute-force computation from the sale bodies the API gives back.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { localDateString } from '../../domain/time';
import { parseCsv } from '../../server/modules/products/sheet-reader';
import { buildApp } from '../helpers/server';
import { sqlRun } from '../helpers/sql';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const TZ = 'America/Argentina/Buenos_Aires';
const cents = (n: number) => Math.round(n * 100);

let seed = 30;
const rand = (n: number) => {
  seed = (seed * 48271) % 2147483647;
  return seed % n;
};

const { s, admin } = await buildApp({ config: { timeZone: TZ } });
const products: { id: number; name: string; costCents: number }[] = [];
const sales: Json[] = [];
const kinds = new Map<number, string>();

beforeAll(async () => {
  for (let i = 0; i < 7; i++) {
    const payload = { name: `Rev ${i}`, price: 100 + rand(90_000) / 100, cost: 10 + rand(4_000) / 100, stock: 100_000 };
    const res = await s.call({ method: 'POST', url: '/api/products', token: admin, payload });
    products.push({ id: res.body.data.id, name: payload.name, costCents: cents(res.body.data.cost) });
  }
  const methods = ['efectivo', 'tarjeta', 'transferencia'] as const;
  for (let n = 0; n < 48; n++) {
    const lines = Array.from({ length: 1 + rand(4) }, () => products[rand(products.length)]).filter((p, i, all) => all.indexOf(p) === i);
    const items = lines.map((p) => ({ productId: p.id, quantity: 1 + rand(5) }));
    const discount = rand(3) === 0 ? 0 : rand(5_000) / 100 + 0.37;
    const res = await s.call({ method: 'POST', url: '/api/sales', token: admin, payload: { items, paymentMethod: methods[rand(3)], discount } });
    expect(res.status, res.body.message).toBe(201);
    const id = res.body.data.id as number;
    const kind = ['paid', 'paid', 'pending', 'cancelled', 'refunded', 'returned', 'returned', 'returned-refunded'][n % 8];
    kinds.set(id, kind);
    if (kind.startsWith('returned')) {
      const sale = res.body.data;
      const back = sale.items.map((i: Json) => ({ saleItemId: i.id, quantity: rand(i.quantity + 1) })).filter((i: Json) => i.quantity > 0);
      if (back.length === 0) back.push({ saleItemId: sale.items[0].id, quantity: 1 });
      const ret = await s.call({ method: 'POST', url: `/api/sales/${id}/returns`, token: admin, payload: { items: back, requestId: randomUUID() } });
      expect(ret.status, ret.body.message).toBe(201);
    }
    // What Mercado Pago does to a sale, written as its settle() does (the rollup triggers follow any writer).
    if (kind === 'pending') await sqlRun(s.app, `UPDATE sales SET payment_status = 'pendiente', payment_method = 'mercadopago' WHERE id = ?`, id);
    if (kind.endsWith('refunded')) await sqlRun(s.app, `UPDATE sales SET refunded_at = ?, flag_payment_review = TRUE WHERE id = ?`, new Date().toISOString(), id);
    if (kind === 'cancelled') expect((await s.call({ method: 'POST', url: `/api/sales/${id}/cancel`, token: admin })).status).toBe(200);
  }
  for (const id of kinds.keys()) sales.push((await s.call({ method: 'GET', url: `/api/sales/${id}`, token: admin })).body.data);
});

/** Brute force, from the sale bodies only. */
function bruteForce(all: Json[]) {
  const counted = all.filter((x) => x.paymentStatus === 'pagado' && !x.flags.includes('refunded'));
  const net = (x: Json) => cents(x.total) - cents(x.returned);
  const costOf = (productId: number) => products.find((p) => p.id === productId)!.costCents;
  const revenue = counted.reduce((a, x) => a + net(x), 0);
  const cost = counted.reduce((a, x) => a + x.items.reduce((b: number, i: Json) => b + costOf(i.productId) * (i.quantity - i.returnedQuantity), 0), 0);
  const methods = new Map<string, { count: number; total: number }>();
  const days = new Map<string, { count: number; total: number }>();
  const perProduct = new Map<number, { quantity: number; gross: number; allocated: number; cost: number }>();
  for (const x of counted) {
    const m = methods.get(x.paymentMethod) ?? { count: 0, total: 0 };
    methods.set(x.paymentMethod, { count: m.count + 1, total: m.total + net(x) });
    const day = localDateString(x.saleDate, TZ);
    const d = days.get(day) ?? { count: 0, total: 0 };
    days.set(day, { count: d.count + 1, total: d.total + net(x) });
    // The discount left on what remains, spread by gross with the largest remainder (ties to the earlier line).
    const gross = x.items.map((i: Json) => cents(i.subtotal) - cents(i.returnedAmount));
    const sum = gross.reduce((a: number, g: number) => a + g, 0);
    const discount = sum - net(x);
    const share = gross.map((g: number) => (sum > 0 ? Math.floor((discount * g) / sum) : 0));
    const order = gross.map((g: number, k: number) => ({ k, rest: sum > 0 ? (discount * g) % sum : 0 })).sort((a: Json, b: Json) => b.rest - a.rest || a.k - b.k);
    for (let left = discount - share.reduce((a: number, b: number) => a + b, 0), n = 0; left > 0; left--, n++) share[order[n].k] += 1;
    x.items.forEach((i: Json, k: number) => {
      const p = perProduct.get(i.productId) ?? { quantity: 0, gross: 0, allocated: 0, cost: 0 };
      const q = i.quantity - i.returnedQuantity;
      perProduct.set(i.productId, { quantity: p.quantity + q, gross: p.gross + gross[k], allocated: p.allocated + gross[k] - share[k], cost: p.cost + costOf(i.productId) * q });
    });
  }
  return { count: counted.length, revenue, cost, methods, days, perProduct };
}

const money = (s: string) => (s === '' ? 0 : cents(Number(s.replace(/\./g, '').replace(',', '.'))));

describe('revenue: paid, not refunded, net of returns — everywhere', () => {
  it('the generated sales cover every case', () => {
    expect(new Set(sales.map((x) => x.paymentStatus))).toEqual(new Set(['pagado', 'pendiente', 'cancelado']));
    expect(sales.some((x) => x.flags.includes('refunded') && x.returned > 0)).toBe(true);
    expect(sales.filter((x) => x.returned > 0 && x.paymentStatus === 'pagado' && !x.flags.includes('refunded')).length).toBeGreaterThan(3);
  });

  it('the dashboard (rollups and raw rows), the reports and the sales export agree with the brute force', async () => {
    const expected = bruteForce(sales);
    const dayList = [...new Set(sales.map((x) => localDateString(x.saleDate, TZ)))].sort();
    const [start, end] = [dayList[0], dayList.at(-1)!];

    const rollups = (await s.call({ method: 'GET', url: `/api/sales/summary?startDate=${start}&endDate=${end}`, token: admin })).body.data;
    const raw = (await s.call({ method: 'GET', url: `/api/sales/summary?startDate=${start}%2000:00:00&endDate=${end}%2023:59:59`, token: admin })).body.data;
    for (const summary of [rollups, raw]) {
      expect(summary.totalSales).toBe(expected.count);
      expect(cents(summary.totalRevenue)).toBe(expected.revenue);
      expect(cents(summary.totalProfit)).toBe(expected.revenue - expected.cost);
      expect(new Map(summary.salesByPaymentMethod.map((r: Json) => [r.paymentMethod, { count: r.count, total: cents(r.total) }]))).toEqual(expected.methods);
      expect(new Map(summary.salesByDay.map((r: Json) => [r.date, { count: r.count, total: cents(r.total) }]))).toEqual(expected.days);
      // Top products: units and gross net of returns (before the discount), the ten first by units, revenue, id.
      const top = [...expected.perProduct.entries()]
        .filter(([, p]) => p.quantity > 0)
        .sort(([a, p], [b, q]) => q.quantity - p.quantity || q.gross - p.gross || a - b)
        .slice(0, 10)
        .map(([productId, p]) => ({ productId, productName: products.find((x) => x.id === productId)!.name, totalQuantity: p.quantity, totalRevenue: p.gross / 100 }));
      expect(summary.topProducts).toEqual(top);
    }
    // The sales list's period total is the same revenue.
    const list = await s.call({ method: 'GET', url: `/api/sales?startDate=${start}&endDate=${end}&limit=200`, token: admin });
    expect(cents(list.body.pagination.totalAmount)).toBe(expected.revenue);

    const report = (await s.call({ method: 'GET', url: `/api/reports/sales?startDate=${start}&endDate=${end}`, token: admin })).body.data;
    expect(report.daily.reduce((a: number, d: Json) => a + cents(d.total), 0)).toBe(expected.revenue);
    expect(report.daily.reduce((a: number, d: Json) => a + d.count, 0)).toBe(expected.count);
    expect(report.bySeller.map((r: Json) => [r.count, cents(r.total)])).toEqual([[expected.count, expected.revenue]]);
    // Categories and products carry the discount: they add up to the period's total exactly.
    expect(report.byCategory.map((r: Json) => [r.categoryName, cents(r.revenue), r.quantity])).toEqual([
      ['Sin categoría', expected.revenue, [...expected.perProduct.values()].reduce((a, p) => a + p.quantity, 0)],
    ]);
    const margin = new Map(report.marginByProduct.map((r: Json) => [r.productId, { quantity: r.quantity, allocated: cents(r.revenue), cost: cents(r.cost) }]));
    expect(margin).toEqual(new Map([...expected.perProduct.entries()].map(([id, p]) => [id, { quantity: p.quantity, allocated: p.allocated, cost: p.cost }])));

    // The sales export: returned and net shown per sale; Σ net of the sales that count = revenue.
    const csv = await s.app.inject({ method: 'GET', url: `/api/exports/ventas?format=csv&startDate=${start}&endDate=${end}`, headers: { authorization: `Bearer ${admin}` } });
    const [header, ...lines] = parseCsv(csv.body.replace(/^\uFEFF/, '')).map((r) => r.map(String));
    const col = (name: string) => header.indexOf(name);
    const perSale = new Map<string, string[]>(lines.map((l) => [l[col('Número')], l]));
    expect(perSale.size).toBe(sales.length);
    let exported = 0;
    for (const x of sales) {
      const line = perSale.get(x.saleNumber)!;
      expect(money(line[col('Total de la venta')])).toBe(cents(x.total));
      expect(money(line[col('Devuelto de la venta')])).toBe(cents(x.returned));
      expect(money(line[col('Total neto de la venta')])).toBe(cents(x.total) - cents(x.returned));
      expect(line[col('Reembolsada')]).toBe(x.flags.includes('refunded') ? 'Sí' : 'No');
      if (line[col('Cuenta como ingreso')] === 'Sí') exported += money(line[col('Total neto de la venta')]);
    }
    expect(exported).toBe(expected.revenue);
    const returnedUnits = lines.reduce((a, l) => a + Number(l[col('Devueltas')]), 0);
    expect(returnedUnits).toBe(sales.reduce((a, x) => a + x.items.reduce((b: number, i: Json) => b + i.returnedQuantity, 0), 0));
  });

  it('a pending sale that Mercado Pago approves starts counting; a refund takes it off again (dashboard from the rollups)', async () => {
    const pending = sales.find((x) => x.paymentStatus === 'pendiente')!;
    const day = localDateString(pending.saleDate, TZ);
    const revenueOf = async () => cents((await s.call({ method: 'GET', url: `/api/sales/summary?startDate=${day}&endDate=${day}`, token: admin })).body.data.totalRevenue);
    const before = await revenueOf();
    await sqlRun(s.app, `UPDATE sales SET payment_status = 'pagado' WHERE id = ?`, pending.id);
    expect(await revenueOf()).toBe(before + cents(pending.total));
    await sqlRun(s.app, `UPDATE sales SET refunded_at = ? WHERE id = ?`, new Date().toISOString(), pending.id);
    expect(await revenueOf()).toBe(before);
  });
});
