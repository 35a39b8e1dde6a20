/**
 * Issue #33.2/#33.3: the letter's requirements are checked before anything is sent to ARCA — a Factura A
 * without a buyer CUIT with a valid check digit, name, address or an IVA condition of class A, and an
 * invoice at or above the identification threshold without the buyer's document, name and address, are
 * refused with a Spanish 400 while the simulator receives no request at all — and an issued invoice keeps
 * its buyer as issued (a later edit never changes it; its credit note names the same buyer).
 * "Condición de venta" comes from the payment method.
 */
import { describe, expect, it } from 'vitest';
import { sqlRun } from '../../helpers/sql';
import { arcaApp, BUYER_A, BUYER_CUIT, BUYER_CUIT_BAD, generate, paidSale } from './harness';

describe('the buyer an invoice names (Responsable Inscripto)', async () => {
  const { s, admin: token, setup } = await arcaApp('responsable_inscripto');
  const A = { tipo_comprobante: 1, documento_tipo: 80, documento_nro: BUYER_CUIT, condicion_iva_receptor: 1, ...BUYER_A };
  /** Every request the simulator receives (WSAA and WSFEv1), from now on. */
  const watchRequests = () => {
    setup.sim.lastRequests.clear();
    const before = { ...setup.sim.counters };
    return () => ({ operations: [...setup.sim.lastRequests.keys()], caeRequests: setup.sim.counters.caeRequests - before.caeRequests, logins: setup.sim.counters.logins - before.logins });
  };

  it('refuses a Factura A without what it requires, in Spanish, and sends nothing to ARCA', async () => {
    const saleId = await paidSale(s, token, [{ price: 121, quantity: 1 }]);
    const sent = watchRequests();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...A, receptor_nombre: undefined }, /^Para emitir una Factura A falta el nombre o razón social del comprador$/],
      [{ ...A, receptor_nombre: '   ' }, /^Para emitir una Factura A falta el nombre o razón social del comprador$/],
      [{ ...A, receptor_domicilio: '' }, /^Para emitir una Factura A falta el domicilio del comprador$/],
      [{ ...A, documento_nro: BUYER_CUIT_BAD }, /CUIT no es válido \(dígito verificador incorrecto\)/],
      [{ ...A, documento_tipo: 96, documento_nro: '30123456' }, /identificar al comprador con su CUIT/],
      [{ ...A, condicion_iva_receptor: 5 }, /corresponde Factura B/],
      [{ ...A, condicion_iva_receptor: 4 }, /corresponde Factura B/],
    ];
    for (const [payload, message] of cases) {
      const res = await generate(s, token, saleId, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message, JSON.stringify(payload)).toMatch(message);
    }
    expect(sent()).toEqual({ operations: [], caeRequests: 0, logins: 0 });
    expect((await s.call({ method: 'GET', url: `/api/invoices/sale/${saleId}`, token })).body.data).toBeNull();
  });

  it('refuses a Factura B at the threshold without the buyer identified (document, name, address); nothing reaches ARCA', async () => {
    const threshold = await s.call({ method: 'PUT', url: '/api/invoices/settings', token, payload: { ptoVta: 4, environment: 'homologacion', identificationThreshold: 5000 } });
    expect(threshold.status).toBe(200);
    const saleId = await paidSale(s, token, [{ price: 5000, quantity: 1 }]);
    const sent = watchRequests();
    const B = { tipo_comprobante: 6, condicion_iva_receptor: 5 };
    const cases: [Record<string, unknown>, string][] = [
      [B, 'Para operaciones desde $ 5.000,00 hay que identificar al comprador (CUIT, CUIL o DNI)'],
      [{ ...B, documento_tipo: 96, documento_nro: '30123456' }, 'Para identificar al comprador desde el umbral falta el nombre o razón social del comprador'],
      [{ ...B, documento_tipo: 96, documento_nro: '30123456', receptor_nombre: 'Ana Gómez' }, 'Para identificar al comprador desde el umbral falta el domicilio del comprador'],
    ];
    for (const [payload, message] of cases) {
      const res = await generate(s, token, saleId, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(sent()).toEqual({ operations: [], caeRequests: 0, logins: 0 });
    // Identified, the same sale is invoiced and the B names its buyer.
    const ok = await generate(s, token, saleId, { ...B, documento_tipo: 96, documento_nro: '30123456', receptor_nombre: ' Ana  Gómez ', receptor_domicilio: 'Mitre 55, Rosario' });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ letter: 'B', docTipo: 96, docNro: '30123456', condicionIvaReceptor: 5, buyerName: 'Ana Gómez', buyerAddress: 'Mitre 55, Rosario' });
  });

  it('below the threshold a consumidor final needs nothing; the sale’s customer name is its buyer name', async () => {
    const items = [{ productId: await productId(), quantity: 1 }];
    const sale = await s.call({ method: 'POST', url: '/api/sales', token, payload: { items, paymentMethod: 'transferencia', customerName: 'Lucía' } });
    const res = await generate(s, token, sale.body.data.id, { tipo_comprobante: 6 });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ docTipo: 99, buyerName: 'Lucía', buyerAddress: null, saleCondition: 'Transferencia bancaria' });
  });

  it('an issued A keeps its buyer as issued: editing the sale’s customer changes nothing; the credit note names the same buyer', async () => {
    const items = [{ productId: await productId(), quantity: 1 }];
    const sale = await s.call({ method: 'POST', url: '/api/sales', token, payload: { items, paymentMethod: 'tarjeta', customerName: 'Otro nombre' } });
    const saleId = sale.body.data.id as number;
    const res = await generate(s, token, saleId, A);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ letter: 'A', docTipo: 80, docNro: BUYER_CUIT, condicionIvaReceptor: 1, buyerName: BUYER_A.receptor_nombre, buyerAddress: BUYER_A.receptor_domicilio, saleCondition: 'Tarjeta de débito/crédito' });
    // What ARCA received is the document and condition; the name and address are the printout's.
    expect(setup.sim.lastRequests.get('FECAESolicitar')).not.toContain('Distribuidora');
    await sqlRun(s.app, 'UPDATE sales SET customer_name = ? WHERE id = ?', 'Nombre editado', saleId);
    const again = await s.call({ method: 'GET', url: `/api/invoices/sale/${saleId}`, token });
    expect(again.body.data).toMatchObject({ buyerName: BUYER_A.receptor_nombre, buyerAddress: BUYER_A.receptor_domicilio });
    expect((await s.call({ method: 'POST', url: `/api/sales/${saleId}/cancel`, token })).status).toBe(200);
    const notes = await s.call({ method: 'GET', url: '/api/invoices/list?status=autorizada&limit=100', token });
    const note = notes.body.data.find((i: { saleId: number; letter: string; invoiceType: number }) => i.saleId === saleId && i.invoiceType === 3);
    expect(note).toMatchObject({ buyerName: BUYER_A.receptor_nombre, buyerAddress: BUYER_A.receptor_domicilio, docNro: BUYER_CUIT, condicionIvaReceptor: 1 });
  });

  async function productId(): Promise<number> {
    const res = await s.call({ method: 'POST', url: '/api/products', token, payload: { name: `Art ${Math.random().toString(36).slice(2, 8)}`, price: 121, stock: 10 } });
    return res.body.data.id as number;
  }
});
