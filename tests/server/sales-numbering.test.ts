import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { configuration } from '../../server/db/schema';
import { countSales, createProduct, stockOf } from '../helpers/fixtures';
import { buildApp } from '../helpers/server';
import { first } from '../../server/db/store';

let token: string;

const { s } = await buildApp();
beforeAll(async () => {
  token = await s.sellerToken('caja');
});

async function setVentas(clave: string, valor: string) {
  await s.app.store.write((tx) => tx
    .update(configuration)
    .set({ valor })
    .where(and(eq(configuration.categoria, 'ventas'), eq(configuration.clave, clave))));
}
const counter = async (app = s.app) =>
  (await app.store.read((q) => first(q
    .select({ valor: configuration.valor })
    .from(configuration)
    .where(and(eq(configuration.categoria, 'ventas'), eq(configuration.clave, 'numero_actual'))))))?.valor;

describe('sale numbering', () => {
  it('500 concurrent sales over HTTP get 500 distinct numbers and the counter advances by 500', async () => {
    // A shop of its own, whose numbers start at 1 (the other tests change the format and the counter). The
    // 500 sales queue on the counter's row: on a busy machine the last ones wait longer than the 30 s a silent
    // socket is kept (CONNECTION_TIMEOUT_MS), and the server closed them unanswered (seen on PostgreSQL in CI).
    const { s } = await buildApp({ env: { CONNECTION_TIMEOUT_MS: '600000' } });
    const token = await s.sellerToken('caja');
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = s.app.server.address() as { port: number };
    const id = await createProduct(s.app.store, { price: 10, stock: 1000 });
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
    expect(await counter(s.app)).toBe('501');
    expect(await stockOf(s.app, id)).toEqual({ stock: 500, ledger: 500 });
    expect(await countSales(s.app)).toBe(500);
  });

  it('follows a changed format and skips numbers already taken', async () => {
    const id = await createProduct(s.app.store, { stock: 10 });
    const sell = () => s.call({ method: 'POST', url: '/api/sales', token, payload: { items: [{ productId: id, quantity: 1 }], paymentMethod: 'tarjeta' } });
    await setVentas('formato', '{prefijo}-{numero:06d}');
    await setVentas('prefijo', 'T');
    await setVentas('numero_actual', '1');
    expect((await sell()).body.data.saleNumber).toBe('T-000001');
    await setVentas('formato', '{prefijo}-{numero}');
    await setVentas('numero_actual', '1');
    // "T-1" is free (the first sale is "T-000001"); then back to 1 again: "T-1" is taken, so "T-2".
    expect((await sell()).body.data.saleNumber).toBe('T-1');
    await setVentas('numero_actual', '1');
    expect((await sell()).body.data.saleNumber).toBe('T-2');
    expect(await counter()).toBe('3');
  });

  it('a refused sale does not consume a number', async () => {
    const id = await createProduct(s.app.store, { stock: 1 });
    const before = await counter();
    const res = await s.call({ method: 'POST', url: '/api/sales', token, payload: { items: [{ productId: id, quantity: 2 }], paymentMethod: 'efectivo' } });
    expect(res.status).toBe(409);
    expect(await counter()).toBe(before);
  });
});
