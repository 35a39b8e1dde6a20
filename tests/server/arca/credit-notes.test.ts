/**
 * Cancelling an invoiced sale issues exactly one credit note linked to the original (same letter,
 * CbtesAsoc), after the cancellation and its stock return are recorded: ARCA down → the note is pending
 * and visible, then issued once by the retry loop; a lost reply → still one note; concurrent cancels → one.
 * A sale whose invoice is still pending at ARCA is not cancelled.
 */
import { describe, expect, it } from 'vitest';
import { stockOf } from '../../helpers/fixtures';
import { arcaApp, generate, ISSUER_CUIT, paidSale, waitFor } from './harness';
import { sqlValue } from '../../helpers/sql';

describe('credit notes of cancelled sales (Responsable Inscripto)', async () => {
  const { s, admin: token, setup } = await arcaApp('responsable_inscripto');

  /** A paid sale invoiced with Factura B; returns the sale id, the invoice and the sale's product ids. */
  async function invoicedSale(price = 121, quantity = 2) {
    const saleId = await paidSale(s, token, [{ price, quantity }]);
    const inv = await generate(s, token, saleId, { tipo_comprobante: 6 });
    expect(inv.status).toBe(201);
    const sale = (await s.call({ method: 'GET', url: `/api/sales/${saleId}`, token })).body.data;
    return { saleId, invoice: inv.body.data, productId: sale.items[0].productId as number };
  }
  const cancel = (saleId: number) => s.call({ method: 'POST', url: `/api/sales/${saleId}/cancel`, token });
  const notesOf = async (saleId: number) => (await s.call({ method: 'GET', url: `/api/sales/${saleId}/returns`, token })).body.data;
  /** The simulator's NC B entries associated with Factura B n° `nro`. */
  const ncAtArca = (nro: number) =>
    setup.sim.book(ISSUER_CUIT, 4, 8).filter((e) => e.detail.CbtesAsoc?.CbteAsoc?.some((a: { Tipo: string; Nro: string }) => Number(a.Tipo) === 6 && Number(a.Nro) === nro));

  it('cancelling an invoiced sale gives exactly one NC B, linked to the original, for the full amounts; the stock is back', async () => {
    const { saleId, invoice, productId } = await invoicedSale(121, 2);
    const before = await stockOf(s.app, productId);
    const res = await cancel(saleId);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Venta cancelada. El stock fue devuelto y se emitió la nota de crédito.');
    expect(res.body.data.paymentStatus).toBe('cancelado');
    expect(await stockOf(s.app, productId)).toEqual({ stock: before.stock + 2, ledger: before.ledger + 2 });
    const { cancellationNote: note } = await notesOf(saleId);
    expect(note).toMatchObject({ status: 'autorizada', invoiceType: 8, letter: 'B', typeLabel: 'Nota de Crédito B', total: 242, net: invoice.net, iva: invoice.iva, saleReturnId: null });
    expect(note.associated).toEqual({ id: invoice.id, typeLabel: 'Factura B', invoiceNumber: invoice.invoiceNumber });
    const atArca = ncAtArca(invoice.cbteNro);
    expect(atArca).toHaveLength(1);
    expect(atArca[0].cae).toBe(note.cae);
    expect(Number(atArca[0].detail.ImpTotal)).toBe(242);
    // The sale's invoice is still the invoice; a second cancel is refused and issues nothing.
    expect((await s.call({ method: 'GET', url: `/api/invoices/sale/${saleId}`, token })).body.data.id).toBe(invoice.id);
    const again = await cancel(saleId);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('La venta ya está cancelada');
    expect(ncAtArca(invoice.cbteNro)).toHaveLength(1);
    expect((await stockOf(s.app, productId)).stock).toBe(before.stock + 2);
  });

  it('concurrent cancellations (double click) record one cancellation and one NC', async () => {
    const { saleId, invoice, productId } = await invoicedSale(50, 1);
    const before = (await stockOf(s.app, productId)).stock;
    const replies = await Promise.all([cancel(saleId), cancel(saleId), cancel(saleId)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(ncAtArca(invoice.cbteNro)).toHaveLength(1);
    expect((await stockOf(s.app, productId)).stock).toBe(before + 1);
    const rows = (await sqlValue(s.app, 'select count(*) from invoices where associated_invoice_id = ?', invoice.id));
    expect(rows).toBe(1);
  });

  it('ARCA down at cancel: the cancellation is recorded, the NC stays pending and visible, then is issued once', async () => {
    const { saleId, invoice, productId } = await invoicedSale(300, 1);
    const before = (await stockOf(s.app, productId)).stock;
    setup.sim.faults.http500Rate = 1;
    try {
      const res = await cancel(saleId);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Venta cancelada. El stock fue devuelto; la nota de crédito quedó pendiente y se emitirá cuando ARCA responda.');
      expect(res.body.data.paymentStatus).toBe('cancelado');
      expect((await stockOf(s.app, productId)).stock).toBe(before + 1);
      const { cancellationNote: note } = await notesOf(saleId);
      expect(note).toMatchObject({ status: 'pendiente', cae: null, typeLabel: 'Nota de Crédito B' });
      expect(note.failureReason).toMatch(/Server was unable to process request/);
      const pending = (await s.call({ method: 'GET', url: '/api/invoices/pending', token })).body.data;
      expect(pending.some((i: { id: number }) => i.id === note.id)).toBe(true);
      expect(ncAtArca(invoice.cbteNro)).toHaveLength(0);
    } finally {
      setup.sim.faults.http500Rate = 0;
    }
    let note = (await notesOf(saleId)).cancellationNote;
    await waitFor(async () => {
      note = (await notesOf(saleId)).cancellationNote;
      return note.status === 'autorizada';
    });
    const atArca = ncAtArca(invoice.cbteNro);
    expect(atArca).toHaveLength(1);
    expect(atArca[0].cae).toBe(note.cae);
  });

  it('a reply lost after ARCA granted the NC: the note is adopted by consulting, still one NC', async () => {
    const { saleId, invoice } = await invoicedSale(80, 1);
    const lostBefore = setup.sim.counters.lostReplies;
    setup.sim.faults.lostReplyRate = 1;
    let res;
    try {
      res = await cancel(saleId);
    } finally {
      setup.sim.faults.lostReplyRate = 0;
    }
    expect(res.status).toBe(200);
    expect(setup.sim.counters.lostReplies).toBeGreaterThan(lostBefore);
    let note = (await notesOf(saleId)).cancellationNote;
    await waitFor(async () => {
      note = (await notesOf(saleId)).cancellationNote;
      return note.status === 'autorizada';
    });
    const atArca = ncAtArca(invoice.cbteNro);
    expect(atArca).toHaveLength(1);
    expect(atArca[0].cae).toBe(note.cae);
  });

  it('a sale whose invoice is still pending at ARCA is not cancelled; a sale without invoice is cancelled with no NC', async () => {
    const saleId = await paidSale(s, token, [{ price: 40, quantity: 1 }]);
    setup.sim.faults.err501Count = 1000;
    try {
      expect((await generate(s, token, saleId, { tipo_comprobante: 6 })).status).toBe(503);
      const res = await cancel(saleId);
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/^La factura de esta venta todavía está pendiente en ARCA/);
      expect((await s.call({ method: 'GET', url: `/api/sales/${saleId}`, token })).body.data.paymentStatus).toBe('pagado');
    } finally {
      setup.sim.faults.err501Count = 0;
    }
    const plain = await paidSale(s, token, [{ price: 40, quantity: 1 }]);
    const res = await cancel(plain);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Venta cancelada correctamente. El stock fue devuelto.');
    expect((await notesOf(plain)).cancellationNote).toBeNull();
  });
});

describe('a failed invoice is not credited', async () => {
  // ARCA's consumidor-final threshold below the server's: every unidentified invoice is rejected (10015).
  const { s, admin: token, setup } = await arcaApp('monotributo', { thresholdCents: 100 });

  it('cancelling a sale whose invoice ARCA rejected issues no NC, and that invoice is not retried afterwards', async () => {
    const saleId = await paidSale(s, token, [{ price: 10, quantity: 1 }]);
    const inv = await generate(s, token, saleId);
    expect(inv.status).toBe(422);
    expect(inv.body.data.status).toBe('fallida');
    const res = await s.call({ method: 'POST', url: `/api/sales/${saleId}/cancel`, token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Venta cancelada correctamente. El stock fue devuelto.');
    expect((await s.call({ method: 'GET', url: `/api/sales/${saleId}/returns`, token })).body.data.cancellationNote).toBeNull();
    const retry = await s.call({ method: 'POST', url: `/api/invoices/${inv.body.data.id}/retry`, token });
    expect(retry.status).toBe(409);
    expect(retry.body.message).toBe('La venta fue cancelada: su factura no se reintenta');
    expect(setup.sim.book(ISSUER_CUIT, 4, 11)).toHaveLength(0);
    expect(setup.sim.book(ISSUER_CUIT, 4, 13)).toHaveLength(0);
  });
});
