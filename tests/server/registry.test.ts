/**
 * GET /api/registry/cuit/:cuit and /dni/:dni against the ARCA simulator over real HTTP (issue #33.2): staff
 * only (admin and seller), the project's envelope with the mapped data, an invalid CUIT refused in Spanish
 * with nothing sent to ARCA, unknown → 404, inactive → 422, timeout → 504, SOAP fault → 502, a refused
 * ticket renewed once, a service the certificate lacks → 503, A13 on and off, no ARCA configured → 503,
 * and the demo server answering from its in-process simulator.
 */
import { describe, expect, it } from 'vitest';
import { PADRON_SERVICES } from '../../server/integrations/arca/padron/env';
import { REGISTRY_MSG } from '../../domain/registry-messages';
import { buildApp } from '../helpers/server';
import { arcaApp } from './arca/harness';

describe('registry lookup route', async () => {
  const { s, admin, setup } = await arcaApp('responsable_inscripto', { env: { ARCA_PADRON_TIMEOUT_MS: '1000' } });
  const { sim } = setup;
  const seller = await s.sellerToken();
  const get = (url: string, token?: string) => s.call({ method: 'GET', url, token });

  it('answers admin and seller with name, IVA condition and fiscal address; anonymous gets 401', async () => {
    for (const token of [admin, seller]) {
      const res = await get('/api/registry/cuit/30-71234567-1', token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        data: {
          cuit: '30712345671',
          name: 'FERRETERIA LOS ANDES SRL',
          personType: 'JURIDICA',
          ivaConditionId: 1,
          ivaConditionLabel: 'IVA Responsable Inscripto',
          address: 'AV CORRIENTES 1234 Piso:3 Dpto:B, (1043), CIUDAD AUTONOMA BUENOS AIRES',
          warnings: [],
        },
      });
    }
    expect((await get('/api/registry/cuit/30712345671')).status).toBe(401);
    expect((await get('/api/registry/dni/23456789')).status).toBe(401);
    // One login for the registry service across both users and calls.
    expect(sim.counters.loginsByService[PADRON_SERVICES.constancia]).toBe(1);
  });

  it('an invalid CUIT is a 400 in Spanish and nothing reaches ARCA', async () => {
    const requests = sim.padron.counters.constancia;
    const logins = sim.counters.logins;
    for (const [typed, message] of [
      ['20-12345678-9', 'El CUIT no es válido: revisá el dígito verificador.'],
      ['20-1234', 'El CUIT tiene 11 dígitos; ingresaste 6.'],
      ['abc', 'El CUIT solo lleva números (los guiones y espacios se aceptan).'],
    ]) {
      const res = await get(`/api/registry/cuit/${encodeURIComponent(typed)}`, seller);
      expect(res.status, typed).toBe(400);
      expect(res.body).toMatchObject({ success: false, message });
    }
    expect((await get('/api/registry/dni/12.34', seller)).body).toMatchObject({ success: false, message: 'El DNI tiene 7 u 8 dígitos, sin puntos.' });
    expect(sim.padron.counters.constancia).toBe(requests);
    expect(sim.padron.counters.a13).toBe(0);
    expect(sim.counters.logins).toBe(logins);
  });

  it('unknown → 404, inactive → 422, each in Spanish', async () => {
    const unknown = await get('/api/registry/cuit/20123456794', seller);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(REGISTRY_MSG.notFound('el CUIT 20-12345679-4'));
    const inactive = await get('/api/registry/cuit/20301112220', seller);
    expect(inactive.status).toBe(422);
    expect(inactive.body.message).toContain('inactivo');
  });

  it('a registry slower than ARCA_PADRON_TIMEOUT_MS → 504 that says to type the data or use the customer file', async () => {
    sim.padron.knobs.delayMs = 5000;
    try {
      const res = await get('/api/registry/cuit/30712345671', seller);
      expect(res.status).toBe(504);
      expect(res.body).toMatchObject({ success: false, message: REGISTRY_MSG.timeout });
      expect(res.body.message).toMatch(/a mano.*ficha de clientes/);
    } finally {
      sim.padron.knobs.delayMs = 0;
    }
  });

  it('a SOAP fault → 502 with ARCA’s text; a refused ticket is renewed once and the lookup succeeds', async () => {
    sim.padron.knobs.fault = { faultstring: 'Error interno del servidor de padron', count: 1 };
    const fault = await get('/api/registry/cuit/30712345671', seller);
    expect(fault.status).toBe(502);
    expect(fault.body.message).toBe(REGISTRY_MSG.fault('Error interno del servidor de padron'));

    const logins = sim.counters.loginsByService[PADRON_SERVICES.constancia];
    // ARCA revoked it: at WSAA too, so a new login is granted.
    for (const [k, t] of sim.tickets) if (t.service === PADRON_SERVICES.constancia) sim.tickets.delete(k);
    sim.padron.knobs.rejectTicketOnce = true;
    const res = await get('/api/registry/cuit/20-12345678-6', seller);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'PEREZ, JUAN CARLOS', ivaConditionId: 6, ivaConditionLabel: 'Responsable Monotributo' });
    expect(sim.counters.loginsByService[PADRON_SERVICES.constancia]).toBe(logins + 1);
  });

  it('a DNI is resolved through A13 to the registry data', async () => {
    const res = await get('/api/registry/dni/23.456.789', seller);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([expect.objectContaining({ cuit: '27234567891', name: 'GOMEZ, MARIA LAURA', ivaConditionId: 5, ivaConditionLabel: 'Consumidor Final' })]);
    expect(sim.counters.loginsByService[PADRON_SERVICES.a13]).toBe(1);
    const unknown = await get('/api/registry/dni/99999998', seller);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(REGISTRY_MSG.notFound('el DNI 99999998'));
    // The only CUIT of this DNI is inactive: not the buyer's.
    expect((await get('/api/registry/dni/30111222', seller)).status).toBe(404);
  });
});

