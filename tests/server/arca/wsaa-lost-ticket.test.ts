/**
 * Issue #31.7: a ticket WSAA issued but the server never stored (a crash between the login reply and
 * storing it; here: a login the server did not make). WSAA answers coe.alreadyAuthenticated until it
 * expires (the simulator remembers its tickets). The server logs in once, then backs off (no login
 * storm), says until when in the invoices status, issues with its CAEA point of sale meanwhile, and
 * invoices online again once the old ticket expired.
 */
import { describe, expect, it } from 'vitest';
import { loadCredentials } from '../../../server/integrations/arca/credentials';
import { loginCms } from '../../../server/integrations/arca/wsaa';
import { arcaSettings, arcaTickets, caeas } from '../../../server/db/schema';
import { arcaApp, generate, ISSUER_CUIT, paidSale, testPki, waitFor } from './harness';

const { s, admin, setup } = await arcaApp('monotributo', { env: { ARCA_CAEA_CHECK_MS: '3600000', ARCA_LOGIN_RETRY_MS: '2000' } });
const CAEA = '36461234567892';

describe('WSAA already holds a ticket the server never stored', () => {
  it('one login, then a bounded back-off; CAEA meanwhile; the owner is told until when; online again after expiry', async () => {
    await s.app.store.write(async (tx) => {
      await tx.insert(arcaSettings).values({ id: 1, caeaPtoVta: 90 });
      await tx.insert(caeas).values({ issuerCuit: ISSUER_CUIT, environment: 'homologacion', simulator: false, periodo: 209902, orden: 1, caea: CAEA, validFrom: '2000-01-01', validTo: '2099-12-31', reportDeadline: '2099-12-31' });
    });
    // The server logs in once at start (the CAEA keeper). Wait until it has stored that ticket: deleting it below
    // must not race a late write (on PostgreSQL the store answers after WSAA did, and the server then had a ticket).
    await waitFor(async () => (await s.app.store.read((q) => q.select().from(arcaTickets))).length > 0, 15_000).catch(() => undefined);
    // The "lost" login: WSAA holds a ticket the server has not stored (its own, if it logged in at start, is dropped).
    if (setup.sim.tickets.size === 0) await loginCms(setup.sim.wsaaUrl, 'wsfe', loadCredentials(testPki().certPem, testPki().keyPem), 5000).catch(() => undefined);
    await s.app.store.write((tx) => tx.delete(arcaTickets));
    expect(setup.sim.tickets.size).toBe(1);
    const faults = setup.sim.counters.loginFaults;
    const started = Date.now();

    const first = await generate(s, admin, await paidSale(s, admin, [{ price: 100, quantity: 1 }]), { tipo_comprobante: 11 });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ status: 'autorizada', authorization: 'CAEA', ptoVta: 90 });
    for (let i = 0; i < 5; i++) {
      const more = await generate(s, admin, await paidSale(s, admin, [{ price: 100, quantity: 1 }]), { tipo_comprobante: 11 });
      expect(more.body.data).toMatchObject({ status: 'autorizada', authorization: 'CAEA', ptoVta: 90 });
    }
    const status = (await s.call({ method: 'GET', url: '/api/invoices/status', token: admin })).body.data;
    expect(status.message).toContain('ya hay un ticket de acceso vigente');
    const until = Date.parse(status.loginBlockedUntil);
    expect(until).toBeGreaterThan(started + 11 * 3600_000);
    expect(until).toBeLessThan(Date.now() + 12 * 3600_000 + 60_000);
    // Only probes spaced by the back-off (2 s, then 4 s…) ever reach WSAA: never one per invoice.
    const elapsed = Date.now() - started;
    expect(setup.sim.counters.loginFaults - faults).toBeLessThanOrEqual(1 + Math.floor(Math.log2(1 + elapsed / 2000)));

    // The old ticket expires: the next probe logs in, and invoices are issued online with CAE again.
    setup.sim.tickets.clear();
    await waitFor(async () => {
      const online = await generate(s, admin, await paidSale(s, admin, [{ price: 100, quantity: 1 }]), { tipo_comprobante: 11 });
      return online.body.data?.authorization === 'CAE' && online.body.data.status === 'autorizada';
    }, 60_000);
    const after = (await s.call({ method: 'GET', url: '/api/invoices/status', token: admin })).body.data;
    expect(after.loginBlockedUntil).toBeNull();
  });
});
