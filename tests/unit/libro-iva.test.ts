/** The Libro IVA Digital records (domain/libro-iva/records.ts): field positions, widths, refusals, ISO-8859-1. */
import { describe, expect, it } from 'vitest';
import { alicuotaRecords, cbteRecord, latin1Safe, libroIvaVentas, type LibroVoucher } from '../../domain/libro-iva/records';

const a: LibroVoucher = {
  cbteFch: '20261103',
  cbteTipo: 1,
  ptoVta: 3,
  cbteNro: 7,
  docTipo: 80,
  docNro: '30-71234567-1',
  buyerName: 'Un nombre de comprador bastante más largo que treinta',
  totalCents: 231500,
  rates: [
    { id: 4, baseCents: 100000, ivaCents: 10500 },
    { id: 5, baseCents: 100000, ivaCents: 21000 },
  ],
};

describe('Libro IVA records', () => {
  it('lays the voucher out field by field (266 characters)', () => {
    const r = cbteRecord(a);
    expect(r).toHaveLength(266);
    expect(r.slice(0, 8)).toBe('20261103');
    expect(r.slice(8, 11)).toBe('001');
    expect(r.slice(11, 16)).toBe('00003');
    expect(r.slice(16, 36)).toBe('00000000000000000007');
    expect(r.slice(36, 56)).toBe('00000000000000000007');
    expect(r.slice(56, 58)).toBe('80');
    expect(r.slice(58, 78)).toBe('00000000030712345671');
    expect(r.slice(78, 108)).toBe('Un nombre de comprador bastant');
    expect(r.slice(108, 123)).toBe('000000000231500');
    expect(r.slice(123, 228)).toBe('0'.repeat(105));
    expect(r.slice(228, 241)).toBe('PES0001000000');
    expect(r.slice(241, 243)).toBe('2 ');
    expect(r.slice(243, 266)).toBe('0'.repeat(23));
  });

  it('writes one 62-character line per rate, by ARCA id, and none for class C', () => {
    expect(alicuotaRecords(a)).toEqual(['00100003000000000000000000070000000001000000004000000000010500', '00100003000000000000000000070000000001000000005000000000021000']);
    const c = { ...a, cbteTipo: 13, rates: [] };
    expect(alicuotaRecords(c)).toEqual([]);
    expect(cbteRecord(c).slice(241, 243)).toBe('1N');
  });

  it('goes positive for credit notes and blanks the document of a consumidor final', () => {
    const nc = { ...a, cbteTipo: 8, docTipo: 99, docNro: '0', buyerName: null, totalCents: -6050, rates: [{ id: 5, baseCents: -5000, ivaCents: -1050 }] };
    expect(cbteRecord(nc).slice(58, 123)).toBe(`${'0'.repeat(20)}${'CONSUMIDOR FINAL'.padEnd(30)}000000000006050`);
    expect(alicuotaRecords(nc)[0].slice(28)).toBe('0000000000050000005000000000001050');
  });

  it('refuses what does not fit instead of cutting it', () => {
    expect(() => cbteRecord({ ...a, ptoVta: 123456 })).toThrow(/punto de venta/);
    expect(() => cbteRecord({ ...a, totalCents: 10 ** 15 })).toThrow(/total/);
    expect(() => cbteRecord({ ...a, cbteFch: '2026-11-03' })).toThrow(/fecha/);
  });

  it('keeps Latin-1 and replaces the rest; files end every line in CRLF', () => {
    expect(latin1Safe('Ñandú “Ltd” Łódź 😀')).toBe('Ñandú ?Ltd? ?ódz ?');
    const files = libroIvaVentas([a, a]);
    expect(files.cbte.split('\r\n')).toHaveLength(3);
    expect(files.alicuotas.endsWith('\r\n')).toBe(true);
    expect(libroIvaVentas([])).toEqual({ cbte: '', alicuotas: '' });
  });
});
