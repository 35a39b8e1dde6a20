/**
 * The "Facturación electrónica" settings configure invoicing without ARCA_* identity variables: the
 * issuer's CUIT, condition, start of activities and IIBB from the business info (their one home, issue
 * #33.1), point of sale, environment, certificate and key upload (stored 0600, never returned),
 * "Probar conexión", and then a Factura C against the simulator (its URLs from ARCA_WSAA_URL/WSFE_URL).
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestPki } from '../../../server/integrations/arca/simulator/pki';
import { buildApp } from '../../helpers/server';
import { generate, ISSUER_CUIT, paidSale, scopedSimulator, testPki } from './harness';

describe('settings screen configuration', async () => {
  const setup = await scopedSimulator('monotributo');
  const { s, admin: token } = await buildApp({ env: { ARCA_WSAA_URL: setup.env.ARCA_WSAA_URL, ARCA_WSFE_URL: setup.env.ARCA_WSFE_URL, ARCA_TIMEOUT_MS: '5000' } });

  it('saves settings and credentials, tests the connection and invoices', async () => {
    const before = await s.call({ method: 'GET', url: '/api/invoices/settings', token });
    expect(before.body.data).toMatchObject({ configured: false, hasCredentials: false, lockedByEnv: [], identificationThreshold: 10_000_000 });
    const business = await s.call({
      method: 'PUT',
      url: '/api/business-info',
      token,
      payload: { businessName: 'Kiosco', cuit: '20-11111111-2', taxCondition: 'monotributo', startOfActivities: '2021-03-01', iibb: 'Exento' },
    });
    expect(business.status).toBe(200);
    expect(business.body.data).toMatchObject({ cuit: ISSUER_CUIT, taxCondition: 'monotributo', startOfActivities: '2021-03-01', iibb: 'Exento' });
    // The issuer's facts are not the invoicing tab's: a CUIT sent there changes nothing.
    const put = await s.call({ method: 'PUT', url: '/api/invoices/settings', token, payload: { cuit: '30712345671', taxCondition: 'responsable_inscripto', ptoVta: 4, environment: 'homologacion' } });
    expect(put.status).toBe(200);
    expect(put.body.message).toBe('Configuración de facturación electrónica guardada');
    expect(put.body.data).toMatchObject({ cuit: ISSUER_CUIT, taxCondition: 'monotributo', startOfActivities: '2021-03-01', iibb: 'Exento', configured: false });

    const other = createTestPki(ISSUER_CUIT);
    const mismatch = await s.call({ method: 'PUT', url: '/api/invoices/settings/credentials', token, payload: { certificate: testPki().certPem, privateKey: other.keyPem } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('La clave privada no corresponde al certificado');
    const notPem = await s.call({ method: 'PUT', url: '/api/invoices/settings/credentials', token, payload: { certificate: 'hola', privateKey: 'chau' } });
    expect(notPem.status).toBe(400);

    const saved = await s.call({ method: 'PUT', url: '/api/invoices/settings/credentials', token, payload: { certificate: testPki().certPem, privateKey: testPki().keyPem } });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ configured: true, hasCredentials: true, certificate: { fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    expect(JSON.stringify(saved.body)).not.toMatch(/PRIVATE KEY/);
    expect(statSync(path.join(s.config.dataDir, 'arca', 'key.pem')).mode & 0o777).toBe(0o600);

    const test = await s.call({ method: 'POST', url: '/api/invoices/settings/test', token });
    expect(test.body.data).toMatchObject({ ok: true, login: true, appServer: 'OK', dbServer: 'OK', authServer: 'OK' });
    const status = await s.call({ method: 'GET', url: '/api/invoices/status', token });
    expect(status.body.data).toMatchObject({ configured: true, simulator: false, startOfActivities: '2021-03-01', iibb: 'Exento' });
    const saleId = await paidSale(s, token, [{ price: 99.99, quantity: 3 }]);
    const res = await generate(s, token, saleId);
    expect(res.status).toBe(201);
    expect(res.body.data.cae).toBe(setup.sim.book(ISSUER_CUIT, 4, 11)[0].cae);
  });
});
