/**
 * Reports (issue #15) against a brute-force computation over generated sales: random products (with and
 * without category), sellers, quantities, local days and hours, some cancelled, some outside the range
 * and one day without sales inside it. Also: end before start is refused in Spanish.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { localDateString, localParts, zonedToUtc } from '../../domain/time';
import { buildApp } from '../helpers/server';
import { sqlRun } from '../helpers/sql';

const TZ = 'America/Argentina/Buenos_Aires';

interface Gen { saleId: number; userId: number; day: string; hour: number; cancelled: boolean; total: number; discount: number; items: { productId: number; name: string; categoryId: number | null; qty: number; price: number; cost: number }[] }
const generated: Gen[] = [];
const cents = (n: number) => Math.round(n * 100);

let seed = 7;
const rand = (n: number) => {
  seed = (seed * 48271) % 2147483647;
  return seed % n;
};

const { s, admin } = await buildApp({ config: { timeZone: TZ } });
beforeAll(async () => {
  const tokens = [admin, await s.sellerToken('ana'), await s.sellerToken('beto')];
  const userIds: number[] = [];
  for (const t of tokens) userIds.push((await s.call({ method: 'GET', url: '/api/auth/me', token: t })).body.data.id);
  const cats = [
    (await s.call({ method: 'POST', url: '/api/categories', token: admin, payload: { name: 'Lácteos' } })).body.data.id,
    (await s.call({ method: 'POST', url: '/api/categories', token: admin, payload: { name: 'Panadería' } })).body.data.id,
    null,
  ];
  const products: { id: number; name: string; categoryId: number | null; price: number; cost: number }[] = [];
  for (let i = 0; i < 6; i++) {
    const p = { name: `Producto ${i}`, price: 100 + rand(5000) / 4, cost: 50 + rand(2000) / 4, categoryId: cats[i % 3] };
    const res = await s.call({ method: 'POST', url: '/api/products', token: admin, payload: { ...p, stock: 10_000 } });
    products.push({ id: res.body.data.id, ...p, price: res.body.data.price, cost: res.body.data.cost });
  }
  const days = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-06', '2026-03-07', '2026-03-09', '2026-03-10'];
  for (let n = 0; n < 60; n++) {
    const seller = rand(3);
    const lines = Array.from({ length: 1 + rand(3) }, () => products[rand(products.length)]).filter((p, i, all) => all.indexOf(p) === i);
    const items = lines.map((p) => ({ productId: p.id, name: p.name, categoryId: p.categoryId, qty: 1 + rand(4), price: p.price, cost: p.cost }));
    const res = await s.call({ method: 'POST', url: '/api/sales', token: tokens[seller], payload: { items: items.map((i) => ({ productId: i.productId, quantity: i.qty })), paymentMethod: 'efectivo', discount: rand(3) === 0 ? 10 : 0 } });
    expect(res.status, res.body.message).toBe(201);
    const day = days[rand(days.length)];
    const hour = rand(24);
    const [y, m, d] = day.split('-').map(Number);
    const instant = zonedToUtc({ year: y, month: m, day: d, hour, minute: rand(60), second: 0 }, TZ).toISOString();
    await sqlRun(s.app, 'UPDATE sales SET sale_date = ?, local_date = ? WHERE id = ?', instant, localDateString(instant, TZ), res.body.data.id);
    const cancelled = rand(6) === 0;
    if (cancelled) await s.call({ method: 'POST', url: `/api/sales/${res.body.data.id}/cancel`, token: admin });
    generated.push({ saleId: res.body.data.id, userId: userIds[seller], day, hour: localParts(instant, TZ).hour, cancelled, total: res.body.data.total, discount: res.body.data.discount, items });
  }
});

const report = (q: string) => s.call({ method: 'GET', url: `/api/reports/sales?${q}`, token: admin });

describe('GET /reports/sales', () => {
  it('matches a brute-force computation over the generated sales', async () => {
    const res = await report('startDate=2026-03-02&endDate=2026-03-09');
    expect(res.status, res.body.message).toBe(200);
    const inRange = generated.filter((g) => !g.cancelled && g.day >= '2026-03-02' && g.day <= '2026-03-09');
    expect(inRange.length).toBeGreaterThan(20);
    const data = res.body.data;

    const daily = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09'].map((date) => {
      const of = inRange.filter((g) => g.day === date);
      return { date, count: of.length, total: of.reduce((t, g) => t + cents(g.total), 0) / 100 };
    });
    expect(data.daily).toEqual(daily);
    expect(data.daily.find((d: { date: string }) => d.date === '2026-03-05')).toEqual({ date: '2026-03-05', count: 0, total: 0 });

    const hours = Array.from({ length: 24 }, (_, hour) => {
      const of = inRange.filter((g) => g.hour === hour);
      return { hour, count: of.length, total: of.reduce((t, g) => t + cents(g.total), 0) / 100 };
    });
    expect(data.byHour).toEqual(hours);

    const sellers = new Map<number, { count: number; total: number }>();
    for (const g of inRange) {
      const cur = sellers.get(g.userId) ?? { count: 0, total: 0 };
      sellers.set(g.userId, { count: cur.count + 1, total: cur.total + cents(g.total) });
    }
    const bySeller = Object.fromEntries(data.bySeller.map((r: { userId: number; count: number; total: number }) => [r.userId, { count: r.count, total: cents(r.total) }]));
    expect(bySeller).toEqual(Object.fromEntries(sellers));

    // Each sale's discount spread over its lines by gross, largest remainder (ties to the earlier line): the lines add up to the sale's total.
    const items = inRange.flatMap((g) => {
      const gross = g.items.map((i) => cents(i.price) * i.qty);
      const sum = gross.reduce((a, b) => a + b, 0);
      const d = cents(g.discount);
      const share = gross.map((x) => Math.floor((d * x) / sum));
      const order = gross.map((x, k) => ({ k, rest: (d * x) % sum })).sort((a, b) => b.rest - a.rest || a.k - b.k);
      for (let left = d - share.reduce((a, b) => a + b, 0), n = 0; left > 0; left--, n++) share[order[n].k] += 1;
      expect(gross.reduce((a, x, k) => a + x - share[k], 0)).toBe(cents(g.total));
      return g.items.map((i, k) => ({ ...i, revenueCents: gross[k] - share[k] }));
    });
    const byCat = new Map<number | null, { quantity: number; revenue: number; cost: number }>();
    const byProduct = new Map<number, { quantity: number; revenue: number; cost: number }>();
    for (const i of items) {
      for (const [map, key] of [[byCat, i.categoryId], [byProduct, i.productId]] as const) {
        const cur = (map as Map<number | null, { quantity: number; revenue: number; cost: number }>).get(key) ?? { quantity: 0, revenue: 0, cost: 0 };
        (map as Map<number | null, { quantity: number; revenue: number; cost: number }>).set(key, { quantity: cur.quantity + i.qty, revenue: cur.revenue + i.revenueCents, cost: cur.cost + cents(i.cost) * i.qty });
      }
    }
    const gotCat = new Map(data.byCategory.map((r: { categoryId: number | null; quantity: number; revenue: number; cost: number }) => [r.categoryId, { quantity: r.quantity, revenue: cents(r.revenue), cost: cents(r.cost) }]));
    expect(gotCat).toEqual(byCat);
    expect(data.byCategory.find((r: { categoryId: number | null }) => r.categoryId === null).categoryName).toBe('Sin categoría');
    const gotProduct = new Map(data.marginByProduct.map((r: { productId: number; quantity: number; revenue: number; cost: number; margin: number }) => {
      expect(cents(r.margin)).toBe(cents(r.revenue) - cents(r.cost));
      return [r.productId, { quantity: r.quantity, revenue: cents(r.revenue), cost: cents(r.cost) }];
    }));
    expect(gotProduct).toEqual(byProduct);
    // So the categories add up to the period's total, to the cent.
    const catSum = data.byCategory.reduce((a: number, r: { revenue: number }) => a + cents(r.revenue), 0);
    expect(catSum).toBe(data.daily.reduce((a: number, d: { total: number }) => a + cents(d.total), 0));
  });

  it('refuses an end before the start, bad dates and a missing range, in Spanish', async () => {
    const back = await report('startDate=2026-03-09&endDate=2026-03-02');
    expect(back.status).toBe(400);
    expect(back.body.message).toMatch(/no puede ser anterior a la fecha de inicio/);
    expect((await report('startDate=2026-02-30&endDate=2026-03-02')).status).toBe(400);
    expect((await report('startDate=2024-01-01&endDate=2026-03-02')).body.message).toMatch(/366 días/);
    expect((await report('endDate=2000-01-01')).body.message).toMatch(/anterior a la fecha de inicio/);
    const current = await report('');
    expect(current.status).toBe(200);
    expect(current.body.data.daily.at(-1).date).toBe(localDateString(new Date(), TZ));
    const seller = await s.sellerToken('carla');
    expect((await s.call({ method: 'GET', url: '/api/reports/sales?startDate=2026-03-02&endDate=2026-03-09', token: seller })).status).toBe(403);
  });
});
