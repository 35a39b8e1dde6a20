/**
 * "Devolución": a partial return restocks exactly the returned lines (ledger 'return' movements with a note),
 * takes the refunded amount off what counts as sold (dashboard summary from the rollups and from the raw
 * rows agree), and, when the sale was invoiced, issues a partial credit note of the original's letter for
 * those lines (amounts and IVA per aliquot). Returning more than is left → Spanish 400 and nothing written;
 * a repeated submission → the same return and one note.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { invoiceAmounts } from '../../../domain/invoicing/amounts';
import { localDateString } from '../../../domain/time';
import { stockOf } from '../../helpers/fixtures';
import { sqlAll, sqlRun, sqlValue } from '../../helpers/sql';
import { arcaApp, BUYER_A, BUYER_CUIT, generate, ISSUER_CUIT, paidSale, waitFor } from './harness';

describe('partial returns (Responsable Inscripto)', async () => {
  const { s, admin: token, setup } = await arcaApp('responsable_inscripto');

  const saleOf = async (id: number) => (await s.call({ method: 'GET', url: `/api/sales/${id}`, token })).body.data;
  const giveBack = (saleId: number, items: { saleItemId: number; quantity: number }[], extra: Record<string, unknown> = {}, as = token) =>
    s.call({ method: 'POST', url: `/api/sales/${saleId}/returns`, token: as, payload: { items, ...extra } });
  const count = async (table: string) => Number(await sqlValue(s.app, `select count(*) from ${table}`));
  const today = () => localDateString(new Date().toISOString(), s.config.timeZone);
  const summaries = async () => {
    const d = today();
    const rollups = (await s.call({ method: 'GET', url: `/api/sales/summary?startDate=${d}&endDate=${d}`, token })).body.data;
    const raw = (await s.call({ method: 'GET', url: `/api/sales/summary?startDate=${d}%2000:00:00&endDate=${d}%2023:59:59`, token })).body.data;
    const report = (await s.call({ method: 'GET', url: `/api/reports/sales?startDate=${d}&endDate=${d}`, token })).body.data;
    return { rollups, raw, report };
  };
  const topQty = (summary: { topProducts: { productId: number; totalQuantity: number }[] }, productId: number) =>
    summary.topProducts.find((p) => p.productId === productId)?.totalQuantity ?? 0;

  it('returns some lines of a Factura A: partial NC A for those lines, restock of only those lines, reports net of the return', async () => {
    const saleId = await paidSale(s, token, [{ price: 121, quantity: 3, ivaRate: 21 }, { price: 110.5, quantity: 2, ivaRate: 10.5 }, { price: 50, quantity: 1, ivaRate: 21 }], 10);
    const inv = await generate(s, token, saleId, { tipo_comprobante: 1, documento_tipo: 80, documento_nro: BUYER_CUIT, condicion_iva_receptor: 1, ...BUYER_A });
    expect(inv.status).toBe(201);
    const sale = await saleOf(saleId);
    const [l1, l2, l3] = sale.items;
    const stock = await Promise.all(sale.items.map((i: { productId: number }) => stockOf(s.app, i.productId)));
    const before = await summaries();

    const res = await giveBack(saleId, [{ saleItemId: l1.id, quantity: 1 }, { saleItemId: l2.id, quantity: 1 }], { reason: 'Cliente arrepentido', requestId: randomUUID() });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Devolución registrada. El stock fue devuelto y se emitió la nota de crédito.');
    const ret = res.body.data;
    // Gross 121 + 110,50 = 231,50 of a subtotal of 634; the refund is floor(624 × 231,50 / 634) = 227,84, so its discount share is 3,66.
    const expected = invoiceAmounts([{ grossCents: 12100, ivaRate: 21 }, { grossCents: 11050, ivaRate: 10.5 }], 366, 1);
    expect(ret.total).toBe(227.84);
    expect(expected.totalCents).toBe(22784);
    expect(ret.items.map((i: { saleItemId: number; quantity: number; amount: number }) => [i.saleItemId, i.quantity, i.amount])).toEqual([[l1.id, 1, 121], [l2.id, 1, 110.5]]);
    const note = ret.creditNote;
    expect(note).toMatchObject({ status: 'autorizada', invoiceType: 3, typeLabel: 'Nota de Crédito A', saleReturnId: ret.id, docNro: BUYER_CUIT, total: 227.84 });
    expect(note.associated).toEqual({ id: inv.body.data.id, typeLabel: 'Factura A', invoiceNumber: inv.body.data.invoiceNumber });
    expect(note.ivaBreakdown).toEqual(expected.alicuotas.map((a) => ({ id: a.id, rate: a.rate, base: a.baseCents / 100, amount: a.ivaCents / 100 })));
    const atArca = setup.sim.book(ISSUER_CUIT, 4, 3);
    expect(atArca).toHaveLength(1);
    expect(atArca[0].cae).toBe(note.cae);
    expect(atArca[0].detail.CbtesAsoc.CbteAsoc).toEqual([{ Tipo: '1', PtoVta: '4', Nro: String(inv.body.data.cbteNro) }]);
    expect(Number(atArca[0].detail.ImpTotal)).toBe(227.84);

    // Stock: exactly the returned quantities, only on those lines, each a 'return' movement with its note.
    const after = await Promise.all(sale.items.map((i: { productId: number }) => stockOf(s.app, i.productId)));
    expect(after.map((x: { stock: number }, i: number) => x.stock - stock[i].stock)).toEqual([1, 1, 0]);
    expect(after.map((x: { ledger: number }, i: number) => x.ledger - stock[i].ledger)).toEqual([1, 1, 0]);
    const moves = await sqlAll(s.app, "select product_id p, delta, note from stock_movements where reason = 'return' and sale_id = ? order by id", saleId);
    expect(moves).toEqual([
      { p: l1.productId, delta: 1, note: `Devolución de la venta ${sale.saleNumber}: Cliente arrepentido` },
      { p: l2.productId, delta: 1, note: `Devolución de la venta ${sale.saleNumber}: Cliente arrepentido` },
    ]);

    // What counts as sold: the refund is off the revenue, the returned units off the top products, on both summary paths.
    const now = await summaries();
    for (const path of ['rollups', 'raw'] as const) {
      expect(Math.round((before[path].totalRevenue - now[path].totalRevenue) * 100)).toBe(22784);
      expect(now[path].totalSales).toBe(before[path].totalSales);
      expect(topQty(before[path], l1.productId) - topQty(now[path], l1.productId)).toBe(1);
      expect(topQty(before[path], l3.productId) - topQty(now[path], l3.productId)).toBe(0);
    }
    expect(now.rollups).toEqual(now.raw);
    // The sales report too: the day's total and the product's units and revenue are net of the return.
    expect(Math.round((before.report.daily[0].total - now.report.daily[0].total) * 100)).toBe(22784);
    const margin = (r: typeof now.report, id: number) => r.marginByProduct.find((p: { productId: number }) => p.productId === id);
    expect(margin(before.report, l1.productId).quantity - margin(now.report, l1.productId).quantity).toBe(1);
    // The product's revenue carries its share of the discount (allocated to the lines): a bit less than the 121 returned.
    const lessRevenue = Math.round((margin(before.report, l1.productId).revenue - margin(now.report, l1.productId).revenue) * 100);
    expect(lessRevenue).toBeGreaterThan(12100 - 200);
    expect(lessRevenue).toBeLessThanOrEqual(12100);
    const itemsTotal = (r: typeof now.report) => r.marginByProduct.reduce((a: number, p: { revenue: number }) => a + Math.round(p.revenue * 100), 0);
    expect(itemsTotal(now.report)).toBe(Math.round(now.report.daily.reduce((a: number, d: { total: number }) => a + d.total, 0) * 100));
    const detail = await saleOf(saleId);
    expect(detail.returned).toBe(227.84);
    expect(detail.items.map((i: { returnedQuantity: number }) => i.returnedQuantity)).toEqual([1, 1, 0]);

    // Returning everything left refunds exactly what is left of the total; a full second NC for the rest.
    const rest = await giveBack(saleId, [{ saleItemId: l1.id, quantity: 2 }, { saleItemId: l2.id, quantity: 1 }, { saleItemId: l3.id, quantity: 1 }]);
    expect(rest.status).toBe(201);
    expect(Math.round((rest.body.data.total + ret.total) * 100)).toBe(Math.round(sale.total * 100));
    expect(rest.body.data.creditNote.status).toBe('autorizada');
    expect(setup.sim.book(ISSUER_CUIT, 4, 3)).toHaveLength(2);
    const listed = (await s.call({ method: 'GET', url: `/api/sales/${saleId}/returns`, token })).body.data;
    expect(listed.returns.map((r: { id: number }) => r.id)).toEqual([ret.id, rest.body.data.id]);
    expect(listed.cancellationNote).toBeNull();
    // Nothing left to return, and a sale with returns is not cancelled.
    const more = await giveBack(saleId, [{ saleItemId: l3.id, quantity: 1 }]);
    expect(more.status).toBe(400);
    const cancel = await s.call({ method: 'POST', url: `/api/sales/${saleId}/cancel`, token });
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toMatch(/^La venta tiene devoluciones/);
  });

  it('returning more than sold → Spanish 400 and nothing written', async () => {
    const saleId = await paidSale(s, token, [{ price: 100, quantity: 2 }]);
    expect((await generate(s, token, saleId, { tipo_comprobante: 6 })).status).toBe(201);
    const [line] = (await saleOf(saleId)).items;
    const tables = ['sale_returns', 'sale_return_items', 'invoices', 'stock_movements'];
    const before = await Promise.all(tables.map(count));
    const stock = await stockOf(s.app, line.productId);
    const res = await giveBack(saleId, [{ saleItemId: line.id, quantity: 3 }]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false });
    expect(res.body.message).toBe(`No se puede devolver más de lo vendido: de "${line.productName}" quedan 2 por devolver.`);
    const foreign = await giveBack(saleId, [{ saleItemId: 999999, quantity: 1 }]);
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('El artículo indicado no pertenece a esta venta');
    const empty = await giveBack(saleId, []);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/Elegí al menos un artículo a devolver/);
    const zero = await giveBack(saleId, [{ saleItemId: line.id, quantity: 0 }]);
    expect(zero.status).toBe(400);
    expect(await Promise.all(tables.map(count))).toEqual(before);
    expect(await stockOf(s.app, line.productId)).toEqual(stock);
    expect((await saleOf(saleId)).items[0].returnedQuantity).toBe(0);
  });

  it('bad input is a Spanish 400 (never a 5xx) and writes nothing; an unknown sale is a 404', async () => {
    const saleId = await paidSale(s, token, [{ price: 15, quantity: 2 }]);
    const [line] = (await saleOf(saleId)).items;
    const before = await Promise.all(['sale_returns', 'stock_movements'].map(count));
    const cases: [unknown, RegExp][] = [
      [{}, /artículos/],
      [{ items: 'todo' }, /lista de artículos/],
      [{ items: [{ saleItemId: line.id, quantity: 1.5 }] }, /La cantidad debe ser un número entero/],
      [{ items: [{ saleItemId: line.id, quantity: 'dos' }] }, /La cantidad debe ser un número/],
      [{ items: [{ saleItemId: line.id, quantity: -1 }] }, /La cantidad debe ser mayor que 0/],
      [{ items: [{ saleItemId: line.id, quantity: 1 }, { saleItemId: line.id, quantity: 1 }] }, /una sola vez/],
      [{ items: [{ saleItemId: line.id, quantity: 1 }], requestId: 'abc' }, /identificador válido/],
      [{ items: [{ saleItemId: line.id, quantity: 1 }], reason: 'x'.repeat(201) }, /./],
    ];
    for (const [payload, message] of cases) {
      const res = await s.call({ method: 'POST', url: `/api/sales/${saleId}/returns`, token, payload: payload as Record<string, unknown> });
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(message);
    }
    expect(await Promise.all(['sale_returns', 'stock_movements'].map(count))).toEqual(before);
    const unknown = await giveBack(999999, [{ saleItemId: line.id, quantity: 1 }]);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Venta no encontrada');
    expect((await s.call({ method: 'GET', url: '/api/sales/999999/returns', token })).status).toBe(404);
  });

  it('a repeated submission (same requestId) answers the same return: one restock, one NC', async () => {
    const saleId = await paidSale(s, token, [{ price: 30, quantity: 4 }]);
    expect((await generate(s, token, saleId, { tipo_comprobante: 6 })).status).toBe(201);
    const [line] = (await saleOf(saleId)).items;
    const stock = (await stockOf(s.app, line.productId)).stock;
    const ncBefore = setup.sim.book(ISSUER_CUIT, 4, 8).length;
    const requestId = randomUUID();
    const replies = await Promise.all([1, 2, 3].map(() => giveBack(saleId, [{ saleItemId: line.id, quantity: 1 }], { requestId })));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(replies.map((r) => r.body.data.id)).size).toBe(1);
    expect((await stockOf(s.app, line.productId)).stock).toBe(stock + 1);
    await waitFor(() => setup.sim.book(ISSUER_CUIT, 4, 8).length === ncBefore + 1);
    const otherSale = await paidSale(s, token, [{ price: 30, quantity: 1 }]);
    const misuse = await giveBack(otherSale, [{ saleItemId: (await saleOf(otherSale)).items[0].id, quantity: 1 }], { requestId });
    expect(misuse.status).toBe(409);
    expect(setup.sim.book(ISSUER_CUIT, 4, 8)).toHaveLength(ncBefore + 1);
  });

  it('ARCA down at the return: restocked now, the partial NC pending and visible, then issued once', async () => {
    const saleId = await paidSale(s, token, [{ price: 70, quantity: 2 }]);
    const inv = (await generate(s, token, saleId, { tipo_comprobante: 6 })).body.data;
    const [line] = (await saleOf(saleId)).items;
    const stock = (await stockOf(s.app, line.productId)).stock;
    setup.sim.faults.http500Rate = 1;
    let ret;
    try {
      const res = await giveBack(saleId, [{ saleItemId: line.id, quantity: 1 }]);
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Devolución registrada. El stock fue devuelto; la nota de crédito quedó pendiente y se emitirá cuando ARCA responda.');
      ret = res.body.data;
      expect(ret.creditNote).toMatchObject({ status: 'pendiente', total: 70 });
      expect((await stockOf(s.app, line.productId)).stock).toBe(stock + 1);
    } finally {
      setup.sim.faults.http500Rate = 0;
    }
    let note = ret.creditNote;
    await waitFor(async () => {
      note = (await s.call({ method: 'GET', url: `/api/sales/${saleId}/returns`, token })).body.data.returns[0].creditNote;
      return note.status === 'autorizada';
    });
    const atArca = setup.sim.book(ISSUER_CUIT, 4, 8).filter((e) => Number(e.detail.CbtesAsoc.CbteAsoc[0].Nro) === inv.cbteNro);
    expect(atArca).toHaveLength(1);
    expect(atArca[0].cae).toBe(note.cae);
  });

  it('invoices what remains after partial returns (lines net of the returned units, the discount left on them); nothing left or a refunded payment → 409', async () => {
    // 3 × 121 (21 %) + 2 × 110.5 (10.5 %) + 1 × 50 (21 %) = 634, discount 34 → total 600.
    const saleId = await paidSale(s, token, [{ price: 121, quantity: 3, ivaRate: 21 }, { price: 110.5, quantity: 2, ivaRate: 10.5 }, { price: 50, quantity: 1, ivaRate: 21 }], 34);
    const [l1, l2, l3] = (await saleOf(saleId)).items;
    expect((await giveBack(saleId, [{ saleItemId: l1.id, quantity: 1 }, { saleItemId: l3.id, quantity: 1 }])).status).toBe(201);
    const sale = await saleOf(saleId);
    const remainingTotal = Math.round((sale.total - sale.returned) * 100);
    const inv = await generate(s, token, saleId, { tipo_comprobante: 1, documento_tipo: 80, documento_nro: BUYER_CUIT, condicion_iva_receptor: 1, ...BUYER_A });
    expect(inv.status, inv.body.message).toBe(201);
    expect(Math.round(inv.body.data.total * 100)).toBe(remainingTotal);
    // The same amounts as invoicing the remaining lines (2 × 121 and 2 × 110.5) with the discount left on them.
    const gross = [242_00, 221_00];
    const expected = invoiceAmounts([{ grossCents: gross[0], ivaRate: 21 }, { grossCents: gross[1], ivaRate: 10.5 }], gross[0] + gross[1] - remainingTotal, 1);
    expect(Math.round(inv.body.data.total * 100)).toBe(expected.totalCents);
    const atArca = setup.sim.book(ISSUER_CUIT, 4, 1).find((e) => Number(e.detail.CbteDesde) === inv.body.data.cbteNro)!;
    expect(Math.round(Number(atArca.detail.ImpTotal) * 100)).toBe(remainingTotal);
    expect(Math.round(Number(atArca.detail.ImpNeto) * 100)).toBe(expected.netCents);
    expect(Math.round(Number(atArca.detail.ImpIVA) * 100)).toBe(expected.ivaCents);
    void l2;

    // Everything given back: nothing to invoice.
    const all = await paidSale(s, token, [{ price: 20, quantity: 1 }]);
    expect((await giveBack(all, [{ saleItemId: (await saleOf(all)).items[0].id, quantity: 1 }])).status).toBe(201);
    const none = await generate(s, token, all, { tipo_comprobante: 6 });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('Se devolvió todo lo vendido: no queda nada que facturar');

    // Mercado Pago refunded the payment: not invoiced.
    const refunded = await paidSale(s, token, [{ price: 30, quantity: 1 }]);
    await sqlRun(s.app, 'UPDATE sales SET refunded_at = ? WHERE id = ?', new Date().toISOString(), refunded);
    const refused = await generate(s, token, refunded, { tipo_comprobante: 6 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Mercado Pago reembolsó el pago de esta venta: no se puede facturar');
    expect((await saleOf(refunded)).flags).toContain('refunded');
  });

  // Sellers' returns within the owner's rules: tests/server/seller-returns.test.ts.
  it('a sale without invoice: return with no NC; a cancelled sale takes no returns', async () => {
    const saleId = await paidSale(s, token, [{ price: 10, quantity: 2 }]);
    const [line] = (await saleOf(saleId)).items;
    const res = await giveBack(saleId, [{ saleItemId: line.id, quantity: 1 }]);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Devolución registrada. El stock fue devuelto.');
    expect(res.body.data.creditNote).toBeNull();
    // Invoiced afterwards: what remains (one unit), never the units given back.
    const inv = await generate(s, token, saleId, { tipo_comprobante: 6 });
    expect(inv.status, inv.body.message).toBe(201);
    expect(inv.body.data.total).toBe(10);

    const other = await paidSale(s, token, [{ price: 10, quantity: 1 }]);
    expect((await s.call({ method: 'POST', url: `/api/sales/${other}/cancel`, token })).status).toBe(200);
    const late = await giveBack(other, [{ saleItemId: (await saleOf(other)).items[0].id, quantity: 1 }]);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('La venta está cancelada: no admite devoluciones');
  });
});
