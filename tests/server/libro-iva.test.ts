/**
 * Libro IVA Digital — ventas (issue #37) through the real route, on either dialect: a November with a Factura B,
 * a Factura A with two rates, a Factura C, credit notes A and B and CAEA vouchers gives the two golden files
 * byte for byte (ISO-8859-1, CRLF); every voucher of the period is there once and nothing else (pending,
 * failed, another month, another book); the rate lines of each A/B voucher add up to its total. The Excel sales
 * book has the same vouchers, one per row, with net and IVA per rate and credit notes negative.
 */
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALICUOTA_RECORD_LENGTH, CBTE_RECORD_LENGTH } from '../../domain/libro-iva/records';
import { buildApp } from '../helpers/server';
import { CUIT, insertVoucher, type Voucher } from '../helpers/book-vouchers';

const { s, admin } = await buildApp({ env: { ARCA_CUIT: CUIT, ARCA_TAX_CONDITION: 'responsable_inscripto', ARCA_ENV: 'homologacion' } });
const seller = await s.sellerToken('vendedor-libro');
const userId = (await s.call({ method: 'GET', url: '/api/auth/me', token: admin })).body.data.id as number;

const insert = (v: Voucher) => insertVoucher(s, userId, v);

// The month: B 21 %, A with 21 % and 10,5 %, C, a credit note A and B, CAEA vouchers (B and its note).
await insert({ cbteTipo: 6, cbteNro: 41, cbteFch: '20261102', totalCents: 12100, rates: [{ id: 5, rate: 21, baseCents: 10000, ivaCents: 2100 }] });
await insert({
  cbteTipo: 1, cbteNro: 7, cbteFch: '20261103', docTipo: 80, docNro: '30712345671', condicion: 1, buyerName: 'Ferretería Ñandú S.A.', totalCents: 231500,
  rates: [{ id: 4, rate: 10.5, baseCents: 100000, ivaCents: 10500 }, { id: 5, rate: 21, baseCents: 100000, ivaCents: 21000 }, ],
});
await insert({ cbteTipo: 11, ptoVta: 5, cbteNro: 12, cbteFch: '20261105', docTipo: 96, docNro: '28123456', buyerName: 'José Pérez', totalCents: 50000 });
await insert({
  cbteTipo: 3, cbteNro: 2, cbteFch: '20261115', docTipo: 80, docNro: '30712345671', condicion: 1, buyerName: 'Ferretería Ñandú S.A.', totalCents: 110500,
  rates: [{ id: 4, rate: 10.5, baseCents: 100000, ivaCents: 10500 }],
});
await insert({ cbteTipo: 8, cbteNro: 9, cbteFch: '20261120', totalCents: 6050, rates: [{ id: 5, rate: 21, baseCents: 5000, ivaCents: 1050 }] });
await insert({ cbteTipo: 6, ptoVta: 90, cbteNro: 1, cbteFch: '20261121', authorization: 'CAEA', totalCents: 1127, rates: [{ id: 5, rate: 21, baseCents: 931, ivaCents: 196 }] });
await insert({
  cbteTipo: 6, ptoVta: 90, cbteNro: 2, cbteFch: '20261130', authorization: 'CAEA', totalCents: 31310,
  rates: [{ id: 3, rate: 0, baseCents: 10000, ivaCents: 0 }, { id: 5, rate: 21, baseCents: 10000, ivaCents: 2100 }, { id: 6, rate: 27, baseCents: 7252, ivaCents: 1958 }],
});
// Not in the book of November: another month, pending (no number yet), failed, another CUIT, production.
await insert({ cbteTipo: 6, cbteNro: 40, cbteFch: '20261031', totalCents: 999, rates: [{ id: 5, rate: 21, baseCents: 826, ivaCents: 173 }] });
await insert({ cbteTipo: 6, cbteNro: 42, cbteFch: '20261201', totalCents: 999, rates: [{ id: 5, rate: 21, baseCents: 826, ivaCents: 173 }] });
await insert({ cbteTipo: 6, cbteNro: null, cbteFch: '20261125', status: 'pendiente', totalCents: 999, rates: [{ id: 5, rate: 21, baseCents: 826, ivaCents: 173 }] });
await insert({ cbteTipo: 6, cbteNro: 77, cbteFch: '20261125', status: 'fallida', totalCents: 999, rates: [{ id: 5, rate: 21, baseCents: 826, ivaCents: 173 }] });
await insert({ cbteTipo: 6, cbteNro: 43, cbteFch: '20261125', issuerCuit: '20123456786', totalCents: 999, rates: [{ id: 5, rate: 21, baseCents: 826, ivaCents: 173 }] });
await insert({ cbteTipo: 6, cbteNro: 44, cbteFch: '20261125', environment: 'produccion', totalCents: 999, rates: [{ id: 5, rate: 21, baseCents: 826, ivaCents: 173 }] });

