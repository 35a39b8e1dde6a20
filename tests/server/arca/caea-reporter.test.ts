/**
 * The CAEA reporter (issue #11) with device-numbered CAEA rows as the sync push records them (inserted
 * directly here): a lost FECAEARegInformativo reply, retried, leaves exactly one report per comprobante
 * (FECompConsultar finds it), numbers in order without gaps; an unknown CAEA (Err 782) → 'rechazada'
 * with ARCA's reason, shown on the owner's screen; a CAEA point of sale that issued nothing in an ended
 * fortnight is informed "sin movimiento" once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, fortnightOf } from '../../../domain/invoicing/caea';
import { eq } from 'drizzle-orm';
import { caeaNoActivity, caeas, devices } from '../../../server/db/schema';
import { argentineToday, keepCaeas } from '../../../server/modules/invoices/caea-keeper';
import { CaeaReporter } from '../../../server/modules/invoices/caea-reporter';
import { invoicesRepository } from '../../../server/modules/invoices/repository';
import { buildDetail } from '../../../server/modules/invoices/request';
import { arcaApp, ISSUER_CUIT, paidSale, waitFor } from './harness';

const compact = (iso: string) => iso.replaceAll('-', '');

describe('CAEA reporter', async () => {
  let reporter: CaeaReporter;
  let code: string;
  let deadline: string;
  const { s, admin, setup } = await arcaApp('monotributo', { env: { ARCA_CAEA_CHECK_MS: '3600000' } });
  beforeAll(async () => {
    await waitFor(async () => (await s.app.store.read((q) => q.select().from(caeas))).length > 0);
    const f = fortnightOf(argentineToday());
    const row = (await s.app.store.read((q) => q.select().from(caeas))).find((c) => c.periodo === f.periodo && c.orden === f.orden)!;
    code = row.caea;
    deadline = row.reportDeadline;
    reporter = new CaeaReporter(s.app.store, s.app.arca.runtime, 50);
  });

  /** A CAEA invoice a device numbered offline, as the push records it. */
  async function deviceCaeaInvoice(ptoVta: number, cbteNro: number, caea = code, totalCents = 10_000) {
    const saleId = await paidSale(s, admin, [{ price: totalCents / 100, quantity: 1 }]);
    const cbteFch = compact(argentineToday());
    const amounts = { totalCents, netCents: totalCents, ivaCents: 0, alicuotas: [] };
    const detail = buildDetail({ cbteTipo: 11, cbteNro, cbteFch, docTipo: 99, docNro: '0', condicionIvaReceptor: 5, ...amounts });
    return s.app.store.write((tx) =>
      invoicesRepository.insert(tx, {
        saleId,
        status: 'autorizada',
        environment: 'homologacion',
        simulator: false,
        issuerCuit: ISSUER_CUIT,
        issuerTaxCondition: 'monotributo',
        ptoVta,
        cbteTipo: 11,
        cbteNro,
        cbteFch,
        docTipo: 99,
        docNro: '0',
        condicionIvaReceptor: 5,
        ...amounts,
        ivaJson: '[]',
        requestJson: JSON.stringify(detail),
        cae: caea,
        caeVto: compact(fortnightOf(argentineToday()).to),
        userId: 1,
        authorizedAt: new Date().toISOString(),
        authorization: 'CAEA',
        reportStatus: 'pendiente',
        reportDeadline: deadline,
      }),
    );
  }

  const byId = async (id: number) => (await s.app.store.read((q) => invoicesRepository.byId(q, id)))!;

  it('a lost RegInformativo reply, retried, leaves one report; numbers in order, no gaps', async () => {
    const rows: Awaited<ReturnType<typeof deviceCaeaInvoice>>[] = [];
    for (const n of [1, 2, 3]) rows.push(await deviceCaeaInvoice(70, n, code, 1000 * n));
    const reports = setup.sim.counters.caeaReports;
    setup.sim.faults.loseNextReply.FECAEARegInformativo = 1;
    expect(await reporter.reportDue()).toBe(0);
    // The first was recorded by ARCA though its reply was lost; the others wait behind it.
    expect(setup.sim.book(ISSUER_CUIT, 70, 11)).toHaveLength(1);
    expect((await byId(rows[0].id)).reportStatus).toBe('pendiente');
    await waitFor(async () => {
      await reporter.reportDue();
      for (const r of rows) if ((await byId(r.id)).reportStatus !== 'informada') return false;
      return true;
    });
    const book = setup.sim.book(ISSUER_CUIT, 70, 11);
    expect(book.map((e) => [Number(e.detail.CbteDesde), e.cae, Number(e.detail.ImpTotal)])).toEqual([
      [1, code, 10],
      [2, code, 20],
      [3, code, 30],
    ]);
    // One lost send + two sends; the retry of the first found it with FECompConsultar instead of sending again.
    expect(setup.sim.counters.caeaReports - reports).toBe(3);
    expect(await reporter.reportDue()).toBe(0);
    expect(setup.sim.book(ISSUER_CUIT, 70, 11)).toHaveLength(3);
  });

  it('an unknown CAEA is rejected with Err 782 and shown to the owner with its deadline', async () => {
    const row = await deviceCaeaInvoice(71, 1, '31999999999999');
    await reporter.reportDue();
    const after = await byId(row.id);
    expect(after.reportStatus).toBe('rechazada');
    expect(after.reportError).toMatch(/^ARCA rechazó el informe: 782 /);
    expect(setup.sim.book(ISSUER_CUIT, 71, 11)).toHaveLength(0);
    const pending = await deviceCaeaInvoice(72, 1);
    setup.sim.faults.unreachable = true;
    await reporter.reportDue();
    setup.sim.faults.unreachable = false;
    const screen = await s.call({ method: 'GET', url: '/api/invoices/caea', token: admin });
    expect(screen.status).toBe(200);
    const listed = screen.body.data.invoices.map((i: { id: number; report: unknown }) => [i.id, i.report]);
    expect(listed).toEqual(
      expect.arrayContaining([
        [row.id, expect.objectContaining({ status: 'rechazada', deadline, error: expect.stringContaining('782') })],
        [pending.id, expect.objectContaining({ status: 'pendiente', deadline })],
      ]),
    );
    expect(screen.body.data.caeas.map((c: { caea: string }) => c.caea)).toContain(code);
    const seller = await s.sellerToken();
    expect((await s.call({ method: 'GET', url: '/api/invoices/caea', token: seller })).status).toBe(403);
    // ARCA back: the pending one is reported and nothing is left for the file's other tests; the rejected one stays.
    await waitFor(async () => (await reporter.reportDue(), (await byId(pending.id)).reportStatus === 'informada'));
    expect((await byId(row.id)).reportStatus).toBe('rechazada');
  });

  it('sin movimiento: informed once for a CAEA point of sale that issued nothing in an ended fortnight', async () => {
    const settings = (await s.call({ method: 'GET', url: '/api/invoices/settings', token: admin })).body.data;
    expect((await s.call({ method: 'PUT', url: '/api/invoices/settings', token: admin, payload: { ...settings, certificate: undefined, caeaPtoVta: 80 } })).status).toBe(200);
    const device = await s.registerDevice(admin);
    expect((await s.call({ method: 'PUT', url: `/api/sync/devices/${device.id}/caea-pto-vta`, token: admin, payload: { caeaPtoVta: 81 } })).status).toBe(200);
    const past = fortnightOf(addDays(argentineToday(), -40));
    setup.sim.clock.today = compact(past.from);
    await keepCaeas(s.app.store, s.app.arca.runtime, past.from);
    setup.sim.clock.today = null;
    const pastCaea = (await s.app.store.read((q) => q.select().from(caeas))).find((c) => c.periodo === past.periodo && c.orden === past.orden)!.caea;
    // The server's point is informed; the device's waits until it pushed after the fortnight with nothing pending.
    expect(await reporter.informNoActivity()).toBe(1);
    expect(await reporter.informNoActivity()).toBe(0);
    const informed = setup.sim.ledger.sinMovimiento.filter((x) => x.caea === pastCaea);
    expect(informed.map((x) => x.ptoVta)).toEqual([80]);
    expect((await s.app.store.read((q) => q.select().from(caeaNoActivity))).map((r) => [r.caea, r.ptoVta])).toEqual([[pastCaea, 80]]);
    // The device pushed after the fortnight ended, but still holds sales to send: not yet.
    await s.app.store.write((tx) => tx.update(devices).set({ lastPushAt: new Date().toISOString(), pendingCount: 2 }).where(eq(devices.id, device.id)));
    expect(await reporter.informNoActivity()).toBe(0);
    // Nothing left on the device: its point of sale is informed, once.
    await s.app.store.write((tx) => tx.update(devices).set({ pendingCount: 0 }).where(eq(devices.id, device.id)));
    expect(await reporter.informNoActivity()).toBe(1);
    expect(await reporter.informNoActivity()).toBe(0);
    expect(setup.sim.ledger.sinMovimiento.filter((x) => x.caea === pastCaea).map((x) => x.ptoVta)).toEqual([80, 81]);
  });
});
