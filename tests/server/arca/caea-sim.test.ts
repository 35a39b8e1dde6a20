/**
 * CAEA in the simulator, through the real client over loopback SOAP: the request window (Err 15006), the
 * same fortnight asked twice answers the same CAEA, FECAEAConsultar; FECAEARegInformativo with Err 782,
 * the CAEA's validity, correlative numbering per (PtoVta, CbteTipo), a number already informed refused
 * (no second record), FECompConsultar finding it as EmisionTipo "CAEA"; sin movimiento once; the
 * "unreachable" switch; the CAEA state surviving a restart of the simulator (state file).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, fortnightOf, nextFortnight } from '../../../domain/invoicing/caea';
import { arcaDate } from '../../../domain/invoicing/format';
import { CaeaClient, type CaeaDetRequest } from '../../../server/integrations/arca/caea';
import { loadCredentials } from '../../../server/integrations/arca/credentials';
import { ArcaServiceError, ArcaTransportError } from '../../../server/integrations/arca/errors';
import { startArcaSimulator } from '../../../server/integrations/arca/simulator/server';
import { loginCms } from '../../../server/integrations/arca/wsaa';
import { WsfeClient, type WsfeAuth } from '../../../server/integrations/arca/wsfe';
import { ISSUER_CUIT, scopedSimulator, testPki } from './harness';

const isoToday = () => {
  const d = arcaDate(Date.now());
  return `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
};
const compact = (iso: string) => iso.replaceAll('-', '');

function detail(caea: string, nro: number, cbteFch: string, total = '100.00'): CaeaDetRequest {
  return {
    Concepto: 1,
    DocTipo: 99,
    DocNro: '0',
    CbteDesde: nro,
    CbteHasta: nro,
    CbteFch: cbteFch,
    ImpTotal: total,
    ImpTotConc: '0.00',
    ImpNeto: total,
    ImpOpEx: '0.00',
    ImpTrib: '0.00',
    ImpIVA: '0.00',
    MonId: 'PES',
    MonCotiz: '1',
    CondicionIVAReceptorId: 5,
    CAEA: caea,
    CbteFchHsGen: `${cbteFch}120000`,
  };
}

describe('CAEA in the ARCA simulator', async () => {
  let wsfe: WsfeClient;
  let caea: CaeaClient;
  let auth: WsfeAuth;
  const setup = await scopedSimulator('monotributo');
  beforeAll(async () => {
    wsfe = new WsfeClient(setup.sim.wsfeUrl, 5000);
    caea = new CaeaClient(wsfe);
    const t = await loginCms(setup.sim.wsaaUrl, 'wsfe', loadCredentials(testPki().certPem, testPki().keyPem), 5000);
    auth = { token: t.token, sign: t.sign, cuit: ISSUER_CUIT };
  });

  it('grants the current fortnight, the same CAEA twice, and refuses outside the window with 15006', async () => {
    const f = fortnightOf(isoToday());
    const first = await caea.request(auth, f.periodo, f.orden);
    expect(first.caea).toMatch(/^\d{14}$/);
    expect(first.validFrom).toBe(f.from);
    expect(first.validTo).toBe(f.to);
    expect(first.reportDeadline > f.to).toBe(true);
    expect((await caea.request(auth, f.periodo, f.orden)).caea).toBe(first.caea);
    expect((await caea.consult(auth, f.periodo, f.orden)).caea).toBe(first.caea);
    const far = nextFortnight(nextFortnight(f));
    const err = await caea.request(auth, far.periodo, far.orden).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ArcaServiceError);
    expect((err as ArcaServiceError).has(15006)).toBe(true);
    expect(setup.sim.lastRequests.get('FECAEASolicitar')).toContain(`<Periodo>${far.periodo}</Periodo><Orden>${far.orden}</Orden>`);
    const missing = await caea.consult(auth, far.periodo, far.orden).catch((e: unknown) => e);
    expect((missing as ArcaServiceError).has(602)).toBe(true);
    const bad = await caea.request(auth, 202613, 1).catch((e: unknown) => e);
    expect((bad as ArcaServiceError).has(15004)).toBe(true);
  });

  it('the window opens 5 days before the fortnight (simulator clock)', async () => {
    const f = nextFortnight(fortnightOf(isoToday()));
    setup.sim.clock.today = compact(addDays(f.from, -6));
    expect(((await caea.request(auth, f.periodo, f.orden).catch((e: unknown) => e)) as ArcaServiceError).has(15006)).toBe(true);
    setup.sim.clock.today = compact(addDays(f.from, -5));
    expect((await caea.request(auth, f.periodo, f.orden)).validFrom).toBe(f.from);
    setup.sim.clock.today = null;
  });

  it('RegInformativo: 782, validity, next number only, a number informed twice is refused, FECompConsultar finds it', async () => {
    const f = fortnightOf(isoToday());
    const code = (await caea.request(auth, f.periodo, f.orden)).caea;
    const fch = compact(isoToday());
    const unknown = await caea.report(auth, 50, 11, detail('31999999999999', 1, fch));
    expect(unknown.resultado).toBe('R');
    expect(unknown.errors.map((e) => e.code)).toContain(782);
    expect((await caea.report(auth, 50, 11, detail('', 1, fch))).errors.map((e) => e.code)).toContain(782);
    const outside = await caea.report(auth, 50, 11, detail(code, 1, compact(addDays(f.to, 1))));
    expect(outside.resultado).toBe('R');
    expect((await caea.report(auth, 50, 11, detail(code, 2, fch))).errors.map((e) => e.code)).toContain(10016);
    expect((await caea.report(auth, 50, 11, detail(code, 1, fch))).resultado).toBe('A');
    const again = await caea.report(auth, 50, 11, detail(code, 1, fch));
    expect(again.resultado).toBe('R');
    expect(again.errors.map((e) => e.code)).toContain(1207);
    expect((await caea.report(auth, 50, 11, detail(code, 2, fch, '50.00'))).resultado).toBe('A');
    const book = setup.sim.book(ISSUER_CUIT, 50, 11);
    expect(book.map((e) => Number(e.detail.CbteDesde))).toEqual([1, 2]);
    expect(book.every((e) => e.emisionTipo === 'CAEA' && e.cae === code)).toBe(true);
    const found = await wsfe.consult(auth, 50, 11, 2);
    expect(found.cae).toBe(code);
    expect(found.emisionTipo).toBe('CAEA');
    expect(Number(found.detail.ImpTotal)).toBe(50);
    expect(await wsfe.lastAuthorized(auth, 50, 11)).toBe(2);
    // A rejected amount check leaves no record.
    const wrongSum = { ...detail(code, 3, fch), ImpNeto: '10.00' };
    expect((await caea.report(auth, 50, 11, wrongSum)).resultado).toBe('R');
    expect(book).toHaveLength(2);
  });

  it('sin movimiento: once per point of sale and CAEA; refused where comprobantes were informed', async () => {
    const f = fortnightOf(isoToday());
    const code = (await caea.request(auth, f.periodo, f.orden)).caea;
    expect(await caea.noActivityInformed(auth, 51, code)).toBe(false);
    await caea.informNoActivity(auth, 51, code);
    expect(await caea.noActivityInformed(auth, 51, code)).toBe(true);
    expect(((await caea.informNoActivity(auth, 51, code).catch((e: unknown) => e)) as ArcaServiceError).has(1204)).toBe(true);
    expect(((await caea.informNoActivity(auth, 51, '31999999999999').catch((e: unknown) => e)) as ArcaServiceError).has(1200)).toBe(true);
    expect(setup.sim.ledger.sinMovimiento.filter((s) => s.ptoVta === 51)).toHaveLength(1);
  });

  it('unreachable drops every request; a lost reply after the effect still recorded it once', async () => {
    setup.sim.faults.unreachable = true;
    expect(await wsfe.lastAuthorized(auth, 50, 11).catch((e: unknown) => e)).toBeInstanceOf(ArcaTransportError);
    setup.sim.faults.unreachable = false;
    const f = fortnightOf(isoToday());
    const code = (await caea.request(auth, f.periodo, f.orden)).caea;
    setup.sim.faults.loseNextReply.FECAEARegInformativo = 1;
    const lost = await caea.report(auth, 52, 11, detail(code, 1, compact(isoToday()))).catch((e: unknown) => e);
    expect(lost).toBeInstanceOf(ArcaTransportError);
    expect(setup.sim.book(ISSUER_CUIT, 52, 11)).toHaveLength(1);
    expect((await wsfe.consult(auth, 52, 11, 1)).emisionTipo).toBe('CAEA');
  });

  it('CAEAs, informed comprobantes and sin movimiento survive a restart (state file)', async () => {
    const stateFile = path.join(mkdtempSync(path.join(tmpdir(), 'mostrador-caea-sim-')), 'state.json');
    const sim = await startArcaSimulator({ caCertPem: testPki().caCertPem, stateFile });
    const c = new CaeaClient(new WsfeClient(sim.wsfeUrl, 5000));
    const t = await loginCms(sim.wsaaUrl, 'wsfe', loadCredentials(testPki().certPem, testPki().keyPem), 5000);
    const a = { token: t.token, sign: t.sign, cuit: ISSUER_CUIT };
    const f = fortnightOf(isoToday());
    const code = (await c.request(a, f.periodo, f.orden)).caea;
    expect((await c.report(a, 60, 11, detail(code, 1, compact(isoToday())))).resultado).toBe('A');
    await c.informNoActivity(a, 61, code);
    await sim.close();
    const again = await startArcaSimulator({ caCertPem: testPki().caCertPem, stateFile });
    try {
      const c2 = new CaeaClient(new WsfeClient(again.wsfeUrl, 5000));
      expect((await c2.consult(a, f.periodo, f.orden)).caea).toBe(code);
      expect(again.book(ISSUER_CUIT, 60, 11)).toHaveLength(1);
      expect(await c2.noActivityInformed(a, 61, code)).toBe(true);
    } finally {
      await again.close();
    }
  });
});
