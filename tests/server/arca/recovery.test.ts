/**
 * Recovery rules of docs/reference/arca-wsfe.md: a pending row is consulted before anything is resent; another
 * comprobante at our number → renumbered; 10016 with the number free → renumbered from
 * FECompUltimoAutorizado; an old date → today's; Err 501 → stays pending with the reason, then
 * "Reintentar"; 200 invoices cost one WSAA login and the ticket survives a restart; the
 * FECAESolicitar request matches the fixture element for element.
 */
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp, restartableDatabase } from '../../helpers/server';
import { createProducts } from '../../helpers/fixtures';
import { arcaApp, BUYER_A, BUYER_CUIT, generate, ISSUER_CUIT, paidSale } from './harness';
import { sqlRun, sqlValue } from '../../helpers/sql';

/** Element skeleton: depth, local name and declared default namespace, in document order. */
function skeleton(xml: string): string[] {
  const out: string[] = [];
  let depth = 0;
  for (const m of xml.replace(/<\?[^>]*\?>|<!--[\s\S]*?-->/g, '').matchAll(/<(\/?)([\w:]+)([^>]*?)(\/?)>/g)) {
    const [, close, name, attrs, selfClose] = m;
    if (close) {
      depth--;
      continue;
    }
    const ns = /xmlns="([^"]+)"/.exec(attrs)?.[1] ?? '';
    out.push(`${depth}:${name}${ns ? `@${ns}` : ''}`);
    if (!selfClose) depth++;
  }
  return out;
}

describe('recovery and tickets (Responsable Inscripto)', async () => {
  const { s, admin: token, setup } = await arcaApp('responsable_inscripto');

  it('the FECAESolicitar request matches the fixture element for element', async () => {
    const saleId = await paidSale(s, token, [{ price: 121, quantity: 1 }]);
    expect((await generate(s, token, saleId, { tipo_comprobante: 1, documento_tipo: 80, documento_nro: BUYER_CUIT, condicion_iva_receptor: 1, ...BUYER_A })).status).toBe(201);
    const fixture = readFileSync(path.resolve('tests/fixtures/arca/fecaesolicitar-request.xml'), 'utf8');
    expect(skeleton(setup.sim.lastRequests.get('FECAESolicitar')!)).toEqual(skeleton(fixture));
  });

  it('Err 501 leaves the invoice pending with its reason; Reintentar then authorises it', async () => {
    const saleId = await paidSale(s, token, [{ price: 10, quantity: 1 }]);
    setup.sim.faults.err501Count = 1000;
    const res = await generate(s, token, saleId, { tipo_comprobante: 6 });
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/pendiente/);
    expect(res.body.data).toMatchObject({ status: 'pendiente', cae: null });
    const pending = await s.call({ method: 'GET', url: '/api/invoices/pending', token });
    expect(pending.body.data.find((i: { saleId: number }) => i.saleId === saleId).failureReason).toMatch(/501/);
    setup.sim.faults.err501Count = 0;
    const retry = await s.call({ method: 'POST', url: `/api/invoices/${res.body.data.id}/retry`, token });
    expect(retry.status).toBe(200);
    expect(retry.body.data.status).toBe('autorizada');
    expect(retry.body.data.cae).toBe(setup.sim.book(ISSUER_CUIT, 4, 6).at(-1)!.cae);
  });

  it('a pending number taken by another comprobante is renumbered; a stale number gets 10016 and is renumbered', async () => {
    const a = await paidSale(s, token, [{ price: 20, quantity: 1 }]);
    setup.sim.faults.err501Count = 1000;
    const res = await generate(s, token, a, { tipo_comprobante: 6 });
    const id = res.body.data.id;
    // Hold number n as a pending row that was never sent, then let another system use n at ARCA.
    const book = setup.sim.book(ISSUER_CUIT, 4, 6);
    const n = book.length + 1;
    const today = new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');
    const stored = JSON.parse((await sqlValue(s.app, 'select request_json r from invoices where id = ?', id)) as string);
    const req = { ...stored, CbteDesde: n, CbteHasta: n, CbteFch: today };
    await sqlRun(s.app, 'update invoices set cbte_nro = ?, cbte_fch = ?, request_json = ? where id = ?', n, today, JSON.stringify(req), id);
    book.push({ detail: { ...req, DocTipo: '96', DocNro: '30123456', ImpTotal: '99.00' }, cae: '79999999999999', caeVto: today, fchProceso: today, observations: [] });
    setup.sim.faults.err501Count = 0;
    const retried = await s.call({ method: 'POST', url: `/api/invoices/${id}/retry`, token });
    expect(retried.body.data).toMatchObject({ status: 'autorizada', cbteNro: n + 1 });
    expect(retried.body.data.cae).toBe(book[n].cae);

    // A pending row holding a number beyond ARCA's next: consult says 602, the send gets 10016, renumbered.
    const b = await paidSale(s, token, [{ price: 30, quantity: 1 }]);
    setup.sim.faults.err501Count = 1000;
    const res2 = await generate(s, token, b, { tipo_comprobante: 6 });
    const far = book.length + 5;
    const req2 = { ...JSON.parse((await sqlValue(s.app, 'select request_json r from invoices where id = ?', res2.body.data.id)) as string), CbteDesde: far, CbteHasta: far, CbteFch: '20200101' };
    await sqlRun(s.app, 'update invoices set cbte_nro = ?, cbte_fch = ?, request_json = ? where id = ?', far, '20200101', JSON.stringify(req2), res2.body.data.id);
    setup.sim.faults.err501Count = 0;
    const grantedBefore = setup.sim.counters.granted;
    const retried2 = await s.call({ method: 'POST', url: `/api/invoices/${res2.body.data.id}/retry`, token });
    expect(retried2.body.data).toMatchObject({ status: 'autorizada', cbteNro: book.length });
    expect(setup.sim.counters.granted).toBe(grantedBefore + 1);
    const numbers = book.map((e) => Number(e.detail.CbteDesde));
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });

  it('200 invoices cost one WSAA login, and the ticket survives a restart', async () => {
    // Its own simulator and server, restarted on the same data: the same directory and, on PostgreSQL, database.
    const restart = { dataDir: mkdtempSync(path.join(tmpdir(), 'mostrador-arca-rec-')), ...(await restartableDatabase()) };
    const { s: first, admin: t1, setup: own } = await arcaApp('responsable_inscripto', { config: restart });
    const ids = await createProducts(first.app.store, 200, { price: 5, stock: 5 });
    for (const productId of ids) {
      const sale = await first.call({ method: 'POST', url: '/api/sales', token: t1, payload: { items: [{ productId, quantity: 1 }], paymentMethod: 'efectivo' } });
      expect((await generate(first, t1, sale.body.data.id, { tipo_comprobante: 6 })).status).toBe(201);
    }
    expect(own.sim.counters.logins).toBe(1);
    await first.close();
    const { s: again, admin: t2 } = await buildApp({ config: restart, env: own.env });
    const saleId = await paidSale(again, t2, [{ price: 7, quantity: 1 }]);
    expect((await generate(again, t2, saleId, { tipo_comprobante: 6 })).status).toBe(201);
    expect(own.sim.counters.logins).toBe(1);
    expect(own.sim.counters.loginFaults).toBe(0);
  }, 120_000);
});
