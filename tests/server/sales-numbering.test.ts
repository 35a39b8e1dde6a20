import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { configuration } from '../../server/db/schema';
import { countSales, createProduct, stockOf } from '../helpers/fixtures';
import { buildApp } from '../helpers/server';

let token: string;

const { s } = await buildApp();
beforeAll(async () => {
  token = await s.sellerToken('caja');
});

function setVentas(clave: string, valor: string) {
  s.app.db
    .update(configuration)
    .set({ valor })
    .where(and(eq(configuration.categoria, 'ventas'), eq(configuration.clave, clave)))
    .run();
}
const counter = () =>
  s.app.db
    .select({ valor: configuration.valor })
    .from(configuration)
    .where(and(eq(configuration.categoria, 'ventas'), eq(configuration.clave, 'numero_actual')))
    .get()?.valor;

describe('sale numbering', () => {
  it('500 concurrent sales over HTTP get 500 distinct numbers and the counter advances by 500', async () => {
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = s.app.server.address() as { port: number };
    const id = createProduct(s.app.db, { price: 10, stock: 1000 });
    const body = JSON.stringify({ items: [{ productId: id, quantity: 1 }], paymentMethod: 'efectivo' });
    const replies = await Promise.all(
      Array.from({ length: 500 }, () =>
        fetch(`http://127.0.0.1:${port}/api/sales`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body,
        }).then(async (r) => ({ status: r.status, body: await r.json() })),
      ),
    );
    expect(replies.every((r) => r.status === 201)).toBe(true);
    const numbers = replies.map((r) => r.body.data.saleNumber as string);
    expect(new Set(numbers).size).toBe(500);
    const counters = numbers.map((n) => Number(n.split('-')[1])).sort((a, b) => a - b);
    expect(counters).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
    expect(counter()).toBe('501');
    expect(stockOf(s.app, id)).toEqual({ stock: 500, ledger: 500 });
    expect(countSales(s.app)).toBe(500);
  });

  it('follows a changed format and skips numbers already taken', async () => {
    const id = createProduct(s.app.db, { stock: 10 });
    const sell = () => s.call({ method: 'POST', url: '/api/sales', token, payload: { items: [{ productId: id, quantity: 1 }], paymentMethod: 'tarjeta' } });
    setVentas('formato', '{prefijo}-{numero:06d}');
    setVentas('prefijo', 'T');
    setVentas('numero_actual', '1');
    expect((await sell()).body.data.saleNumber).toBe('T-000001');
    setVentas('formato', '{prefijo}-{numero}');
    setVentas('numero_actual', '1');
    // "T-1" is free (the first sale is "T-000001"); then back to 1 again: "T-1" is taken, so "T-2".
    expect((await sell()).body.data.saleNumber).toBe('T-1');
    setVentas('numero_actual', '1');
    expect((await sell()).body.data.saleNumber).toBe('T-2');
    expect(counter()).toBe('3');
  });

  it('a refused sale does not consume a number', async () => {
    const id = createProduct(s.app.db, { stock: 1 });
    const before = counter();
    const res = await s.call({ method: 'POST', url: '/api/sales', token, payload: { items: [{ productId: id, quantity: 2 }], paymentMethod: 'efectivo' } });
    expect(res.status).toBe(409);
    expect(counter()).toBe(before);
  });
});