const golden = (name: string) => readFileSync(path.join(import.meta.dirname, '../fixtures/libro-iva', name));
const download = (file: string, query = 'startDate=2026-11-01&endDate=2026-11-30', token = admin) =>
  s.app.inject({ method: 'GET', url: `/api/accounting/libro-iva/${file}?${query}`, headers: { authorization: `Bearer ${token}` } });
const lines = (body: Buffer) => body.toString('latin1').split('\r\n').slice(0, -1);
const amount = (line: string, from: number) => Number(line.slice(from, from + 15));

describe('Libro IVA Digital — ventas', () => {
  it('writes the month’s vouchers file as the golden one (ISO-8859-1, CRLF, 266 characters)', async () => {
    const res = await download('comprobantes');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=iso-8859-1');
    expect(res.headers['content-disposition']).toBe('attachment; filename="REGINFO_CV_VENTAS_CBTE_202611.txt"');
    expect(res.rawPayload.equals(golden('REGINFO_CV_VENTAS_CBTE_202611.txt'))).toBe(true);
    const cbte = lines(res.rawPayload);
    expect(cbte.every((l) => l.length === CBTE_RECORD_LENGTH)).toBe(true);
    expect(res.rawPayload.includes(Buffer.from('Ferretería Ñandú S.A.', 'latin1'))).toBe(true);
    // Each voucher once: (type, point of sale, number) of the seven November ones and nothing else.
    const keys = cbte.map((l) => `${Number(l.slice(8, 11))}-${Number(l.slice(11, 16))}-${Number(l.slice(16, 36))}`);
    expect(keys).toEqual(['6-3-41', '1-3-7', '11-5-12', '3-3-2', '8-3-9', '6-90-1', '6-90-2']);
  });

  it('writes the rates file as the golden one, and each A/B voucher’s rates add up to its total', async () => {
    const res = await download('alicuotas');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="REGINFO_CV_VENTAS_ALICUOTAS_202611.txt"');
    expect(res.rawPayload.equals(golden('REGINFO_CV_VENTAS_ALICUOTAS_202611.txt'))).toBe(true);
    const rates = lines(res.rawPayload);
    expect(rates.every((l) => l.length === ALICUOTA_RECORD_LENGTH)).toBe(true);
    const cbte = lines((await download('comprobantes')).rawPayload);
    for (const v of cbte) {
      const key = v.slice(8, 36);
      const mine = rates.filter((r) => r.slice(0, 28) === key);
      if (v.slice(8, 11) === '011') {
        expect(mine).toEqual([]);
        expect(v.slice(241, 243)).toBe('1N');
        continue;
      }
      expect(Number(v.slice(241, 242))).toBe(mine.length);
      expect(mine.reduce((a, r) => a + amount(r, 28) + amount(r, 47), 0)).toBe(amount(v, 108));
    }
    expect(rates.map((r) => r.slice(43, 47))).toEqual(['0005', '0004', '0005', '0004', '0005', '0005', '0003', '0005', '0006']);
  });

  it('takes any range of days, empty when nothing was issued', async () => {
    const res = await download('comprobantes', 'startDate=2026-11-03&endDate=2026-11-05');
    expect(res.headers['content-disposition']).toBe('attachment; filename="REGINFO_CV_VENTAS_CBTE_20261103-20261105.txt"');
    expect(lines(res.rawPayload).map((l) => l.slice(8, 11))).toEqual(['001', '011']);
    const empty = await download('alicuotas', 'startDate=2026-09-01&endDate=2026-09-30');
    expect(empty.statusCode).toBe(200);
    expect(empty.rawPayload.length).toBe(0);
  });

  it('is for admins, and refuses a bad file or range in Spanish', async () => {
    expect((await download('comprobantes', undefined, seller)).statusCode).toBe(403);
    expect((await s.app.inject({ method: 'GET', url: '/api/accounting/libro-iva/comprobantes?startDate=2026-11-01&endDate=2026-11-30' })).statusCode).toBe(401);
    const badFile = await download('ventas');
    expect(badFile.statusCode).toBe(400);
    expect(badFile.json().message).toMatch(/comprobantes o alicuotas/);
    const reversed = await download('comprobantes', 'startDate=2026-11-30&endDate=2026-11-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toMatch(/anterior a la fecha de inicio/);
    const long = await download('comprobantes', 'startDate=2026-11-01&endDate=2027-12-31');
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Fecha hasta: el rango no puede superar 366 días');
  });
});

describe('the sales book in Excel', () => {
  it('opens in exceljs with its columns, one row per voucher, credit notes negative and totals that add up', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/accounting/sales-book?startDate=2026-11-01&endDate=2026-11-30', headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="libro-ventas-202611.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Libro de ventas')!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual([
      'Fecha', 'Comprobante', 'Punto de venta', 'Número', 'Tipo de documento', 'Documento', 'Comprador', 'Condición IVA',
      'Neto 21 %', 'IVA 21 %', 'Neto 10,5 %', 'IVA 10,5 %', 'Neto 27 %', 'IVA 27 %', 'Neto 0 %', 'IVA 0 %',
      'No gravado (Factura C)', 'Exento', 'Total', 'Autorización', 'CAE / CAEA',
    ]);
    expect(sheet.rowCount).toBe(1 + 7 + 1);
    const a = values(3);
    expect(a.slice(1, 8)).toEqual(['Factura A', 3, 7, 'CUIT', '30712345671', 'Ferretería Ñandú S.A.', 'IVA Responsable Inscripto']);
    expect(a.slice(8, 19)).toEqual([1000, 210, 1000, 105, 0, 0, 0, 0, 0, 0, 2315]);
    expect((a[0] as Date).toISOString()).toBe('2026-11-03T00:00:00.000Z');
    expect(sheet.getRow(3).getCell(9).numFmt).toBe('#,##0.00');
    const ncA = values(5);
    expect(ncA.slice(1, 2)).toEqual(['Nota de Crédito A']);
    expect(ncA.slice(8, 19)).toEqual([0, 0, -1000, -105, 0, 0, 0, 0, 0, 0, -1105]);
    expect(values(6).slice(8, 19)).toEqual([-50, -10.5, 0, 0, 0, 0, 0, 0, 0, 0, -60.5]);
    expect(values(4).slice(16, 19)).toEqual([500, 0, 500]);
    expect(values(8).slice(19)).toEqual(['CAEA', expect.any(String)]);
    // Each row's amounts add up to its total; the totals row is the column sums.
    const cents = (x: unknown) => Math.round(Number(x) * 100);
    for (let r = 2; r <= 8; r += 1) {
      const row = values(r).slice(8, 19).map(cents);
      expect(row.slice(0, 10).reduce((x, y) => x + y, 0), `row ${r}`).toBe(row[10]);
    }
    const total = values(9);
    expect(total[0]).toBe('Total');
    for (let c = 8; c < 19; c += 1) {
      let sum = 0;
      for (let r = 2; r <= 8; r += 1) sum += cents(values(r)[c]);
      expect(cents(total[c]), `column ${c + 1}`).toBe(sum);
    }
    expect(cents(total[18])).toBe(12100 + 231500 + 50000 - 110500 - 6050 + 1127 + 31310);
  });

  it('is for admins', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/accounting/sales-book', headers: { authorization: `Bearer ${seller}` } });
    expect(res.statusCode).toBe(403);
  });
});

describe('IVA Simple', () => {
  it('sums the débito fiscal by buyer type and rate, credit notes subtracted, matching the book', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/accounting/iva-simple?startDate=2026-11-01&endDate=2026-11-30&actividad=477190', headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\r\n')).toEqual([
      'Actividad;Tipo de operación;Tipo de sujeto;Alícuota;Neto gravado;Débito fiscal',
      '477190;1;1;4;0,00;0,00',
      '477190;1;1;5;1000,00;210,00',
      '477190;1;3;3;100,00;0,00',
      '477190;1;3;5;159,31;33,46',
      '477190;1;3;6;72,52;19,58',
      '',
    ]);
    // The book: Σ IVA of the A/B rate lines, credit notes negative.
    const rates = lines((await download('alicuotas')).rawPayload);
    const sign = (r: string) => (['003', '008'].includes(r.slice(0, 3)) ? -1 : 1);
    const bookIva = rates.reduce((a, r) => a + sign(r) * amount(r, 47), 0);
    const csvIva = res.body.split('\r\n').slice(1, -1).reduce((a, l) => a + Math.round(Number(l.split(';')[5].replace(',', '.')) * 100), 0);
    expect(csvIva).toBe(bookIva);
  });
});
