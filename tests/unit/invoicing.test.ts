/** Pure invoicing rules: IVA split exact to the cent, CUIT check digit, number and date formats, QR, letters. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, baseFromGross, invoiceAmounts } from '../../domain/invoicing/amounts';
import { IVA_RATES } from '../../domain/invoicing/codes';
import { documentProblem, isValidCuit } from '../../domain/invoicing/cuit';
import { arcaDate, buildQrUrl, formatInvoiceNumber, parseQrUrl } from '../../domain/invoicing/format';
import { legalCbteTipo, letterProblem } from '../../domain/invoicing/letter';
import { thresholdProblem } from '../../domain/invoicing/threshold';
import { buildDetail } from '../../server/modules/invoices/request';
import { checkDetail, isRejected } from '../../server/integrations/arca/simulator/rules';
import { PUSH_INVOICE_NOTES } from '../../domain/messages';

describe('IVA breakdown', () => {
  it('121,00 at 21 % is 100,00 + 21,00', () => {
    expect(invoiceAmounts([{ grossCents: 12100, ivaRate: 21 }], 0, 6)).toEqual({ totalCents: 12100, netCents: 10000, ivaCents: 2100, alicuotas: [{ id: 5, rate: 21, baseCents: 10000, ivaCents: 2100 }] });
    expect(invoiceAmounts([{ grossCents: 12100, ivaRate: 21 }], 100, 11)).toEqual({ totalCents: 12000, netCents: 12000, ivaCents: 0, alicuotas: [] });
    expect(baseFromGross(1105, 10.5)).toBe(1000);
  });

  it('allocate splits exactly', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1e9 }), fc.array(fc.integer({ min: 1, max: 1e9 }), { minLength: 1, maxLength: 4 }), (amount, weights) => {
      const parts = allocate(amount, weights);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(amount);
      expect(parts.every((p) => p >= 0)).toBe(true);
    }));
  });

  it('any cart, discount and rates: sums exact and every aliquot within ARCA’s tolerance (simulator rules)', () => {
    const line = fc.record({ grossCents: fc.integer({ min: 1, max: 5_000_000_000 }), ivaRate: fc.constantFrom(...IVA_RATES) });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(1 as const, 6 as const), (lines, share, tipo) => {
        const gross = lines.reduce((a, l) => a + l.grossCents, 0);
        const a = invoiceAmounts(lines, Math.floor(gross * share), tipo);
        expect(a.netCents + a.ivaCents).toBe(a.totalCents);
        const detail = buildDetail({ cbteTipo: tipo, cbteNro: 1, cbteFch: '20261122', docTipo: 80, docNro: '30712345671', condicionIvaReceptor: tipo === 1 ? 1 : 5, ...a });
        const parsed = JSON.parse(JSON.stringify(detail));
        const outcome = checkDetail(parsed, { issuer: 'responsable_inscripto', cbteTipo: tipo, lastNumber: 0, lastDate: null, todayArca: '20261122', thresholdCents: 1e15 });
        expect(outcome.observations.filter((o) => o.code === 10048 || o.code === 10051)).toEqual([]);
        expect(isRejected(outcome)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  }, 60_000);
});

describe('documents, letters, formats', () => {
  it('CUIT check digit', () => {
    expect(isValidCuit('20-11111111-2')).toBe(true);
    expect(isValidCuit('30712345671')).toBe(true);
    expect(isValidCuit('30712345672')).toBe(false);
    expect(documentProblem(80, '30712345672')).toBe('El CUIT no es válido (dígito verificador incorrecto)');
    expect(documentProblem(99, '0')).toBeNull();
  });

  it('letters', () => {
    expect(legalCbteTipo('monotributo', 1)).toBe(11);
    expect(legalCbteTipo('responsable_inscripto', 1)).toBe(1);
    expect(legalCbteTipo('responsable_inscripto', 6)).toBe(1);
    expect(legalCbteTipo('responsable_inscripto', 5)).toBe(6);
    expect(letterProblem('responsable_inscripto', 1, 1, 96)).toMatch(/CUIT/);
  });

  it('number, Argentine date, threshold and QR', () => {
    expect(formatInvoiceNumber(4, 1836)).toBe('00004-00001836');
    // 22:30 in Buenos Aires on Nov 22 is already Nov 23 in UTC.
    expect(arcaDate('2026-11-23T01:30:00Z')).toBe('20261122');
    expect(thresholdProblem(1_000_000_000, 99, 1_000_000_000)).toMatch(/\$ 10\.000\.000,00/);
    expect(thresholdProblem(999_999_999, 99, 1_000_000_000)).toBeNull();
    const url = buildQrUrl({ fecha: '20210701', cuit: '20267565393', ptoVta: 4000, tipoCmp: 1, nroCmp: 1836, importe: 122, tipoDocRec: 80, nroDocRec: '30000000007', codAut: '71263951827464' });
    expect(url.startsWith('https://www.afip.gob.ar/fe/qr/?p=')).toBe(true);
    expect(parseQrUrl(url)).toEqual({ ver: 1, fecha: '2021-07-01', cuit: 20267565393, ptoVta: 4000, tipoCmp: 1, nroCmp: 1836, importe: 122, moneda: 'PES', ctz: 1, tipoDocRec: 80, nroDocRec: 30000000007, tipoCodAut: 'E', codAut: 71263951827464 });
  });
});

describe("the counter's note for a pushed sale's invoice that was not issued", () => {
  it('names the cause once and where to look once', () => {
    expect(PUSH_INVOICE_NOTES.rejected('ARCA rechazó el comprobante: 10016 El numero no es correlativo')).toBe(
      'La factura no se emitió: ARCA rechazó el comprobante: 10016 El numero no es correlativo. Revisala en Facturas.',
    );
    const claim = PUSH_INVOICE_NOTES.caeaNumberTaken('00024-00000005');
    expect(PUSH_INVOICE_NOTES.rejected(claim)).toBe(`La factura no se emitió: ${claim}.`);
    expect(PUSH_INVOICE_NOTES.rejected(claim).match(/revisala en Facturas/gi)).toHaveLength(1);
  });
});
