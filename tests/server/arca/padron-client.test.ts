/**
 * The registry client (server/integrations/arca/padron/client.ts) against the loopback simulator over real
 * HTTP: getPersona_v2 in the recorded request shape and its mapping (RI, monotributo, social, exento,
 * consumidor final, a constancia with errors), an unknown CUIT, an inactive one, a timeout, a SOAP fault, an
 * unreachable registry, A13's DNI → CUIT, and WSAA tickets per service: one login per service, reused,
 * refused across services, renewed after expiry.
 */
import { describe, expect, it } from 'vitest';
import { loadCredentials } from '../../../server/integrations/arca/credentials';
import { ArcaSoapFault } from '../../../server/integrations/arca/errors';
import { agentFor, legacyTlsAgent } from '../../../server/integrations/arca/http';
import { PadronClient, isTicketFault, type PadronAuth } from '../../../server/integrations/arca/padron/client';
import { PADRON_ENDPOINTS, PADRON_SERVICES } from '../../../server/integrations/arca/padron/env';
import { RegistryError } from '../../../server/integrations/arca/padron/errors';
import { TicketManager, type TicketCache, type TicketKey } from '../../../server/integrations/arca/tickets';
import type { AccessTicket } from '../../../server/integrations/arca/wsaa';
import { ISSUER_CUIT, scopedSimulator, testPki } from './harness';

