/**
 * Issue #31.9: lost replies to a credit note against an ARCA whose FECompConsultar reply omits the
 * associated invoice (the simulator's `consultOmits` knob). Recovery matches a found comprobante by
 * everything the request fixed (type, number, date, buyer, amounts, Iva, CbtesAsoc when the reply
 * carries them), so it adopts its own note and never authorises a second one for the same cancellation;
 * a reply too thin to tell (no total, no date) leaves the note pending and sends nothing.
 */
import { describe, expect, it } from 'vitest';
import { matchComprobante, type FecaeDetRequest } from '../../../server/integrations/arca/wsfe';
import { arcaApp, generate, ISSUER_CUIT, paidSale, waitFor } from './harness';

const { s, admin: token, setup } = await arcaApp('responsable_inscripto');

async function invoicedSale(price: number) {
  const saleId = await paidSale(s, token, [{ price, quantity: 1 }]);
  const inv = await generate(s, token, saleId, { tipo_comprobante: 6 });
  expect(inv.status).toBe(201);
  return { saleId, invoice: inv.body.data as { id: number; cbteNro: number } };
}
const cancel = (saleId: number) => s.call({ method: 'POST', url: `/api/sales/${saleId}/cancel`, token });
const noteOf = async (saleId: number) => (await s.call({ method: 'GET', url: `/api/sales/${saleId}/returns`, token })).body.data.cancellationNote;
/** Every NC B at ARCA crediting Factura B n° `nro`. */
const ncAtArca = (nro: number) =>
  setup.sim.book(ISSUER_CUIT, 4, 8).filter((e) => e.detail.CbtesAsoc?.CbteAsoc?.some((a: { Tipo: string; Nro: string }) => Number(a.Tipo) === 6 && Number(a.Nro) === nro));

describe('credit note recovery when the lookup reply omits fields', () => {
  it('three lost replies and no CbtesAsoc in the lookup: one note at ARCA, adopted with its CAE', async () => {
    const { saleId, invoice } = await invoicedSale(363);
    const granted = setup.sim.counters.granted;
    setup.sim.faults.consultOmits = ['CbtesAsoc'];
    setup.sim.faults.loseNextReply.FECAESolicitar = 3;
    try {
      expect((await cancel(saleId)).status).toBe(200);
      await waitFor(async () => (await noteOf(saleId))?.status === 'autorizada');
    } finally {
      setup.sim.faults.consultOmits = [];
      setup.sim.faults.loseNextReply.FECAESolicitar = 0;
    }
    const note = await noteOf(saleId);
    const atArca = ncAtArca(invoice.cbteNro);
    expect(atArca).toHaveLength(1);
    expect(atArca[0]!.cae).toBe(note.cae);
    expect(setup.sim.counters.granted - granted).toBe(1);
  });

  it('a lookup reply without the total and the date: the note stays pending and nothing is sent again; later it is adopted', async () => {
    const { saleId, invoice } = await invoicedSale(484);
    const requests = setup.sim.counters.caeRequests;
    setup.sim.faults.consultOmits = ['ImpTotal', 'CbteFch', 'CbtesAsoc'];
    setup.sim.faults.loseNextReply.FECAESolicitar = 1;
    try {
      expect((await cancel(saleId)).status).toBe(200);
      await waitFor(async () => ((await noteOf(saleId))?.failureReason ?? '').includes('no se reenvía'));
      const consults = setup.sim.counters.consults;
      await waitFor(() => setup.sim.counters.consults >= consults + 2); // the retry loop keeps consulting…
      expect(setup.sim.counters.caeRequests - requests).toBe(1); // …and never sends it again
      expect((await noteOf(saleId)).status).toBe('pendiente');
    } finally {
      setup.sim.faults.consultOmits = [];
      setup.sim.faults.loseNextReply.FECAESolicitar = 0;
    }
    await waitFor(async () => (await noteOf(saleId))?.status === 'autorizada');
    expect(ncAtArca(invoice.cbteNro)).toHaveLength(1);
    expect(ncAtArca(invoice.cbteNro)[0]!.cae).toBe((await noteOf(saleId)).cae);
  });

  it('matches by every field the request fixed, not by one', () => {
    const sent: FecaeDetRequest = {
      Concepto: 1,
      DocTipo: 99,
      DocNro: '0',
      CbteDesde: 7,
      CbteHasta: 7,
      CbteFch: '20261126',
      ImpTotal: '121.00',
      ImpTotConc: '0.00',
      ImpNeto: '100.00',
      ImpOpEx: '0.00',
      ImpTrib: '0.00',
      ImpIVA: '21.00',
      MonId: 'PES',
      MonCotiz: '1',
      CondicionIVAReceptorId: 5,
      CbtesAsoc: { CbteAsoc: [{ Tipo: 6, PtoVta: 4, Nro: 12 }] },
      Iva: { AlicIva: [{ Id: 5, BaseImp: '100.00', Importe: '21.00' }] },
    };
    const found = { CbteTipo: '8', Concepto: '1', DocTipo: '99', DocNro: '0', CbteDesde: '7', CbteHasta: '7', CbteFch: '20261126', ImpTotal: '121', ImpTotConc: '0', ImpNeto: '100', ImpOpEx: '0', ImpTrib: '0', ImpIVA: '21', Iva: { AlicIva: [{ Id: '5', BaseImp: '100', Importe: '21' }] } };
    expect(matchComprobante(sent, found, 8)).toBe('same');
    expect(matchComprobante(sent, { ...found, CbtesAsoc: { CbteAsoc: [{ Tipo: '6', PtoVta: '4', Nro: '12' }] } }, 8)).toBe('same');
    expect(matchComprobante(sent, { ...found, CbtesAsoc: { CbteAsoc: [{ Tipo: '6', PtoVta: '4', Nro: '13' }] } }, 8)).toBe('other');
    expect(matchComprobante(sent, { ...found, ImpTotal: '122' }, 8)).toBe('other');
    expect(matchComprobante(sent, { ...found, CbteFch: '20261125' }, 8)).toBe('other');
    expect(matchComprobante(sent, { ...found, DocTipo: '96', DocNro: '30123456' }, 8)).toBe('other');
    expect(matchComprobante(sent, found, 3)).toBe('other');
    expect(matchComprobante(sent, { ...found, Iva: { AlicIva: [{ Id: '4', BaseImp: '100', Importe: '21' }] } }, 8)).toBe('other');
    expect(matchComprobante(sent, { ...found, ImpTotal: undefined }, 8)).toBe('unclear');
    expect(matchComprobante(sent, { ...found, DocNro: undefined }, 8)).toBe('unclear');
  });
});
