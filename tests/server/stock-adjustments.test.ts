/**
 * Stock with reasons (issue #15): adjustments record reason, note, user and time; the history lists sales
 * (with their number), cancellations and adjustments with the running balance; a count session applies
 * only the differences, all or nothing; products.stock = SUM(ledger) holds throughout.
 */
import { describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '../../domain/constants';
import { ledgerStock } from '../../server/modules/stock/repository';
import { pushedSale } from '../helpers/fixtures';
import { buildApp } from '../helpers/server';
import { sqlGet } from '../helpers/sql';


const { s, admin, seller } = await buildApp({ seller: 'vendedor1' });

const create = async (name: string, stock: number) =>
  (await s.call({ method: 'POST', url: '/api/products', token: admin, payload: { name, price: 100, stock } })).body.data.id as number;
const adjust = (id: number, payload: object, token = admin) =>
  s.call({ method: 'POST', url: `/api/products/${id}/stock/adjustments`, token, payload });
const history = async (id: number) => (await s.call({ method: 'GET', url: `/api/products/${id}/stock/history`, token: admin })).body;
const stockOf = async (id: number) => ((await sqlGet(s.app, 'SELECT stock FROM products WHERE id = ?', id)) as { stock: number }).stock;

describe('POST /products/:id/stock/adjustments', () => {
  it('moves stock by the reason’s direction and records note and user', async () => {
    const id = await create('Yerba 1 kg', 10);
    expect((await adjust(id, { reason: 'purchase', quantity: 24, note: 'Remito 0001-123' })).body.data).toEqual({ stock: 34, delta: 24 });
    expect((await adjust(id, { reason: 'loss', quantity: 2 })).body.data.stock).toBe(32);
    expect((await adjust(id, { reason: 'supplier_return', quantity: 5 })).body.data.stock).toBe(27);
    expect((await adjust(id, { reason: 'count', quantity: 25, shown: 27 })).body.data).toEqual({ stock: 25, delta: -2 });
    expect((await adjust(id, { reason: 'other', quantity: -1, note: 'Muestra para degustación' })).body.data.stock).toBe(24);
    expect(await stockOf(id)).toBe(24);
    expect(await s.app.store.read((q) => ledgerStock(q, id))).toBe(24);
    const row = (await sqlGet(s.app, "SELECT note, user_id, created_at FROM stock_movements WHERE product_id = ? AND reason = 'purchase'", id)) as {
      note: string;
      user_id: number;
      created_at: string;
    };
    expect(row.note).toBe('Remito 0001-123');
    expect(row.user_id).toBeGreaterThan(0);
    expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('refuses bad input in Spanish and never leaves stock negative', async () => {
    const id = await create('Fideos', 3);
    const other = await adjust(id, { reason: 'other', quantity: 2 });
    expect(other.status).toBe(400);
    expect(other.body.message).toMatch(/obligatoria/);
    expect((await adjust(id, { reason: 'purchase', quantity: -4 })).status).toBe(400);
    expect((await adjust(id, { reason: 'robo', quantity: 1 })).status).toBe(400);
    const unshown = await adjust(id, { reason: 'count', quantity: 1 });
    expect(unshown.status).toBe(400);
    expect(unshown.body.message).toMatch(/obligatorio en un recuento/);
    const negative = await adjust(id, { reason: 'loss', quantity: 4 });
    expect(negative.status).toBe(400);
    expect(negative.body.message).toBe('El stock no puede quedar negativo');
    expect((await adjust(999999, { reason: 'purchase', quantity: 1 })).status).toBe(404);
    expect((await adjust(id, { reason: 'purchase', quantity: 1 }, seller)).status).toBe(403);
    expect(await stockOf(id)).toBe(3);
  });
});

describe('GET /products/:id/stock/history', () => {
  it('lists sales with their number, cancellations and adjustments with the running balance', async () => {
    const id = await create('Galletitas', 10);
    const sale = (await s.call({ method: 'POST', url: '/api/sales', token: admin, payload: { items: [{ productId: id, quantity: 3 }], paymentMethod: 'efectivo' } }))
      .body.data;
    await adjust(id, { reason: 'purchase', quantity: 12 });
    const cancel = await s.call({ method: 'POST', url: `/api/sales/${sale.id}/cancel`, token: admin });
    expect(cancel.status, cancel.body.message).toBe(200);
    const body = await history(id);
    const rows = body.data.map((m: { reason: string; delta: number; balance: number; saleNumber: string | null }) => [m.reason, m.delta, m.balance, m.saleNumber]);
    expect(rows).toEqual([
      ['cancel', 3, 22, sale.saleNumber],
      ['purchase', 12, 19, null],
      ['sale', -3, 7, sale.saleNumber],
      ['initial', 10, 10, null],
    ]);
    expect(body.data[1].reasonLabel).toBe('Ingreso de mercadería');
    expect(body.data[1].userName).toBeTruthy();
    expect(body.pagination.total).toBe(4);
    expect(await stockOf(id)).toBe(22);
  });
});

describe('POST /stock/counts', () => {
  it('applies only the differences, one movement each, and stock equals the ledger', async () => {
    const ids = [await create('A', 5), await create('B', 7), await create('C', 0), await create('D', 4)];
    const res = await s.call({
      method: 'POST',
      url: '/api/stock/counts',
      token: admin,
      payload: {
        items: [
          { productId: ids[0], counted: 6, shown: 5 },
          { productId: ids[1], counted: 7, shown: 7 },
          { productId: ids[2], counted: 2, shown: 0 },
          { productId: ids[3], counted: 0, shown: 4 },
        ],
      },
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.applied.map((a: { delta: number }) => a.delta)).toEqual([1, 2, -4]);
    expect(res.body.data.applied.every((a: { movedMeanwhile: number }) => a.movedMeanwhile === 0)).toBe(true);
    expect(res.body.data.unchanged).toBe(1);
    expect(await Promise.all(ids.map(stockOf))).toEqual([6, 7, 2, 0]);
    for (const id of ids) expect(await s.app.store.read((q) => ledgerStock(q, id))).toBe(await stockOf(id));
    const counts = (await sqlGet(s.app, "SELECT count(*) AS n FROM stock_movements WHERE reason = 'count' AND product_id IN (?, ?, ?, ?)", ...ids)) as { n: number };
    expect(counts.n).toBe(3);
  });

  it('is all or nothing: an unknown product writes nothing', async () => {
    const id = await create('E', 5);
    const res = await s.call({ method: 'POST', url: '/api/stock/counts', token: admin, payload: { items: [{ productId: id, counted: 9, shown: 5 }, { productId: 987654, counted: 1, shown: 0 }] } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('El recuento incluye un producto que no existe');
    expect(await stockOf(id)).toBe(5);
    const dup = await s.call({ method: 'POST', url: '/api/stock/counts', token: admin, payload: { items: [{ productId: id, counted: 9, shown: 5 }, { productId: id, counted: 1, shown: 5 }] } });
    expect(dup.status).toBe(400);
    expect((await s.call({ method: 'POST', url: '/api/stock/counts', token: admin, payload: { items: [] } })).status).toBe(400);
    const unshown = await s.call({ method: 'POST', url: '/api/stock/counts', token: admin, payload: { items: [{ productId: id, counted: 9 }] } });
    expect(unshown.status).toBe(400);
    expect(unshown.body.message).toMatch(/shown/i);
    expect(await stockOf(id)).toBe(5);
  });

  it('keeps the sales made between counting and applying (the screen showed −1, 3 sold meanwhile)', async () => {
    const id = await create('Recuento con ventas', 2);
    // Sales captured at the counter (offline they may oversell), as the tablet pushes them.
    const device = await s.registerDevice(admin);
    let seq = 0;
    const sell = async (quantity: number) => {
      const res = await s.call({
        method: 'POST',
        url: '/api/sync/push',
        headers: device.headers,
        payload: { deviceId: device.id, schemaVersion: SYNC_SCHEMA_VERSION, sales: [pushedSale(++seq, [{ productId: id, quantity, unitPrice: 100 }])] },
      });
      expect(res.body.data.results[0].status, res.body.message).toBe('applied');
    };
    await sell(3); // an oversell: the count screen shows −1
    // Counted 1 on the shelf while the screen showed −1; then 3 more are sold before "Aplicar".
    await sell(3);
    const res = await s.call({ method: 'POST', url: '/api/stock/counts', token: admin, payload: { items: [{ productId: id, counted: 1, shown: -1 }] } });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.applied).toEqual([{ productId: id, name: 'Recuento con ventas', shown: -1, counted: 1, delta: 2, stock: -2, movedMeanwhile: -3 }]);
    expect(await stockOf(id)).toBe(-2);
    expect(await s.app.store.read((q) => ledgerStock(q, id))).toBe(-2);
    const sales = (await sqlGet(s.app, "SELECT count(*) AS n, sum(delta) AS d FROM stock_movements WHERE product_id = ? AND reason = 'sale'", id)) as { n: number; d: number };
    expect([Number(sales.n), Number(sales.d)]).toEqual([2, -6]);
  });

  it('a single "Recuento" adjustment is relative to the stock its dialog showed', async () => {
    const id = await create('Ajuste recuento', 10);
    await s.call({ method: 'POST', url: '/api/sales', token: admin, payload: { items: [{ productId: id, quantity: 4 }], paymentMethod: 'efectivo' } });
    // The dialog showed 10, the shelf had 9 (one lost); 4 were sold after the count: 9 − 4 = 5.
    expect((await adjust(id, { reason: 'count', quantity: 9, shown: 10 })).body.data).toEqual({ stock: 5, delta: -1 });
    expect(await stockOf(id)).toBe(5);
  });
});