describe('ARCA registry client', async () => {
  const { sim } = await scopedSimulator('responsable_inscripto');
  const credentials = loadCredentials(testPki().certPem, testPki().keyPem);
  const stored = new Map<string, AccessTicket>();
  const id = (k: TicketKey) => `${k.cuit}|${k.service}|${k.environment}|${k.certFingerprint}`;
  const cache: TicketCache = {
    get: (k) => stored.get(id(k)),
    put: (k, t) => void stored.set(id(k), t),
    drop: (k) => void stored.delete(id(k)),
  };
  const manager = new TicketManager({ wsaaUrl: sim.wsaaUrl, timeoutMs: 5000, cache });
  const keyOf = (service: string): TicketKey => ({ cuit: ISSUER_CUIT, service, environment: 'homologacion', certFingerprint: credentials.fingerprint });
  const auth = async (service: string): Promise<PadronAuth> => {
    const t = await manager.ticket(keyOf(service), credentials);
    return { token: t.token, sign: t.sign, cuitRepresentada: ISSUER_CUIT };
  };
  const client = new PadronClient(sim.padronUrls, 5000);
  const constancia = () => auth(PADRON_SERVICES.constancia);
  const failure = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e);

  it('reads a responsable inscripto company, sending the recorded request shape', async () => {
    const persona = await client.persona(await constancia(), '30712345671');
    expect(persona).toEqual({
      cuit: '30712345671',
      name: 'FERRETERIA LOS ANDES SRL',
      personType: 'JURIDICA',
      ivaConditionId: 1,
      ivaConditionLabel: 'IVA Responsable Inscripto',
      address: 'AV CORRIENTES 1234 Piso:3 Dpto:B, (1043), CIUDAD AUTONOMA BUENOS AIRES',
      warnings: [],
    });
    const request = sim.lastRequests.get('getPersona_v2') ?? '';
    expect(request).toContain('xmlns:ser="http://a5.soap.ws.server.puc.sr/"');
    expect(request).toMatch(/<ser:getPersona_v2><token>[^<]+<\/token><sign>[^<]+<\/sign><cuitRepresentada>20111111112<\/cuitRepresentada><idPersona>30712345671<\/idPersona><\/ser:getPersona_v2>/);
  });

  it('maps monotributo, monotributo social, exento and consumidor final; a constancia with errors leaves the condition open', async () => {
    const a = await constancia();
    expect(await client.persona(a, '20123456786')).toMatchObject({ name: 'PEREZ, JUAN CARLOS', personType: 'FISICA', ivaConditionId: 6, address: 'SAN MARTIN 456, CORDOBA (5000), CORDOBA' });
    expect(await client.persona(a, '27112233445')).toMatchObject({ ivaConditionId: 13, ivaConditionLabel: 'Monotributista Social' });
    expect(await client.persona(a, '30500000003')).toMatchObject({ ivaConditionId: 4, ivaConditionLabel: 'IVA Sujeto Exento' });
    expect(await client.persona(a, '27234567891')).toMatchObject({ name: 'GOMEZ, MARIA LAURA', ivaConditionId: 5 });
    expect(await client.persona(a, '30588888882')).toMatchObject({ ivaConditionId: null, ivaConditionLabel: null, warnings: ['El domicilio fiscal declarado no ha sido constatado'] });
  });

  it('an unknown CUIT is not_found (ARCA’s HTTP 500 fault), an inactive one is inactive', async () => {
    const a = await constancia();
    const unknown = await failure(client.persona(a, '20123456794'));
    expect(unknown).toBeInstanceOf(RegistryError);
    expect(unknown).toMatchObject({ code: 'not_found', detail: 'No existe persona con ese Id', message: expect.stringContaining('20-12345679-4') });
    expect(await failure(client.persona(a, '20301112220'))).toMatchObject({ code: 'inactive', message: expect.stringContaining('inactivo') });
  });

  it('a registry slower than the timeout is a timeout; a closed port is unreachable', async () => {
    const a = await constancia();
    sim.padron.knobs.delayMs = 3000;
    try {
      const slow = new PadronClient(sim.padronUrls, 200);
      expect(await failure(slow.persona(a, '30712345671'))).toMatchObject({ code: 'timeout', message: expect.stringContaining('a mano') });
    } finally {
      sim.padron.knobs.delayMs = 0;
    }
    const closed = new PadronClient({ constancia: 'http://127.0.0.1:9/sr-padron/webservices/personaServiceA5', a13: 'http://127.0.0.1:9/x' }, 2000);
    expect(await failure(closed.persona(a, '30712345671'))).toMatchObject({ code: 'unreachable' });
  });

  it('a SOAP fault comes back as the fault itself, not as a ticket problem', async () => {
    const a = await constancia();
    sim.padron.knobs.fault = { faultstring: 'Error interno del servidor de padron', count: 1 };
    const fault = await failure(client.persona(a, '30712345671'));
    expect(fault).toBeInstanceOf(ArcaSoapFault);
    expect((fault as ArcaSoapFault).status).toBe(500);
    expect(isTicketFault(fault as ArcaSoapFault)).toBe(false);
    expect(await client.persona(a, '30712345671')).toMatchObject({ ivaConditionId: 1 });
  });

  it('A13 gives the CUITs of a DNI; an unknown DNI is not_found', async () => {
    const a13 = await auth(PADRON_SERVICES.a13);
    expect(await client.cuitsForDni(a13, '23456789')).toEqual(['27234567891']);
    expect(sim.lastRequests.get('getIdPersonaListByDocumento')).toMatch(/<ser:getIdPersonaListByDocumento><token>[^<]+<\/token><sign>[^<]+<\/sign><cuitRepresentada>20111111112<\/cuitRepresentada><documento>23456789<\/documento>/);
    expect(await failure(client.cuitsForDni(a13, '99999998'))).toMatchObject({ code: 'not_found' });
  });

  it('each service has its own ticket: one login each, reused, refused by the other service, renewed after expiry', async () => {
    const c1 = await constancia();
    const a13 = await auth(PADRON_SERVICES.a13);
    const before = { ...sim.counters.loginsByService };
    expect(before[PADRON_SERVICES.constancia]).toBe(1);
    expect(before[PADRON_SERVICES.a13]).toBe(1);
    const c2 = await constancia();
    await auth(PADRON_SERVICES.a13);
    expect(c2.token).toBe(c1.token);
    expect(a13.token).not.toBe(c1.token);
    expect(sim.counters.loginsByService).toEqual(before); // reused: no new login for either service
    expect(Buffer.from(c1.token, 'base64').toString()).toContain('service="ws_sr_constancia_inscripcion"');

    // The A13 ticket does not open the constancia service (nor a WSFE one).
    const wrong = await failure(client.persona(a13, '30712345671'));
    expect(wrong).toBeInstanceOf(ArcaSoapFault);
    expect(isTicketFault(wrong as ArcaSoapFault)).toBe(true);
    const wsfe = await auth('wsfe');
    expect(isTicketFault((await failure(client.persona(wsfe, '30712345671'))) as ArcaSoapFault)).toBe(true);

    // Expired (at WSAA and in the cache): the next lookup logs in again for that service only.
    for (const t of sim.tickets.values()) if (t.service === PADRON_SERVICES.constancia) t.expiresAt = Date.now() - 1000;
    const key = keyOf(PADRON_SERVICES.constancia);
    stored.set(id(key), { ...stored.get(id(key))!, expirationTime: new Date(Date.now() - 1000).toISOString() });
    const renewed = await constancia();
    expect(renewed.token).not.toBe(c1.token);
    expect(sim.counters.loginsByService[PADRON_SERVICES.constancia]).toBe(2);
    expect(sim.counters.loginsByService[PADRON_SERVICES.a13]).toBe(1);
    expect(await client.persona(renewed, '30712345671')).toMatchObject({ cuit: '30712345671' });
    expect(isTicketFault((await failure(client.persona(c1, '30712345671'))) as ArcaSoapFault)).toBe(true);
  });

  it('WSAA refuses a ticket for a service the certificate is not authorised for', async () => {
    sim.services.delete(PADRON_SERVICES.a13);
    try {
      stored.clear();
      for (const [k, t] of sim.tickets) if (t.service === PADRON_SERVICES.a13) sim.tickets.delete(k);
      const err = await failure(auth(PADRON_SERVICES.a13));
      expect(err).toBeInstanceOf(ArcaSoapFault);
      expect((err as ArcaSoapFault).code).toBe('coe.notAuthorized');
    } finally {
      sim.services.add(PADRON_SERVICES.a13);
    }
  });

  it('the production registry host gets the legacy-TLS agent, homologation does not', () => {
    expect(agentFor(new URL(PADRON_ENDPOINTS.produccion.constancia))).toBe(legacyTlsAgent);
    expect(agentFor(new URL(PADRON_ENDPOINTS.produccion.a13))).toBe(legacyTlsAgent);
    expect(agentFor(new URL(PADRON_ENDPOINTS.homologacion.constancia))).not.toBe(legacyTlsAgent);
  });
});
