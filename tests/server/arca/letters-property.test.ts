/**
 * Each (issuer, buyer condition) pair gets the legal letter, approved by the simulator; and a
 * fast-check property over random carts, prices, discounts and IVA rates never meets 10048 (sums) or
 * 10051 (aliquot amounts) — through the real routes against the simulator.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CBTE_LETTER, CONDICIONES_CLASE_A, CONDICIONES_IVA, IVA_RATES, type IssuerTaxCondition } from '../../../domain/invoicing/codes';
import { legalCbteTipo } from '../../../domain/invoicing/letter';
import { arcaApp, BUYER_CUIT, generate, paidSale } from './harness';

const BUYER = { receptor_nombre: 'Ferretería El Tornillo S.A.', receptor_domicilio: 'Av. Rivadavia 1234, CABA' };

for (const issuer of ['monotributo', 'responsable_inscripto'] as IssuerTaxCondition[]) {
  describe(`letters and amounts, issuer ${issuer}`, async () => {
    const { s, admin: token } = await arcaApp(issuer);

    it('every buyer condition gets the legal letter, approved by ARCA', async () => {
      for (const cond of CONDICIONES_IVA) {
        const tipo = legalCbteTipo(issuer, cond);
        const identified = CONDICIONES_CLASE_A.includes(cond) || cond !== 5;
        const saleId = await paidSale(s, token, [{ price: 242, quantity: 1 }]);
        const res = await generate(s, token, saleId, {
          tipo_comprobante: tipo,
          documento_tipo: identified ? 80 : 99,
          documento_nro: identified ? BUYER_CUIT : 0,
          condicion_iva_receptor: cond,
          // An identified buyer carries what a Factura A (and any letter above the threshold) requires.
          ...(identified ? BUYER : {}),
        });
        expect(res.status, `${issuer} → ${cond}: ${res.body.message}`).toBe(201);
        expect(res.body.data.letter).toBe(CBTE_LETTER[tipo]);
        expect(res.body.data.letter).toBe(issuer === 'monotributo' ? 'C' : CONDICIONES_CLASE_A.includes(cond) ? 'A' : 'B');
      }
    }, 60_000);

    it('random carts, prices, discounts and IVA rates are always approved (never 10048 / 10051)', async () => {
      const line = fc.record({ cents: fc.integer({ min: 1, max: 9_999_999 }), quantity: fc.integer({ min: 1, max: 7 }), rate: fc.constantFrom(...IVA_RATES) });
      await fc.assert(
        fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 5 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.boolean(), async (lines, discountShare, toA) => {
          const subtotal = lines.reduce((a, l) => a + l.cents * l.quantity, 0);
          const discount = Math.floor(subtotal * discountShare) / 100;
          const saleId = await paidSale(s, token, lines.map((l) => ({ price: l.cents / 100, quantity: l.quantity, ivaRate: l.rate })), discount);
          const a = issuer === 'responsable_inscripto' && toA;
          const res = await generate(s, token, saleId, {
            tipo_comprobante: issuer === 'monotributo' ? 11 : a ? 1 : 6,
            documento_tipo: 80,
            documento_nro: BUYER_CUIT,
            condicion_iva_receptor: a ? 1 : 5,
            ...BUYER,
          });
          expect(res.status, res.body.message).toBe(201);
          const inv = res.body.data;
          expect(Math.round(inv.total * 100)).toBe(subtotal - Math.round(discount * 100));
          expect(Math.round(inv.net * 100) + Math.round(inv.iva * 100)).toBe(Math.round(inv.total * 100));
        }),
        { numRuns: 40 },
      );
    }, 120_000);
  });
}
