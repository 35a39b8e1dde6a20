/**
 * Bad input never reaches ARCA: a sale not pagado, a missing or malformed document, a CUIT with a wrong
 * check digit, an illegal letter, an unidentified buyer at or above the threshold → a Spanish 4xx and
 * the simulator sees no WSFEv1 call. Not configured → status configured:false and a Spanish 409.
 */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../helpers/server';
import { arcaApp, BUYER_CUIT, BUYER_CUIT_BAD, generate, ISSUER_CUIT, paidSale } from './harness';

describe('bad input (Responsable Inscripto)', async () => {
  const wsfeCalls = () => setup.sim.counters.caeRequests + setup.sim.counters.lastAuthorized + setup.sim.counters.consults;
  const { s, admin: token, setup } = await arcaApp('responsable_inscripto');

  it('answers a Spanish 4xx and sends nothing to ARCA', async () => {
    const callsBefore = wsfeCalls();
    const saleId = await paidSale(s, token, [{ price: 100, quantity: 1 }]);
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ tipo_comprobante: 6, documento_tipo: 96, documento_nro: 0 }, 400, /documento es obligatorio/],
      [{ tipo_comprobante: 6, documento_tipo: 96, documento_nro: '12.345.678' }, 400, /documento_nro.*sin puntos ni guiones/],
      [{ tipo_comprobante: 6, documento_tipo: 96, documento_nro: 123 }, 400, /DNI debe tener 7 u 8 dígitos/],
      [{ tipo_comprobante: 1, documento_tipo: 80, documento_nro: BUYER_CUIT_BAD, condicion_iva_receptor: 1 }, 400, /CUIT no es válido \(dígito verificador incorrecto\)/],
      [{ tipo_comprobante: 1, documento_tipo: 80, documento_nro: '3071234567', condicion_iva_receptor: 1 }, 400, /CUIT debe tener 11 dígitos/],
      [{ tipo_comprobante: 11 }, 400, /Responsable Inscripto emite Factura A o B/],
      [{ tipo_comprobante: 6, documento_tipo: 80, documento_nro: BUYER_CUIT, condicion_iva_receptor: 1 }, 400, /corresponde Factura A/],
      [{ tipo_comprobante: 1, documento_tipo: 99, condicion_iva_receptor: 5 }, 400, /corresponde Factura B/],
      [{ tipo_comprobante: 1, documento_tipo: 99, condicion_iva_receptor: 1 }, 400, /identificar al comprador con su CUIT/],
      [{ tipo_comprobante: 7 }, 400, /tipo_comprobante.*Factura A/],
      [{ documento_tipo: 55 }, 400, /documento_tipo.*no es un tipo de documento válido/],
    ];
    for (const [payload, status, message] of cases) {
      const res = await generate(s, token, saleId, payload);
      expect(res.status, JSON.stringify(payload)).toBe(status);
      expect(res.body.success).toBe(false);
      expect(res.body.message, JSON.stringify(payload)).toMatch(message);
    }
    expect(wsfeCalls()).toBe(callsBefore);
    expect((await generate(s, token, 999_999, { tipo_comprobante: 6 })).status).toBe(404);
  });

  it('a sale not pagado gets the spec’s warning', async () => {
    const callsBefore = wsfeCalls();
    const saleId = await paidSale(s, token, [{ price: 100, quantity: 1 }]);
    expect((await s.call({ method: 'POST', url: `/api/sales/${saleId}/cancel`, token })).status).toBe(200);
    const res = await generate(s, token, saleId, { tipo_comprobante: 6 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Solo se pueden facturar ventas en estado "pagado"');
    expect(wsfeCalls()).toBe(callsBefore);
  });

  it('an unidentified buyer at the threshold is refused; identified, the same sale is invoiced', async () => {
    const callsBefore = wsfeCalls();
    const saved = await s.call({
      method: 'PUT',
      url: '/api/invoices/settings',
      token,
      payload: { cuit: ISSUER_CUIT, taxCondition: 'responsable_inscripto', ptoVta: 4, environment: 'homologacion', identificationThreshold: 5000, startOfActivities: '2020-01-01', iibb: '901-123456-7' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ identificationThreshold: 5000, lockedByEnv: ['cuit', 'taxCondition', 'ptoVta', 'environment', 'credentials'] });
    const saleId = await paidSale(s, token, [{ price: 5000, quantity: 1 }]);
    const res = await generate(s, token, saleId, { tipo_comprobante: 6 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Para operaciones desde $ 5.000,00 hay que identificar al comprador (CUIT, CUIL o DNI)');
    expect(wsfeCalls()).toBe(callsBefore);
    const ok = await generate(s, token, saleId, { tipo_comprobante: 6, documento_tipo: 96, documento_nro: '30123456', condicion_iva_receptor: 5, receptor_nombre: 'Ana Gómez', receptor_domicilio: 'Mitre 55' });
    expect(ok.status).toBe(201);
  });

  it('the business info validates the issuer CUIT check digit; the settings never return the key', async () => {
    const bad = await s.call({ method: 'PUT', url: '/api/business-info', token, payload: { businessName: 'Kiosco', cuit: '20-11111111-3', taxCondition: 'monotributo' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/cuit.*dígito verificador incorrecto/i);
    const got = await s.call({ method: 'GET', url: '/api/invoices/settings', token });
    expect(JSON.stringify(got.body)).not.toMatch(/PRIVATE KEY|BEGIN CERTIFICATE/);
    expect(got.body.data.certificate.subject).toMatch(/CUIT 20111111112/);
    const test = await s.call({ method: 'POST', url: '/api/invoices/settings/test', token });
    expect(test.body.data).toMatchObject({ ok: true, login: true, appServer: 'OK' });
    expect(test.body.message).toBe('Conexión correcta con ARCA (homologación)');
  });
});

describe('not configured', async () => {
  const { s } = await buildApp();

  it('status says configured:false; generating answers a Spanish 409', async () => {
    const token = await s.login();
    const status = await s.call({ method: 'GET', url: '/api/invoices/status', token });
    expect(status.body.data).toMatchObject({ configured: false, simulator: false });
    expect(status.body.data.message).toMatch(/no está configurada.*CUIT/);
    const saleId = await paidSale(s, token, [{ price: 1, quantity: 1 }]);
    const res = await generate(s, token, saleId);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/La facturación electrónica no está configurada/);
    expect((await s.call({ method: 'GET', url: '/api/invoices/status' })).status).toBe(401);
  });
});
