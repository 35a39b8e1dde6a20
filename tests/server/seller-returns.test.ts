/**
 * A seller's return at the counter within the owner's rules (issue #35 item 6; categoria "devoluciones",
 * domain/sale-returns-rules.ts). The rules exist with safe defaults (allowed, 30 days, $ 50.000 per sale);
 * within them a seller's return is the same return an admin records (stock back by exactly the units, the
 * return signed by the seller); past the days, past the amount (counting earlier returns of the sale) or with
 * returns turned off the seller gets 403 with the Spanish reason naming the limit, and nothing is written;
 * an admin is not limited. Bad input and bad rule values are Spanish 400s; only an admin changes the rules.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { localDateString } from '../../domain/time';
import { stockOf } from '../helpers/fixtures';
import { buildApp } from '../helpers/server';
import { sqlRun, sqlValue } from '../helpers/sql';

const { s, admin, seller } = await buildApp({ seller: 'mostrador' });

const rule = (clave: string, valor: string, token = admin) => s.call({ method: 'PUT', url: `/api/configuration/devoluciones/${clave}`, token, payload: { valor } });

/** A paid cash sale (by the admin) of `quantity` units of a fresh product at `price`; its id, line and product. */
async function sale(price: number, quantity: number) {
  const product = await s.call({ method: 'POST', url: '/api/products', token: admin, payload: { name: `Remera ${Math.random().toString(36).slice(2, 8)}`, price, stock: 20 } });
  expect(product.status).toBe(201);
  const created = await s.call({ method: 'POST', url: '/api/sales', token: admin, payload: { items: [{ productId: product.body.data.id, quantity }], paymentMethod: 'efectivo' } });
  expect(created.status).toBe(201);
  const data = created.body.data;
  return { id: data.id as number, number: data.saleNumber as string, lineId: data.items[0].id as number, productId: product.body.data.id as number };
}

const giveBack = (saleId: number, lineId: number, quantity: number, token = seller) =>
  s.call({ method: 'POST', url: `/api/sales/${saleId}/returns`, token, payload: { items: [{ saleItemId: lineId, quantity }] } });

/** Moves the sale `days` calendar days into the past (its date and its local date). */
async function backdate(saleId: number, days: number) {
  const when = new Date(Date.now() - days * 86_400_000).toISOString();
  await sqlRun(s.app, 'update sales set sale_date = ?, local_date = ? where id = ?', when, localDateString(when, s.config.timeZone), saleId);
}

const returnsOf = async (saleId: number) => Number(await sqlValue(s.app, 'select count(*) from sale_returns where sale_id = ?', saleId));

