/**
 * The server's CAEA (issue #11) against the loopback simulator: the keeper holds this fortnight's CAEA at
 * start and finds a CAEA whose FECAEASolicitar reply was lost with FECAEAConsultar (asked once); CAEA
 * points of sale of the server and of each device (Spanish validation, admin only, unique); the pull
 * hands the device its CAEA data; ARCA unreachable → the sale's invoice is issued on the server's CAEA
 * point of sale (QR tipoCodAut "A") and reported when ARCA returns; a lost reply after a send never
 * becomes CAEA.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, fortnightOf, fortnightsToHold, nextFortnight } from '../../../domain/invoicing/caea';
import { caeas } from '../../../server/db/schema';
import { ArcaTransportError } from '../../../server/integrations/arca/errors';
import { argentineToday, keepCaeas } from '../../../server/modules/invoices/caea-keeper';
import { CaeaReporter } from '../../../server/modules/invoices/caea-reporter';
import { arcaApp, generate, ISSUER_CUIT, paidSale, waitFor } from './harness';
import { sqlValue } from '../../helpers/sql';

const compact = (iso: string) => iso.replaceAll('-', '');
const qrPayload = (url: string) => JSON.parse(Buffer.from(new URL(url).searchParams.get('p')!, 'base64').toString('utf8'));

describe('CAEA on the server', async () => {
  const { s, admin, setup } = await arcaApp('monotributo', { env: { ARCA_CAEA_CHECK_MS: '3600000' } });
  beforeAll(async () => {
    // The keeper's first pass at start.
    await waitFor(async () => (await s.app.store.read((q) => q.select().from(caeas))).length >= fortnightsToHold(argentineToday()).length);
  });

  /** The server's CAEA point of sale is 90 (set by the test of the points of sale; here when a test runs without it). */
  const serverCaeaOn90 = async () => {
    const settings = (await s.call({ method: 'GET', url: '/api/invoices/settings', token: admin })).body.data;
    if (settings.caeaPtoVta === 90) return;
    const res = await s.call({ method: 'PUT', url: '/api/invoices/settings', token: admin, payload: { ...settings, certificate: undefined, caeaPtoVta: 90 } });
    expect(res.status, res.body.message).toBe(200);
  };

  /** The last number of a CAEA Factura C the server issued on 90 (another test's, in any order): 0 when none. */
  const caeaNumbered = async () =>
    Number(await sqlValue(s.app, `select coalesce(max(cbte_nro), 0) n from invoices where pto_vta = 90 and cbte_tipo = 11 and "authorization" = 'CAEA'`));

  it('holds the current fortnight at start, the same CAEA ARCA granted', async () => {
    const f = fortnightOf(argentineToday());
    const row = (await s.app.store.read((q) => q.select().from(caeas))).find((c) => c.periodo === f.periodo && c.orden === f.orden)!;
    expect(row.caea).toBe(setup.sim.ledger.caeas.get(`${ISSUER_CUIT}|${f.periodo}|${f.orden}`)!.caea);
    expect(row.validFrom).toBe(f.from);
    expect(row.validTo).toBe(f.to);
  });

  it('a lost FECAEASolicitar reply is found with FECAEAConsultar, never asked twice', async () => {
    const next = nextFortnight(nextFortnight(fortnightOf(argentineToday())));
    const day = addDays(next.from, -3);
    // Near a fortnight's end the keeper already holds the next one from its start: only what is not held is asked.
    const heldBefore = new Set((await s.app.store.read((q) => q.select().from(caeas))).map((c) => c.periodo * 10 + c.orden));
    setup.sim.clock.today = compact(day);
    const asked = setup.sim.counters.caeaRequests;
    setup.sim.faults.loseNextReply.FECAEASolicitar = 1;
    await expect(keepCaeas(s.app.store, s.app.arca.runtime, day)).rejects.toBeInstanceOf(ArcaTransportError);
    const held = await keepCaeas(s.app.store, s.app.arca.runtime, day);
    setup.sim.clock.today = null;
    // Two fortnights to hold on that day (its own and `next`, the first asked with its reply lost): each not yet held asked exactly once.
    const both = fortnightsToHold(day);
    expect(both.map((f) => f.periodo * 10 + f.orden)).toEqual([nextFortnight(fortnightOf(argentineToday())), next].map((f) => f.periodo * 10 + f.orden));
    expect(setup.sim.counters.caeaRequests - asked).toBe(both.filter((f) => !heldBefore.has(f.periodo * 10 + f.orden)).length);
    for (const f of both) expect(held.map((c) => c.caea)).toContain(setup.sim.ledger.caeas.get(`${ISSUER_CUIT}|${f.periodo}|${f.orden}`)!.caea);
  });

  it('CAEA points of sale: the server one differs from the CAE one; each device its own; admin only', async () => {
    const settings = (await s.call({ method: 'GET', url: '/api/invoices/settings', token: admin })).body.data;
    const put = (caeaPtoVta: unknown) => s.call({ method: 'PUT', url: '/api/invoices/settings', token: admin, payload: { ...settings, certificate: undefined, caeaPtoVta } });
    const same = await put(4);
    expect(same.status).toBe(400);
    expect(same.body.message).toBe('El punto de venta CAEA debe ser distinto del punto de venta de facturación en línea (CAE)');
    expect((await put(90)).body.data.caeaPtoVta).toBe(90);
    const seller = await s.sellerToken();
    const device = await s.registerDevice(seller);
    const assign = (token: string, id: string, caeaPtoVta: unknown) => s.call({ method: 'PUT', url: `/api/sync/devices/${id}/caea-pto-vta`, token, payload: { caeaPtoVta } });
    expect((await assign(seller, device.id, 91)).status).toBe(403);
    const taken = await assign(admin, device.id, 90);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Ese punto de venta CAEA ya está asignado a otro dispositivo o al servidor');
    expect((await assign(admin, device.id, 4)).status).toBe(400);
    expect((await assign(admin, device.id, 'x')).status).toBe(400);
    expect((await assign(admin, 'no-existe', 93)).status).toBe(404);
    const ok = await assign(admin, device.id, 91);
    expect(ok.status).toBe(200);
    expect(ok.body.data.caeaPtoVta).toBe(91);
    const other = await s.registerDevice(seller);
    expect((await assign(admin, other.id, 91)).status).toBe(409);
    expect((await put(91)).status).toBe(409);

    const pull = await s.call({ method: 'GET', url: '/api/sync/pull?since=0', headers: device.headers });
    const caea = pull.body.data.caea;
    expect(caea.ptoVta).toBe(91);
    expect(caea.lastNumbers).toEqual({});
    expect(caea.caeas.map((c: { caea: string }) => c.caea)).toContain((await s.app.store.read((q) => q.select().from(caeas)))[0].caea);
    expect(caea.issuer).toMatchObject({ cuit: ISSUER_CUIT, taxCondition: 'monotributo', environment: 'homologacion', simulator: false });
    expect((await s.call({ method: 'GET', url: '/api/sync/pull?since=0', headers: other.headers })).body.data.caea).toBeNull();
    expect((await s.call({ method: 'GET', url: '/api/sync/pull?since=0', token: admin })).body.data.caea).toBeNull();
  });

  it('ARCA unreachable: the invoice is issued on the server CAEA point of sale, then reported when ARCA returns', async () => {
    await serverCaeaOn90();
    const n = await caeaNumbered();
    const sales = [await paidSale(s, admin, [{ price: 100, quantity: 1 }]), await paidSale(s, admin, [{ price: 50, quantity: 2 }])];
    setup.sim.faults.unreachable = true;
    const invoices = [];
    for (const saleId of sales) {
      const res = await generate(s, admin, saleId, { tipo_comprobante: 11 });
      expect(res.status).toBe(201);
      invoices.push(res.body.data);
    }
    const code = setup.sim.ledger.caeas.get(`${ISSUER_CUIT}|${fortnightOf(argentineToday()).periodo}|${fortnightOf(argentineToday()).orden}`)!.caea;
    expect(invoices.map((i) => [i.status, i.authorization, i.ptoVta, i.cbteNro, i.cae])).toEqual([
      ['autorizada', 'CAEA', 90, n + 1, code],
      ['autorizada', 'CAEA', 90, n + 2, code],
    ]);
    expect(invoices[0].report).toMatchObject({ status: 'pendiente', error: null, reportedAt: null });
    expect(qrPayload(invoices[0].qrUrl)).toMatchObject({ tipoCodAut: 'A', codAut: Number(code), ptoVta: 90, nroCmp: n + 1 });
    const screen = await s.call({ method: 'GET', url: '/api/invoices/caea', token: admin });
    expect(screen.body.data.invoices.map((i: { id: number }) => i.id)).toEqual(expect.arrayContaining(invoices.map((i) => i.id)));
    expect(screen.body.data.caeaPtoVta).toBe(90);

    const reporter = new CaeaReporter(s.app.store, s.app.arca.runtime, 50);
    expect(await reporter.reportDue()).toBe(0);
    setup.sim.faults.unreachable = false;
    // Every CAEA invoice the server held is reported in number order, these two last.
    await waitFor(async () => (await reporter.reportDue(), setup.sim.book(ISSUER_CUIT, 90, 11).length === n + 2));
    expect(setup.sim.book(ISSUER_CUIT, 90, 11).slice(n).map((e) => [Number(e.detail.CbteDesde), e.emisionTipo, Number(e.detail.ImpTotal)])).toEqual([
      [n + 1, 'CAEA', 100],
      [n + 2, 'CAEA', 100],
    ]);
    const after = await s.call({ method: 'GET', url: `/api/invoices/sale/${sales[0]}`, token: admin });
    expect(after.body.data.report.status).toBe('informada');
    expect((await s.call({ method: 'GET', url: '/api/invoices/caea', token: admin })).body.data.invoices).toEqual([]);
  });

  it('a reply lost after the send never becomes CAEA: it stays pending on the CAE point of sale and adopts its CAE', async () => {
    await serverCaeaOn90();
    const numberedBefore = await caeaNumbered();
    const reportedBefore = setup.sim.book(ISSUER_CUIT, 90, 11).length;
    const saleId = await paidSale(s, admin, [{ price: 30, quantity: 1 }]);
    setup.sim.faults.lostReplyRate = 1;
    setup.sim.faults.holdAfterGrant = async () => {
      setup.sim.faults.unreachable = true;
    };
    const res = await generate(s, admin, saleId, { tipo_comprobante: 11 });
    setup.sim.faults.lostReplyRate = 0;
    setup.sim.faults.holdAfterGrant = null;
    expect(res.status).toBe(503);
    const pending = (await s.call({ method: 'GET', url: `/api/invoices/sale/${saleId}`, token: admin })).body.data;
    expect([pending.status, pending.authorization, pending.ptoVta]).toEqual(['pendiente', 'CAE', 4]);
    const retried = await s.call({ method: 'POST', url: `/api/invoices/${pending.id}/retry`, token: admin });
    expect(retried.body.data?.authorization ?? 'CAE').toBe('CAE');
    // A later sale, never sent, is not held behind it: it goes on the CAEA point of sale.
    const later = await generate(s, admin, await paidSale(s, admin, [{ price: 40, quantity: 1 }]), { tipo_comprobante: 11 });
    expect([later.body.data.status, later.body.data.authorization, later.body.data.ptoVta, later.body.data.cbteNro]).toEqual(['autorizada', 'CAEA', 90, numberedBefore + 1]);
    setup.sim.faults.unreachable = false;
    const done = await s.call({ method: 'POST', url: `/api/invoices/${pending.id}/retry`, token: admin });
    expect([done.body.data.status, done.body.data.authorization, done.body.data.ptoVta]).toEqual(['autorizada', 'CAE', 4]);
    expect(done.body.data.cae).toBe(setup.sim.book(ISSUER_CUIT, 4, 11).at(-1)!.cae);
    expect(setup.sim.book(ISSUER_CUIT, 90, 11)).toHaveLength(reportedBefore);
  });
});
