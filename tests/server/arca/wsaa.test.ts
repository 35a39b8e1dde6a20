/**
 * WSAA against the simulator: the CMS is verified (a certificate from another CA is refused), a
 * second login while a ticket is valid gets coe.alreadyAuthenticated, and the ticket manager
 * single-flights: ten concurrent callers cost one login, and the cached ticket is reused.
 */
import { describe, expect, it } from 'vitest';
import { loadCredentials } from '../../../server/integrations/arca/credentials';
import { ArcaSoapFault } from '../../../server/integrations/arca/errors';
import { createTestPki } from '../../../server/integrations/arca/simulator/pki';
import { TicketManager, type TicketCache } from '../../../server/integrations/arca/tickets';
import { loginCms, type AccessTicket } from '../../../server/integrations/arca/wsaa';
import { ISSUER_CUIT, scopedSimulator, testPki } from './harness';

describe('WSAA', async () => {
  const setup = await scopedSimulator();

  it('refuses a certificate that is not from its CA', async () => {
    const stranger = createTestPki(ISSUER_CUIT);
    const err = await loginCms(setup.sim.wsaaUrl, 'wsfe', loadCredentials(stranger.certPem, stranger.keyPem), 5000).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ArcaSoapFault);
    expect((err as ArcaSoapFault).code).toBe('cms.cert.untrusted');
    expect(setup.sim.lastRequests.get('loginCms')).toMatch(/<wsaa:loginCms><wsaa:in0>[A-Za-z0-9+/=]+<\/wsaa:in0><\/wsaa:loginCms>/);
  });

  it('single-flight login, cached ticket, and coe.alreadyAuthenticated on a second login', async () => {
    const store = new Map<string, AccessTicket>();
    const cache: TicketCache = {
      get: (k) => store.get(k.cuit),
      put: (k, t) => {
        store.set(k.cuit, t);
      },
      drop: (k) => {
        store.delete(k.cuit);
      },
    };
    const credentials = loadCredentials(testPki().certPem, testPki().keyPem);
    const manager = new TicketManager({ wsaaUrl: setup.sim.wsaaUrl, timeoutMs: 5000, cache });
    const key = { cuit: ISSUER_CUIT, service: 'wsfe', environment: 'homologacion', certFingerprint: credentials.fingerprint };
    const tickets = await Promise.all(Array.from({ length: 10 }, () => manager.ticket(key, credentials)));
    expect(new Set(tickets.map((t) => t.token)).size).toBe(1);
    expect(setup.sim.counters.logins).toBe(1);
    expect((await manager.ticket(key, credentials)).token).toBe(tickets[0].token);
    expect(setup.sim.counters.logins).toBe(1);
    const err = await loginCms(setup.sim.wsaaUrl, 'wsfe', credentials, 5000).catch((e: unknown) => e);
    expect((err as ArcaSoapFault).code).toBe('coe.alreadyAuthenticated');
    expect((err as ArcaSoapFault).faultstring).toBe('El CEE ya posee un TA valido para el acceso al WSN solicitado');
  });
});