describe('seller returns within the owner rules', () => {
  beforeEach(async () => {
    for (const [clave, valor] of [['vendedores_pueden_devolver', 'true'], ['dias_maximos', '30'], ['monto_maximo_vendedor', '50000']]) expect((await rule(clave, valor)).status).toBe(200);
  });

  it('exist with safe defaults, readable by a seller', async () => {
    const entries = (await s.call({ method: 'GET', url: '/api/configuration?categoria=devoluciones', token: seller })).body.data;
    expect(entries.map((e: { clave: string; valor: string; tipo: string }) => [e.clave, e.valor, e.tipo])).toEqual([
      ['dias_maximos', '30', 'number'],
      ['monto_maximo_vendedor', '50000', 'number'],
      ['vendedores_pueden_devolver', 'true', 'boolean'],
    ]);
  });

  it('a seller within the limits returns part of a sale: stock back by exactly that, the return signed by the seller', async () => {
    const { id, lineId, productId } = await sale(1500, 3);
    const before = await stockOf(s.app, productId);
    const res = await giveBack(id, lineId, 2);
    expect(res.status, res.body.message).toBe(201);
    expect(res.body.message).toBe('Devolución registrada. El stock fue devuelto.');
    expect(res.body.data).toMatchObject({ total: 3000, user: { fullName: expect.any(String) }, items: [{ saleItemId: lineId, quantity: 2, amount: 3000 }] });
    const sellerId = (await s.call({ method: 'GET', url: '/api/auth/me', token: seller })).body.data.id;
    expect(res.body.data.user.id).toBe(sellerId);
    const after = await stockOf(s.app, productId);
    expect(after.stock - before.stock).toBe(2);
    expect(after.ledger - before.ledger).toBe(2);
    // 30 days back is still within 30 days.
    const old = await sale(100, 1);
    await backdate(old.id, 30);
    expect((await giveBack(old.id, old.lineId, 1)).status).toBe(201);
  });

  it('past the days: 403 naming the limit, nothing written; an admin returns it', async () => {
    const { id, number, lineId, productId } = await sale(100, 2);
    await backdate(id, 31);
    const saleDay = localDateString(new Date(Date.now() - 31 * 86_400_000), s.config.timeZone);
    const before = await stockOf(s.app, productId);
    const res = await giveBack(id, lineId, 1);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false });
    const label = `${saleDay.slice(8, 10)}/${saleDay.slice(5, 7)}/${saleDay.slice(0, 4)}`;
    expect(res.body.message).toBe(
      `La venta ${number} es del ${label} (hace 31 días) y los vendedores pueden registrar devoluciones hasta 30 días después de la venta. Pedile a un administrador que la registre.`,
    );
    expect(await returnsOf(id)).toBe(0);
    expect(await stockOf(s.app, productId)).toEqual(before);
    // The owner lowers the limit to the same day: yesterday's sale is out too, with the singular/plural right.
    expect((await rule('dias_maximos', '0')).status).toBe(200);
    const yesterday = await sale(100, 1);
    await backdate(yesterday.id, 1);
    expect((await giveBack(yesterday.id, yesterday.lineId, 1)).body.message).toContain('(hace 1 días) y los vendedores pueden registrar devoluciones hasta 0 días después');
    expect((await giveBack(id, lineId, 1, admin)).status).toBe(201);
  });

  it('past the amount, counting earlier returns of the sale: 403 naming the limit, nothing written; an admin is not limited', async () => {
    const { id, number, lineId, productId } = await sale(40000, 2);
    const before = await stockOf(s.app, productId);
    const whole = await giveBack(id, lineId, 2);
    expect(whole.status).toBe(403);
    expect(whole.body.message).toBe(
      'Los vendedores pueden devolver hasta $ 50.000,00 por venta sin un administrador, y esta devolución es de $ 80.000,00. Pedile a un administrador que la registre.',
    );
    expect(await returnsOf(id)).toBe(0);
    expect(await stockOf(s.app, productId)).toEqual(before);

    expect((await giveBack(id, lineId, 1)).status).toBe(201);
    const second = await giveBack(id, lineId, 1);
    expect(second.status).toBe(403);
    expect(second.body.message).toBe(
      `Los vendedores pueden devolver hasta $ 50.000,00 por venta sin un administrador, y con esta devolución de $ 40.000,00 la venta ${number} sumaría $ 80.000,00 devueltos. Pedile a un administrador que la registre.`,
    );
    expect(await returnsOf(id)).toBe(1);
    // Raised by the owner, the same return goes through; an admin never needed it.
    expect((await rule('monto_maximo_vendedor', '80000')).status).toBe(200);
    const other = await sale(40000, 2);
    expect((await giveBack(other.id, other.lineId, 2, admin)).status).toBe(201);
    expect((await giveBack(id, lineId, 1)).status).toBe(201);
    expect((await stockOf(s.app, productId)).stock - before.stock).toBe(2);
  });

  it('turned off: a seller gets 403 and nothing is written; an admin still returns', async () => {
    expect((await rule('vendedores_pueden_devolver', 'false')).status).toBe(200);
    const { id, lineId } = await sale(100, 1);
    const res = await giveBack(id, lineId, 1);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('El dueño no habilitó las devoluciones por vendedores. Pedile a un administrador que la registre.');
    expect(await returnsOf(id)).toBe(0);
    expect((await giveBack(id, lineId, 1, admin)).status).toBe(201);
  });

  it('bad input from a seller is a Spanish 400 and writes nothing; an unknown sale is a 404; a seller still cannot cancel', async () => {
    const { id, lineId } = await sale(100, 2);
    const post = (payload: Record<string, unknown>) => s.call({ method: 'POST', url: `/api/sales/${id}/returns`, token: seller, payload });
    const empty = await post({ items: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('Elegí al menos un artículo a devolver');
    expect((await post({ items: [{ saleItemId: lineId, quantity: 'dos' }] })).status).toBe(400);
    expect((await post({ items: [{ saleItemId: lineId, quantity: 0 }] })).status).toBe(400);
    const tooMany = await post({ items: [{ saleItemId: lineId, quantity: 3 }] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('No se puede devolver más de lo vendido');
    expect((await post({ items: [{ saleItemId: 999999, quantity: 1 }] })).status).toBe(400);
    expect((await s.call({ method: 'POST', url: '/api/sales/999999/returns', token: seller, payload: { items: [{ saleItemId: lineId, quantity: 1 }] } })).status).toBe(404);
    expect((await s.call({ method: 'POST', url: `/api/sales/${id}/returns`, payload: { items: [{ saleItemId: lineId, quantity: 1 }] } })).status).toBe(401);
    expect((await s.call({ method: 'POST', url: `/api/sales/${id}/cancel`, token: seller })).status).toBe(403);
    expect(await returnsOf(id)).toBe(0);
  });

  it('only an admin changes the rules, and only to sensible values (Spanish 400 otherwise)', async () => {
    expect((await rule('dias_maximos', '5', seller)).status).toBe(403);
    const cases: [string, string, string][] = [
      ['dias_maximos', '-1', 'Días máximos: debe ser un número entero entre 0 y 3650'],
      ['dias_maximos', '2.5', 'Días máximos: debe ser un número entero entre 0 y 3650'],
      ['dias_maximos', '4000', 'Días máximos: debe ser un número entero entre 0 y 3650'],
      ['monto_maximo_vendedor', 'mucho', 'Valor: debe ser un número'],
      ['monto_maximo_vendedor', '10.123', 'Importe máximo: debe ser un importe en pesos, mayor o igual a 0, con hasta 2 decimales'],
      ['monto_maximo_vendedor', '2000000000', 'Importe máximo: no puede superar $ 1.000.000.000,00'],
      ['vendedores_pueden_devolver', 'si', 'Valor: debe ser true o false'],
    ];
    for (const [clave, valor, message] of cases) {
      const res = await rule(clave, valor);
      expect(res.status, `${clave}=${valor}`).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const stored = (await s.call({ method: 'GET', url: '/api/configuration?categoria=devoluciones', token: admin })).body.data;
    expect(stored.map((e: { valor: string }) => e.valor)).toEqual(['30', '50000', 'true']);
  });
});
