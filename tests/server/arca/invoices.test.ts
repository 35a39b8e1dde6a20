/** A, B and C invoices against the ARCA simulator through the real routes; the spec's calls and messages. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoices } from '../../../server/db/schema';
import { parseQrUrl } from '../../../domain/invoicing/format';
import { arcaApp, BUYER_A, BUYER_CUIT, generate, ISSUER_CUIT, paidSale } from './harness';
import { sqlValue } from '../../helpers/sql';

describe('Factura C (Monotributo)', async () => {
  const { s, admin: token, setup } = await arcaApp('monotributo');

  it('status says configured, not the simulator, homologación, and C only', async () => {
    const res = await s.call({ method: 'GET', url: '/api/invoices/status', token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ configured: true, simulator: false, environment: 'homologacion', cuit: ISSUER_CUIT, ptoVta: 4, allowedTypes: [11] });
    const tipos = await s.call({ method: 'GET', url: '/api/invoices/tipos-comprobante', token });
    expect(tipos.body.data).toEqual({ '11': 'Factura C' });
    const docs = await s.call({ method: 'GET', url: '/api/invoices/tipos-documento', token });
    expect(docs.body.data).toMatchObject({ '80': 'CUIT', '96': 'DNI', '99': 'Consumidor Final' });
  });

  it('issues a C with the spec defaults; the CAE is the simulator’s; asking again returns the same invoice', async () => {
    const saleId = await paidSale(s, token, [{ price: 1234.56, quantity: 2 }], 100);
    // Numbered after the Facturas C the file's other tests issued (none when it runs alone).
    const n = setup.sim.book(ISSUER_CUIT, 4, 11).length + 1;
    const granted = setup.sim.counters.granted;
    const res = await generate(s, token, saleId);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Factura generada exitosamente');
    const inv = res.body.data;
    expect(inv).toMatchObject({ status: 'autorizada', invoice_type: 11, letter: 'C', ptoVta: 4, cbteNro: n, invoice_number: `00004-${String(n).padStart(8, '0')}`, docTipo: 99, docNro: '0', total: 2369.12, iva: 0, ivaBreakdown: [] });
    const entry = setup.sim.book(ISSUER_CUIT, 4, 11)[n - 1];
    expect(inv.cae).toBe(entry.cae);
    expect(entry.detail.Iva).toBeUndefined();
    expect(entry.detail.CondicionIVAReceptorId).toBe('5');
    expect(parseQrUrl(inv.qrUrl)).toEqual({
      ver: 1, fecha: inv.date, cuit: Number(ISSUER_CUIT), ptoVta: 4, tipoCmp: 11, nroCmp: n, importe: 2369.12, moneda: 'PES', ctz: 1, tipoDocRec: 99, nroDocRec: 0, tipoCodAut: 'E', codAut: Number(entry.cae),
    });
    const again = await generate(s, token, saleId);
    expect(again.status).toBe(200);
    expect(again.body.data.cae).toBe(inv.cae);
    expect(setup.sim.counters.granted - granted).toBe(1);
    const bySale = await s.call({ method: 'GET', url: `/api/invoices/sale/${saleId}`, token });
    expect(bySale.body.data.cae).toBe(inv.cae);
  });

  it('a seller can invoice; list pages 1-based with the spec pagination', async () => {
    const seller = await s.sellerToken();
    // Counted from what the file's earlier tests left (this test also runs alone).
    const before = (await s.call({ method: 'GET', url: '/api/invoices/list?limit=10', token: seller })).body.pagination.total as number;
    let last = '';
    for (let i = 0; i < 3; i++) {
      const saleId = await paidSale(s, token, [{ price: 10 + i, quantity: 1 }]);
      const issued = await generate(s, seller, saleId, { tipo_comprobante: 11, documento_tipo: 96, documento_nro: 30123456, condicion_iva_receptor: 5 });
      expect(issued.status).toBe(201);
      last = issued.body.data.invoice_number;
    }
    const total = before + 3;
    const page = await s.call({ method: 'GET', url: '/api/invoices/list?page=2&limit=10', token: seller });
    expect(page.status).toBe(200);
    expect(page.body.pagination).toMatchObject({ total, page: 2, limit: 10, totalPages: Math.ceil(total / 10) });
    const first = await s.call({ method: 'GET', url: '/api/invoices/list?limit=10', token: seller });
    expect(first.body.data).toHaveLength(Math.min(total, 10));
    expect(last).toMatch(/^00004-\d{8}$/);
    expect(first.body.data[0]).toMatchObject({ invoiceType: 11, invoiceNumber: last, docTipo: 96, user: { username: expect.stringMatching(/^vendedor/) } });
    expect((await s.call({ method: 'GET', url: '/api/invoices/list?limit=15', token })).status).toBe(400);
    expect((await s.call({ method: 'GET', url: '/api/invoices/settings', token: seller })).status).toBe(403);
  });

  it('an ARCA rejection keeps the invoice as fallida with the reason and frees the number; asking again issues it', async () => {
    const saleId = await paidSale(s, token, [{ price: 77, quantity: 1 }]);
    setup.sim.issuers[ISSUER_CUIT] = 'responsable_inscripto';
    const res = await generate(s, token, saleId);
    setup.sim.issuers[ISSUER_CUIT] = 'monotributo';
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/^ARCA rechazó el comprobante: 10002 /);
    expect(res.body.data).toMatchObject({ status: 'fallida', cae: null, invoice_number: '' });
    const pending = await s.call({ method: 'GET', url: '/api/invoices/pending', token });
    expect(pending.body.data.map((i: { saleId: number; status: string }) => [i.saleId, i.status])).toEqual([[saleId, 'fallida']]);
    const again = await generate(s, token, saleId);
    expect(again.status).toBe(201);
    expect(again.body.data).toMatchObject({ status: 'autorizada', cbteNro: setup.sim.book(ISSUER_CUIT, 4, 11).length, failureReason: null });
    expect((await s.call({ method: 'GET', url: '/api/invoices/status', token })).body.data).toMatchObject({ pendingCount: 0, failedCount: 0 });
  });

  it('the same sale invoiced by three requests at once (double click): one invoice, one CAE, every reply shows it', async () => {
    const saleId = await paidSale(s, token, [{ price: 55, quantity: 1 }]);
    const granted = setup.sim.counters.granted;
    const replies = await Promise.all([1, 2, 3].map(() => generate(s, token, saleId)));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    const caes = new Set(replies.map((r) => r.body.data.cae as string));
    expect(caes.size).toBe(1);
    expect(setup.sim.counters.granted - granted).toBe(1);
    const rows = (await s.app.store.read((q) => q.select().from(invoices).where(eq(invoices.saleId, saleId))));
    expect(rows).toHaveLength(1);
    expect(rows[0].cae).toBe([...caes][0]);
  });
});

describe('Factura A and B (Responsable Inscripto)', async () => {
  const { s, admin: token, setup } = await arcaApp('responsable_inscripto');

  it('B to a consumidor final breaks the IVA down per rate, exact to the cent', async () => {
    const saleId = await paidSale(s, token, [{ price: 100, quantity: 3, ivaRate: 21 }, { price: 55.55, quantity: 1, ivaRate: 10.5 }, { price: 10, quantity: 1, ivaRate: 0 }], 7.77);
    const res = await generate(s, token, saleId, { tipo_comprobante: 6 });
    expect(res.status).toBe(201);
    const inv = res.body.data;
    expect(inv).toMatchObject({ letter: 'B', status: 'autorizada', total: 357.78 });
    expect(Math.round((inv.net + inv.iva) * 100)).toBe(35778);
    expect(inv.ivaBreakdown.map((x: { id: number }) => x.id)).toEqual([3, 4, 5]);
    const entry = setup.sim.book(ISSUER_CUIT, 4, 6).find((e) => e.cae === inv.cae)!;
    expect(entry.detail.Iva.AlicIva).toHaveLength(3);
  });

  it('the IVA rate is the one the product had when it was sold', async () => {
    const saleId = await paidSale(s, token, [{ price: 110.5, quantity: 1, ivaRate: 10.5 }]);
    const productId = (await sqlValue(s.app, 'select product_id from sale_items where sale_id = ?', saleId)) as number;
    expect((await s.call({ method: 'PUT', url: `/api/products/${productId}`, token, payload: { ivaRate: 21 } })).body.data.ivaRate).toBe(21);
    const res = await generate(s, token, saleId, { tipo_comprobante: 6 });
    expect(res.body.data.ivaBreakdown).toEqual([{ id: 4, rate: 10.5, base: 100, amount: 10.5 }]);
  });

  it('A to a Responsable Inscripto with its CUIT; A to a monotributista carries observation 10217', async () => {
    const saleId = await paidSale(s, token, [{ price: 121, quantity: 1 }]);
    const res = await generate(s, token, saleId, { tipo_comprobante: 1, documento_tipo: 80, documento_nro: BUYER_CUIT, condicion_iva_receptor: 1, ...BUYER_A });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ letter: 'A', net: 100, iva: 21, ivaBreakdown: [{ id: 5, rate: 21, base: 100, amount: 21 }], observations: [] });
    const mono = await paidSale(s, token, [{ price: 50, quantity: 1 }]);
    const res2 = await generate(s, token, mono, { tipo_comprobante: 1, documento_tipo: 80, documento_nro: BUYER_CUIT, condicion_iva_receptor: 6, ...BUYER_A });
    expect(res2.status).toBe(201);
    expect(res2.body.data.observations.map((o: { code: number }) => o.code)).toEqual([10217]);
  });
});
