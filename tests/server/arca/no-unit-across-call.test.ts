/**
 * No write unit is open while ARCA is called (issue #20; docs/reference/arca-wsfe.md "Numbering and
 * recovery"): while ARCA holds the reply of a granted FECAESolicitar, the pending row is already
 * committed with its number, date and exact request (the store's committed-only reader sees it), and
 * the shop's other writes go on (a brand is created, a sale is recorded) instead of waiting for ARCA.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoices } from '../../../server/db/schema';
import { first } from '../../../server/db/store';
import { arcaApp, generate, ISSUER_CUIT, paidSale, waitFor } from './harness';

describe('ARCA is called with no unit open', async () => {
  const { s, admin: token, setup } = await arcaApp('monotributo');

  it('while ARCA holds its reply the numbered request is committed and other writes commit', async () => {
    const saleId = await paidSale(s, token, [{ price: 321, quantity: 1 }]);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    setup.sim.faults.holdAfterGrant = async () => {
      held = true;
      await gate;
    };
    const invoicing = generate(s, token, saleId);
    await waitFor(() => held);

    const row = (await s.app.store.read((q) => first(q.select().from(invoices).where(eq(invoices.saleId, saleId)))))!;
    expect(row).toMatchObject({ status: 'pendiente', attempts: 1, cae: null });
    expect(row.cbteNro).toBeGreaterThan(0);
    expect(JSON.parse(row.requestJson)).toMatchObject({ CbteDesde: row.cbteNro, CbteHasta: row.cbteNro, CbteFch: row.cbteFch });

    const brand = await s.call({ method: 'POST', url: '/api/brands', token, payload: { name: 'Mientras ARCA responde' } });
    expect(brand.status).toBe(201);
    expect(await paidSale(s, token, [{ price: 10, quantity: 1 }])).toBeGreaterThan(saleId);

    setup.sim.faults.holdAfterGrant = null;
    release();
    const res = await invoicing;
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'autorizada', cbteNro: row.cbteNro });
    expect(res.body.data.cae).toBe(setup.sim.book(ISSUER_CUIT, 4, 11)[row.cbteNro! - 1].cae);
  });
});
