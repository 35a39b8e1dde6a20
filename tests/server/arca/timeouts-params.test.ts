/**
 * A slow ARCA (replies later than ARCA_TIMEOUT_MS) leaves the invoice pending, and the background
 * retry finishes it with the CAE the simulator granted, without a second CAE. The parameter calls
 * (FEParamGetTiposCbte, FEParamGetTiposDoc, FEParamGetCondicionIvaReceptor) read the simulator's lists.
 */
import { describe, expect, it } from 'vitest';
import { loadCredentials } from '../../../server/integrations/arca/credentials';
import { loginCms } from '../../../server/integrations/arca/wsaa';
import { WsfeClient } from '../../../server/integrations/arca/wsfe';
import { arcaApp, generate, ISSUER_CUIT, paidSale, scopedSimulator, testPki, waitFor } from './harness';

describe('timeouts', async () => {
  const { s, admin: token, setup } = await arcaApp('monotributo', { env: { ARCA_TIMEOUT_MS: '300' } });

  it('a reply slower than the timeout leaves the invoice pending; the retry adopts the same CAE', async () => {
    const saleId = await paidSale(s, token, [{ price: 500, quantity: 1 }]);
    await generate(s, token, await paidSale(s, token, [{ price: 1, quantity: 1 }])); // log in before slowing down
    setup.sim.faults.delayMs = 800;
    const res = await generate(s, token, saleId);
    expect(res.status).toBe(503);
    expect(res.body.data.status).toBe('pendiente');
    setup.sim.faults.delayMs = 0;
    let invoice: { status: string; cae: string | null; cbteNro: number } = res.body.data;
    await waitFor(async () => {
      invoice = (await s.call({ method: 'GET', url: `/api/invoices/sale/${saleId}`, token })).body.data;
      return invoice.status === 'autorizada';
    });
    const book = setup.sim.book(ISSUER_CUIT, 4, 11);
    expect(invoice.cae).toBe(book[invoice.cbteNro - 1].cae);
    expect(book).toHaveLength(2);
  });
});

describe('parameter calls', async () => {
  const setup = await scopedSimulator();

  it('read comprobante types, document types and receptor conditions per class', async () => {
    const ticket = await loginCms(setup.sim.wsaaUrl, 'wsfe', loadCredentials(testPki().certPem, testPki().keyPem), 5000);
    const auth = { token: ticket.token, sign: ticket.sign, cuit: ISSUER_CUIT };
    const client = new WsfeClient(setup.sim.wsfeUrl, 5000);
    expect((await client.tiposCbte(auth)).map((t) => t.id)).toEqual(expect.arrayContaining([1, 6, 11]));
    expect((await client.tiposDoc(auth)).find((t) => t.id === 80)?.desc).toBe('CUIT');
    expect((await client.condicionesIvaReceptor(auth, 'A')).map((c) => c.id)).toEqual([1, 6, 13, 16]);
    expect((await client.condicionesIvaReceptor(auth, 'B')).map((c) => c.id)).toEqual([4, 5, 7, 8, 9, 10, 15]);
    expect(await client.dummy()).toEqual({ appServer: 'OK', dbServer: 'OK', authServer: 'OK' });
  });
});