describe('registry lookup when it cannot be used', () => {
  it('a certificate without the registry service → 503 saying the owner must enable it', async () => {
    const { s, admin, setup } = await arcaApp('responsable_inscripto');
    setup.sim.services.delete(PADRON_SERVICES.constancia);
    const res = await s.call({ method: 'GET', url: '/api/registry/cuit/30712345671', token: admin });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(REGISTRY_MSG.notAuthorized);
    expect(setup.sim.padron.counters.constancia).toBe(0);
  });

  it('A13 off (ARCA_PADRON_A13=0) → 503 for a DNI, nothing sent', async () => {
    const { s, admin, setup } = await arcaApp('responsable_inscripto', { env: { ARCA_PADRON_A13: '0' } });
    const res = await s.call({ method: 'GET', url: '/api/registry/dni/23456789', token: admin });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(REGISTRY_MSG.dniDisabled);
    expect(setup.sim.padron.counters.a13).toBe(0);
  });

  it('no ARCA configured → 503 that says to type the data', async () => {
    const { s, admin } = await buildApp();
    const res = await s.call({ method: 'GET', url: '/api/registry/cuit/30712345671', token: admin });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(REGISTRY_MSG.notConfigured);
  });

  it('the demo server answers from its in-process simulator', async () => {
    const { s, admin } = await buildApp({ env: { DEMO_DATA: 'true' } });
    const cuit = await s.call({ method: 'GET', url: '/api/registry/cuit/20123456786', token: admin });
    expect(cuit.status).toBe(200);
    expect(cuit.body.data).toMatchObject({ name: 'PEREZ, JUAN CARLOS', ivaConditionId: 6 });
    const dni = await s.call({ method: 'GET', url: '/api/registry/dni/23456789', token: admin });
    expect(dni.body.data).toEqual([expect.objectContaining({ cuit: '27234567891' })]);
  });
});
