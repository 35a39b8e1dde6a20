/**
 * The customer file's export and import (issue #33 item 1), with the product import's machinery: the export
 * (CSV es-AR, XLSX) reads back unchanged; an edited sheet previews exactly what changes and why a row is
 * refused (an invalid CUIT, a document twice), matches rows by document, writes nothing until applied, and
 * refuses a stale preview; sellers may do neither.
 */
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../server/modules/products/sheet-reader';
import { buildApp } from '../helpers/server';

const { s, admin, seller } = await buildApp({ seller: 'vende-clientes' });

const download = (url: string, token = admin) => s.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const BOUNDARY = '----mostrador-clientes';
function multipart(content: Buffer) {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="clientes.csv"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return { payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}
const preview = (content: Buffer, token = admin) => s.call({ method: 'POST', url: '/api/customers/import/preview', token, ...multipart(content) });
const apply = (content: Buffer, fingerprint: string) => s.call({ method: 'POST', url: `/api/customers/import?fingerprint=${fingerprint}`, token: admin, ...multipart(content) });
const csv = (rows: string[][]) => Buffer.from(`\uFEFF${rows.map((r) => r.map((c) => (/[;"\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(';')).join('\r\n')}\r\n`);

describe('customers export and import', () => {
  it('exports the file with its headers, and the same sheet imported back changes nothing', async () => {
    await s.call({ method: 'POST', url: '/api/customers', token: admin, payload: { docType: 80, docNumber: '20123456786', name: 'Núñez; "Hnos"', ivaConditionId: 1, phone: '11 4567-8901', accountEnabled: true, creditLimit: 250000 } });
    await s.call({ method: 'POST', url: '/api/customers', token: admin, payload: { name: 'Mostrador sin datos' } });
    const res = await download('/api/exports/clientes?format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="clientes-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parseCsv(res.body.replace(/^\uFEFF/, '')).filter((r) => r.some((c) => c !== ''));
    expect(rows[0]).toEqual(['Tipo de documento', 'Documento', 'Nombre', 'Condición IVA', 'Dirección', 'Teléfono', 'Email', 'Notas', 'Cuenta corriente', 'Límite de crédito', 'Saldo', 'Activo']);
    expect(rows[1]).toEqual(['CUIT', '20123456786', 'Núñez; "Hnos"', 'IVA Responsable Inscripto', '', '11 4567-8901', '', '', 'Sí', '250.000,00', '0,00', 'Sí']);
    const xlsx = await download('/api/exports/clientes?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const again = await preview(Buffer.from(res.rawPayload));
    expect(again.status, again.body.message).toBe(200);
    expect(again.body.data).toMatchObject({ creates: 0, updates: 0, unchanged: 2, errors: 0 });
    expect((await preview(Buffer.from(res.rawPayload), seller)).status).toBe(403);
    expect((await download('/api/exports/clientes?format=csv', seller)).statusCode).toBe(403);
  });

  it('an edited sheet: updates by document, creates the new ones, refuses bad rows; applied once, a stale preview refused', async () => {
    const header = ['Tipo de documento', 'Documento', 'Nombre', 'Condición IVA', 'Teléfono', 'Límite de crédito'];
    const sheet = csv([
      header,
      ['CUIT', '20-12345678-6', 'Núñez Hermanos', 'IVA Responsable Inscripto', '11 4567-8901', '300.000,00'],
      ['DNI', '30.111.222', 'Ana Gómez', 'Consumidor Final', '351 555', ''],
      ['', '27111111117', 'Kiosco Rosa', '6', '', ''],
      ['CUIT', '20123456780', 'CUIT malo', '', '', ''],
      ['DNI', '30111222', 'Ana repetida', '', '', ''],
    ]);
    const res = await preview(sheet);
    expect(res.status, res.body.message).toBe(200);
    const byRow = Object.fromEntries(res.body.data.rows.map((r: { row: number }) => [r.row, r]));
    expect(byRow[2]).toMatchObject({ action: 'update', code: '20123456786' });
    expect(byRow[2].changes.map((c: { label: string }) => c.label).sort()).toEqual(['Límite de crédito', 'Nombre']);
    expect(byRow[3]).toMatchObject({ action: 'create', code: '30111222', name: 'Ana Gómez' });
    expect(byRow[4]).toMatchObject({ action: 'create', code: '27111111117' });
    expect(byRow[5].action).toBe('error');
    expect(byRow[5].errors.join(' ')).toMatch(/dígito verificador/);
    expect(byRow[6].errors.join(' ')).toMatch(/más de una vez/);
    expect(res.body.data).toMatchObject({ creates: 2, updates: 1, errors: 2 });
    // Nothing written by the preview.
    expect((await s.call({ method: 'GET', url: '/api/customers?search=gomez', token: admin })).body.data).toEqual([]);

    const stale = await apply(sheet, 'a'.repeat(64));
    expect(stale.status).toBe(409);
    const applied = await apply(sheet, res.body.data.fingerprint);
    expect(applied.status, applied.body.message).toBe(200);
    expect(applied.body.data).toMatchObject({ created: 2, updated: 1 });
    const nunez = (await s.call({ method: 'GET', url: '/api/customers?search=20123456786', token: admin })).body.data;
    expect(nunez).toEqual([expect.objectContaining({ name: 'Núñez Hermanos', creditLimit: 300000, accountEnabled: true })]);
    expect((await s.call({ method: 'GET', url: '/api/customers?search=kiosco', token: admin })).body.data[0]).toMatchObject({ docType: 80, ivaConditionId: 6 });
    // The same preview again is now stale: the file changed under it.
    expect((await apply(sheet, res.body.data.fingerprint)).status).toBe(409);
    expect((await preview(csv([['Documento'], ['20123456786']]))).body.message).toMatch(/Nombre/);
  });
});
