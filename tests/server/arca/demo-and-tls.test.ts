/**
 * Demo mode: no credentials anywhere and demo data on → the server starts the ARCA simulator
 * in-process and invoices against it, and says so ("Simulador ARCA — sin validez fiscal").
 * TLS: the legacy (SECLEVEL=1) agent is used for ARCA's production hosts and nowhere else.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentFor, legacyTlsAgent } from '../../../server/integrations/arca/http';
import { buildApp } from '../../helpers/server';
import { generate, paidSale } from './harness';

describe('demo mode against the in-process simulator', async () => {
  const { s } = await buildApp({ env: { DEMO_DATA: 'true' } });

  it('status says simulator; a sale is invoiced with a CAE; the key file is 0600', async () => {
    const token = await s.login();
    const status = await s.call({ method: 'GET', url: '/api/invoices/status', token });
    expect(status.body.data).toMatchObject({ configured: true, simulator: true, message: 'Simulador ARCA — sin validez fiscal', allowedTypes: [11] });
    const saleId = await paidSale(s, token, [{ price: 1500, quantity: 1 }]);
    const res = await generate(s, token, saleId);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'autorizada', simulator: true, cae: expect.stringMatching(/^\d{14}$/) });
    const key = path.join(s.config.dataDir, 'arca-simulator', 'key.pem');
    expect(existsSync(key)).toBe(true);
    expect(statSync(key).mode & 0o777).toBe(0o600);
    const test = await s.call({ method: 'POST', url: '/api/invoices/settings/test', token });
    expect(test.body.data.ok).toBe(true);
    expect(test.body.message).toBe('Conexión correcta con ARCA (simulador)');
  });

  it('the shop’s own data from the settings screen is used with the simulator until credentials arrive', async () => {
    // Its own server: the shop's data stays out of the other test's.
    const { s } = await buildApp({ env: { DEMO_DATA: 'true' } });
    const token = await s.login();
    const business = await s.call({ method: 'GET', url: '/api/business-info' });
    const { timeZone: _tz, ...info } = business.body.data;
    expect((await s.call({ method: 'PUT', url: '/api/business-info', token, payload: { ...info, cuit: '30712345671', taxCondition: 'responsable_inscripto' } })).status).toBe(200);
    const put = await s.call({ method: 'PUT', url: '/api/invoices/settings', token, payload: { ptoVta: 2, environment: 'homologacion' } });
    expect(put.body.data).toMatchObject({ simulator: true, configured: true, cuit: '30712345671' });
    const saleId = await paidSale(s, token, [{ price: 121, quantity: 1 }]);
    const res = await generate(s, token, saleId, { tipo_comprobante: 6 });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ issuerCuit: '30712345671', ptoVta: 2, letter: 'B', invoice_number: '00002-00000001', simulator: true });
  });
});

describe('demo data with ARCA credentials named but unreadable', async () => {
  const { s } = await buildApp({ env: { DEMO_DATA: 'true', ARCA_CUIT: '20111111112', ARCA_TAX_CONDITION: 'monotributo', ARCA_PTO_VTA: '1', ARCA_CERT_FILE: '/nonexistent/cert.pem', ARCA_KEY_FILE: '/nonexistent/key.pem' } });

  it('never falls back to the simulator: not configured, and says why', async () => {
    const token = await s.login();
    const status = await s.call({ method: 'GET', url: '/api/invoices/status', token });
    expect(status.body.data).toMatchObject({ configured: false, simulator: false });
    expect(status.body.data.message).toMatch(/certificado y clave legibles/);
  });
});

describe('legacy TLS agent', () => {
  it('only for ARCA production hosts', () => {
    expect(agentFor(new URL('https://wsaa.afip.gov.ar/ws/services/LoginCms'))).toBe(legacyTlsAgent);
    expect(agentFor(new URL('https://servicios1.afip.gov.ar/wsfev1/service.asmx'))).toBe(legacyTlsAgent);
    expect(agentFor(new URL('https://wswhomo.afip.gov.ar/wsfev1/service.asmx'))).not.toBe(legacyTlsAgent);
    expect(agentFor(new URL('https://api.mercadopago.com/'))).not.toBe(legacyTlsAgent);
    expect(agentFor(new URL('http://127.0.0.1:9/wsfev1/service.asmx'))).not.toBe(legacyTlsAgent);
    expect(legacyTlsAgent.options.ciphers).toBe('DEFAULT@SECLEVEL=1');
  });
});
