/**
 * The simulator's credit-note checks over real SOAP (WsfeClient → loopback simulator): a Nota de Crédito needs
 * CbtesAsoc to a comprobante this CUIT has authorised, of the same letter (Err/Obs 10040 otherwise), for at
 * most its total; a valid one is authorised and FECompConsultar gives its CbtesAsoc back, so the issuer's
 * sameComprobante can tell it from another note.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { arcaDate } from '../../../domain/invoicing/format';
import { loadCredentials } from '../../../server/integrations/arca/credentials';
import { loginCms } from '../../../server/integrations/arca/wsaa';
import { sameComprobante, WsfeClient, type FecaeDetRequest, type WsfeAuth } from '../../../server/integrations/arca/wsfe';
import { buildDetail } from '../../../server/modules/invoices/request';
import { ISSUER_CUIT, scopedSimulator, testPki } from './harness';

describe('simulator: credit notes', async () => {
  let auth: WsfeAuth;
  let client: WsfeClient;
  const PTO = 4;
  const setup = await scopedSimulator('responsable_inscripto');
  beforeAll(async () => {
    const ticket = await loginCms(setup.sim.wsaaUrl, 'wsfe', loadCredentials(testPki().certPem, testPki().keyPem), 5000);
    auth = { token: ticket.token, sign: ticket.sign, cuit: ISSUER_CUIT };
    client = new WsfeClient(setup.sim.wsfeUrl, 5000);
  });

  /** A Factura/NC B to consumidor final of $121 (100 + 21 % IVA), numbered next in its book. */
  async function detail(tipo: number, totalCents = 12100, asoc?: { Tipo: number; PtoVta: number; Nro: number }): Promise<FecaeDetRequest> {
    const nro = (await client.lastAuthorized(auth, PTO, tipo)) + 1;
    const netCents = Math.round(totalCents / 1.21);
    return buildDetail({
      cbteTipo: tipo,
      cbteNro: nro,
      cbteFch: arcaDate(Date.now()),
      docTipo: 99,
      docNro: '0',
      condicionIvaReceptor: 5,
      totalCents,
      netCents,
      ivaCents: totalCents - netCents,
      alicuotas: [{ id: 5, rate: 21, baseCents: netCents, ivaCents: totalCents - netCents }],
      cbteAsoc: asoc,
    });
  }

  async function invoiceB(): Promise<number> {
    const d = await detail(6);
    const r = await client.requestCae(auth, PTO, 6, d);
    expect(r.resultado).toBe('A');
    return r.cbteNro;
  }

  it('authorises an NC B associated with an authorised Factura B and echoes CbtesAsoc in FECompConsultar', async () => {
    const nro = await invoiceB();
    const sent = await detail(8, 12100, { Tipo: 6, PtoVta: PTO, Nro: nro });
    const r = await client.requestCae(auth, PTO, 8, sent);
    expect(r.resultado).toBe('A');
    expect(r.cae).toMatch(/^\d{14}$/);
    expect(setup.sim.lastRequests.get('FECAESolicitar')).toContain(`<CbtesAsoc><CbteAsoc><Tipo>6</Tipo><PtoVta>${PTO}</PtoVta><Nro>${nro}</Nro></CbteAsoc></CbtesAsoc><Iva>`);
    const found = await client.consult(auth, PTO, 8, r.cbteNro);
    expect(found.cae).toBe(r.cae);
    expect(sameComprobante(sent, found.detail)).toBe(true);
    // The same amounts credited against another invoice are another comprobante.
    expect(sameComprobante({ ...sent, CbtesAsoc: { CbteAsoc: [{ Tipo: 6, PtoVta: PTO, Nro: nro + 1 }] } }, found.detail)).toBe(false);
    expect(sameComprobante({ ...sent, CbtesAsoc: undefined }, found.detail)).toBe(false);
  });

  it('rejects an NC without CbtesAsoc, and one associated with a comprobante that does not exist', async () => {
    const missing = await client.requestCae(auth, PTO, 8, await detail(8));
    expect(missing.resultado).toBe('R');
    expect(missing.cae).toBe('');
    expect(missing.observations.map((o) => o.code)).toContain(10197);
    const unknown = await client.requestCae(auth, PTO, 8, await detail(8, 12100, { Tipo: 6, PtoVta: PTO, Nro: 9999 }));
    expect(unknown.resultado).toBe('R');
    expect(unknown.observations.map((o) => o.code)).toContain(10153);
  });

  it('rejects an NC whose letter differs from the associated comprobante with 10040', async () => {
    const nro = await invoiceB();
    // An NC A (3) for a Factura B: the buyer data is valid for A, only the letter of the association is wrong.
    const d = await detail(3, 12100, { Tipo: 6, PtoVta: PTO, Nro: nro });
    const r = await client.requestCae(auth, PTO, 3, { ...d, DocTipo: 80, DocNro: '30712345671', CondicionIVAReceptorId: 1 });
    expect(r.resultado).toBe('R');
    const obs = r.observations.find((o) => o.code === 10040);
    expect(obs?.msg).toMatch(/misma clase/);
    expect(setup.sim.book(ISSUER_CUIT, PTO, 3)).toHaveLength(0);
  });

  it('rejects an NC for more than the associated invoice', async () => {
    const nro = await invoiceB();
    const r = await client.requestCae(auth, PTO, 8, await detail(8, 24200, { Tipo: 6, PtoVta: PTO, Nro: nro }));
    expect(r.resultado).toBe('R');
    expect(r.observations.map((o) => o.code)).toContain(10154);
  });
});
