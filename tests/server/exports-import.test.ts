/**
 * Export and import (issue #15 item 2): CSV as Excel es-AR opens it (BOM, ";", "1.234,56", local dates,
 * accents), real XLSX numbers and dates, sales with their items in a range, admin only; the product
 * import previews exactly what changes and why a row is refused, writes nothing until applied, applies
 * all valid rows (each under a revision of its own, issue #29), reads a CSV saved by Excel on Windows (Windows-1252, ";"),
 * and refuses a stale preview, a non-spreadsheet and an oversize file.
 */
import ExcelJS from 'exceljs';
import { deflateRawSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeText, parseCsv } from '../../server/modules/products/sheet-reader';
import { checkZip } from '../../server/modules/products/zip-guard';
import { buildApp } from '../helpers/server';
import { sqlGet, sqlReturning, sqlRun } from '../helpers/sql';

let categoryId: number;

const { s, admin, seller } = await buildApp({ seller: 'vende-export' });
beforeAll(async () => {
  categoryId = (await s.call({ method: 'POST', url: '/api/categories', token: admin, payload: { name: 'Almacén' } })).body.data.id;
});

const create = async (payload: object) =>
  (await s.call({ method: 'POST', url: '/api/products', token: admin, payload: { stock: 10, ...payload } })).body.data.id as number;
const download = (url: string, token = admin) => s.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

const BOUNDARY = '----mostrador-import';
function multipart(content: Buffer, filename = 'productos.csv', field = 'file') {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}
const preview = (content: Buffer, token = admin) => s.call({ method: 'POST', url: '/api/products/import/preview', token, ...multipart(content) });
const apply = (content: Buffer, fingerprint: string) =>
  s.call({ method: 'POST', url: `/api/products/import?fingerprint=${fingerprint}`, token: admin, ...multipart(content) });
const product = async (code: string) =>
  (await sqlGet(s.app, 'SELECT id, name, price_cents AS price, stock, revision FROM products WHERE code = ? AND deleted_at IS NULL', code)) as
    | { id: number; name: string; price: number; stock: number; revision: number }
    | undefined;

describe('GET /exports/productos', () => {
  it('CSV: BOM, ";" separator, es-AR amounts, accents and Sí/No', async () => {
    await create({ code: 'EXP-1', name: 'Café "Molido"; tostado', price: 1234.56, cost: 800, categoryId });
    const res = await download('/api/exports/productos?format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="productos-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parseCsv(res.body.replace(/^\uFEFF/, ''));
    expect(rows[0].slice(0, 6)).toEqual(['Código', 'Nombre', 'Descripción', 'Categoría', 'Marca', 'Precio']);
    const line = rows.find((r) => r[0] === 'EXP-1');
    expect(line).toEqual(['EXP-1', 'Café "Molido"; tostado', '', 'Almacén', '', '1.234,56', '800,00', '10', '5', '21', 'Sí', 'Sí']);
  });

  it('XLSX: numbers stay numbers with a money format', async () => {
    await create({ code: 'EXP-X', name: 'Té verde', price: 1234.56, cost: 800, categoryId });
    const res = await download('/api/exports/productos?format=xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('Código');
    let found = false;
    sheet.eachRow((row) => {
      if (row.getCell(1).value !== 'EXP-X') return;
      found = true;
      expect(row.getCell(6).value).toBe(1234.56);
      expect(row.getCell(6).numFmt).toBe('#,##0.00');
      expect(row.getCell(4).value).toBe('Almacén');
    });
    expect(found).toBe(true);
  });

  it('is for the admin only, and refuses an unknown dataset or an end before the start in Spanish', async () => {
    expect((await download('/api/exports/productos', seller)).statusCode).toBe(403);
    expect((await s.app.inject({ method: 'GET', url: '/api/exports/productos' })).statusCode).toBe(401);
    const unknown = await s.call({ method: 'GET', url: '/api/exports/proveedores', token: admin });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('debe ser productos, ventas');
    const backwards = await s.call({ method: 'GET', url: '/api/exports/ventas?startDate=2026-03-10&endDate=2026-03-01', token: admin });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('Fecha hasta: no puede ser anterior a la fecha de inicio');
  });
});

describe('GET /exports/ventas', () => {
  it('one line per item, only the sales of the range, local date and time', async () => {
    const yerba = await create({ code: 'EXP-Y', name: 'Yerba Ñandú', price: 2500 });
    const sale = await s.call({ method: 'POST', url: '/api/sales', token: admin, payload: { items: [{ productId: yerba, quantity: 2 }], paymentMethod: 'efectivo' } });
    expect(sale.status, sale.body.message).toBe(201);
    const number = sale.body.data.saleNumber as string;
    const old = (await sqlReturning(s.app, "UPDATE sales SET sale_date = '2020-01-15T15:30:00.000Z' WHERE id != ? RETURNING id", sale.body.data.id));
    expect(old).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const inRange = parseCsv((await download(`/api/exports/ventas?format=csv&startDate=2020-01-01&endDate=${today}`)).body.replace(/^\uFEFF/, ''));
    const line = inRange.find((r) => r[0] === number);
    expect(line?.slice(2, 4)).toEqual(['Pagado', 'Efectivo']);
    // Código … Total neto de la venta: nothing returned, so the net is the total.
    expect(line?.slice(7, 17)).toEqual(['EXP-Y', 'Yerba Ñandú', '2', '2.500,00', '5.000,00', '0', '0,00', '5.000,00', '0,00', '5.000,00']);
    expect(line?.[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    await sqlRun(s.app, "UPDATE sales SET sale_date = '2020-01-15T15:30:00.000Z' WHERE id = ?", sale.body.data.id);
    const moved = parseCsv((await download('/api/exports/ventas?format=csv&startDate=2020-01-15&endDate=2020-01-15')).body.replace(/^\uFEFF/, ''));
    expect(moved.slice(1).filter((r) => r[0] === number).map((r) => r[1])).toEqual(['15/01/2020 12:30']);
    const outside = parseCsv((await download('/api/exports/ventas?format=csv&startDate=2020-01-16&endDate=2020-01-31')).body.replace(/^\uFEFF/, ''));
    expect(outside.filter((r) => r[0] === number)).toEqual([]);
  });

  it('stock movements, messages and invoices export with their headers', async () => {
    // A shop of its own: the sale here would be another sale in the range of the test above.
    const shop = await buildApp();
    const get = (url: string) => shop.s.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${shop.admin}` } });
    const mate = (await shop.s.call({ method: 'POST', url: '/api/products', token: shop.admin, payload: { name: 'Mate Ñandú', price: 900, stock: 10 } })).body.data.id;
    const sale = await shop.s.call({ method: 'POST', url: '/api/sales', token: shop.admin, payload: { items: [{ productId: mate, quantity: 2 }], paymentMethod: 'efectivo' } });
    expect(sale.status, sale.body.message).toBe(201);
    for (const dataset of ['movimientos-stock', 'mensajes', 'facturas']) {
      const res = await get(`/api/exports/${dataset}?format=csv`);
      expect(res.statusCode, dataset).toBe(200);
      expect(parseCsv(res.body.replace(/^\uFEFF/, ''))[0][0]).toBe('Fecha');
    }
    const movements = parseCsv((await get('/api/exports/movimientos-stock?format=csv')).body.replace(/^\uFEFF/, ''));
    expect(movements.some((r) => r[2] === 'Mate Ñandú' && r[3] === 'Venta' && r[4] === '-2')).toBe(true);
  });
});

describe('POST /products/import', () => {
  it('previews exactly the changes and the bad row, writes nothing, then applies both valid rows, each under a revision of its own', async () => {
    await create({ code: 'IMP-1', name: 'Aceite', price: 1000 });
    await create({ code: 'IMP-2', name: 'Harina', price: 500 });
    await create({ code: 'IMP-3', name: 'Azúcar', price: 700 });
    const csv = Buffer.from(
      '\uFEFFCódigo;Nombre;Precio;Stock\r\nIMP-1;Aceite;1.500,50;10\r\nIMP-2;Harina;500;10\r\nIMP-3;Azúcar;abc;10\r\nIMP-NEW;Polenta;"1.200";4\r\n',
    );
    const before = await product('IMP-1');
    const res = await preview(csv);
    expect(res.status, res.body.message).toBe(200);
    const data = res.body.data;
    expect([data.creates, data.updates, data.unchanged, data.errors]).toEqual([1, 1, 1, 1]);
    expect(data.rows.map((r: { row: number; action: string }) => [r.row, r.action])).toEqual([[2, 'update'], [3, 'unchanged'], [4, 'error'], [5, 'create']]);
    expect(data.rows[0].changes).toEqual([{ field: 'price', label: 'Precio', from: '$ 1.000,00', to: '$ 1.500,50' }]);
    expect(data.rows[2].errors).toEqual(['Precio: Ingresá un importe válido (ej. 1.234,50)']);
    expect(await product('IMP-1')).toEqual(before);
    expect(await product('IMP-NEW')).toBeUndefined();

    const since = ((await sqlGet(s.app, 'SELECT revision FROM sync_state WHERE id = 1')) as { revision: number }).revision;
    const applied = await apply(csv, data.fingerprint);
    expect(applied.status, applied.body.message).toBe(200);
    expect(applied.body.message).toBe('Importación aplicada: 1 producto(s) creado(s) y 1 actualizado(s)');
    expect((await product('IMP-1'))?.price).toBe(150050);
    expect((await product('IMP-1'))?.stock).toBe(10);
    expect((await product('IMP-3'))?.price).toBe(70000);
    expect(await product('IMP-NEW')).toMatchObject({ name: 'Polenta', price: 120000, stock: 4 });
    const revisions = [(await product('IMP-1'))!.revision, (await product('IMP-NEW'))!.revision];
    expect(revisions[0]).not.toBe(revisions[1]);
    for (const r of revisions) expect(r > since && r <= applied.body.data.revision).toBe(true);
    const ledger = (await sqlGet(s.app, 'SELECT SUM(delta) AS n FROM stock_movements WHERE product_id = ?', (await product('IMP-NEW'))?.id)) as { n: number };
    expect(ledger.n).toBe(4);
  });

  it('reads a CSV saved by Excel on Windows: Windows-1252 bytes, ";" separator, no BOM (issue #38 item 4)', async () => {
    const latin = (text: string) => Buffer.from(text, 'latin1');
    // «Código;Nombre;Precio;Stock» and two rows as Excel on Windows writes them: ó, ñ, á, Ñ in one byte each,
    // and the curly quotes “ ” at 0x93/0x94, where Windows-1252 differs from Latin-1.
    const csv = Buffer.concat([
      latin('Código;Nombre;Precio;Stock\r\nW-1;Azúcar mascabo;1.250,50;3\r\nW-2;Yerba '),
      Buffer.from([0x93]),
      latin('La Ñata'),
      Buffer.from([0x94]),
      latin(' año;800;2\r\n'),
    ]);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(csv)).toThrow();
    const res = await preview(csv);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.rows.map((r: { code: string; name: string; action: string }) => [r.code, r.name, r.action])).toEqual([
      ['W-1', 'Azúcar mascabo', 'create'],
      ['W-2', 'Yerba “La Ñata” año', 'create'],
    ]);
    expect((await apply(csv, res.body.data.fingerprint)).status).toBe(200);
    expect(await product('W-1')).toMatchObject({ name: 'Azúcar mascabo', price: 125050, stock: 3 });
    // The same text in UTF-8 still reads as UTF-8 (never as Windows-1252 mojibake).
    expect(decodeText(Buffer.from('Código;Nombre\nW-3;Ñandú'))).toBe('Código;Nombre\nW-3;Ñandú');
  });

  it('re-imports its own XLSX export, and refuses a preview that is no longer current', async () => {
    await create({ code: 'IMP-R', name: 'Harina leudante', price: 500 });
    const exported = (await download('/api/exports/productos?format=xlsx')).rawPayload;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    sheet.eachRow((row) => {
      if (row.getCell(1).value === 'IMP-R') row.getCell(6).value = 650;
    });
    const edited = Buffer.from(await book.xlsx.writeBuffer());
    const res = await preview(edited);
    expect(res.status, res.body.message).toBe(200);
    const changed = res.body.data.rows.filter((r: { action: string }) => r.action !== 'unchanged');
    expect(changed).toEqual([{ row: expect.any(Number), code: 'IMP-R', name: 'Harina leudante', action: 'update', errors: [], changes: [{ field: 'price', label: 'Precio', from: '$ 500,00', to: '$ 650,00' }] }]);
    await s.call({ method: 'PUT', url: `/api/products/${(await product('IMP-R'))?.id}`, token: admin, payload: { price: 600 } });
    const stale = await apply(edited, res.body.data.fingerprint);
    expect(stale.status).toBe(409);
    expect((await product('IMP-R'))?.price).toBe(60000);
  });

  it('refuses a zip bomb before inflating it, whatever sizes its headers declare; a real export passes the guard', async () => {
    const bomb = zipOf('xl/worksheets/sheet1.xml', deflateRawSync(Buffer.alloc(100 * 1024 * 1024, 0x20)), 1000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await preview(bomb);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('El archivo Excel descomprimido supera los 64 MB: no parece una planilla de productos');
    const exported = (await download('/api/exports/productos?format=xlsx')).rawPayload;
    expect(checkZip(exported)).toBe('ok');
    expect(checkZip(exported, 100)).toBe('too-large');
    expect(checkZip(exported.subarray(0, exported.length - 30))).toBe('invalid');
  });

  it('refuses a file that is not a spreadsheet, missing columns, a duplicate code, an oversize file and a seller', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    expect((await preview(png)).body.message).toBe('El archivo no es una planilla CSV ni Excel (.xlsx) válida');
    const fakeZip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 1)]);
    expect((await preview(fakeZip)).status).toBe(400);
    expect((await preview(Buffer.from('Nombre;Precio\nX;1\n'))).body.message).toBe('Faltan columnas obligatorias: Código');
    const dup = await preview(Buffer.from('Código;Nombre;Precio\nD-1;Uno;1\nD-1;Otro;2\n'));
    expect(dup.body.data.rows[1].errors).toEqual(['Código: «D-1» aparece más de una vez en la planilla']);
    const long = await preview(Buffer.from(`Código;Nombre;Precio\nL-1;${'x'.repeat(201)};1\n`));
    expect(long.body.data.rows[0].errors).toEqual(['Nombre: no puede superar 200 caracteres']);
    const big = await preview(Buffer.alloc(8 * 1024 * 1024 + 10, 'a'));
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('El archivo supera el tamaño máximo de 8 MB');
    expect((await preview(Buffer.from('Código;Nombre;Precio\nS-1;Uno;1\n'), seller)).status).toBe(403);
    expect((await apply(Buffer.from('Código;Nombre;Precio\nS-1;Uno;1\n'), 'f'.repeat(64))).status).toBe(409);
  });
});

/** A one-entry ZIP whose headers declare `declaredSize` bytes (CRC 0): the shape of a lying zip bomb. */
function zipOf(name: string, deflated: Buffer, declaredSize: number): Buffer {
  const fileName = Buffer.from(name);
  // The local and the central header share one run of fields (version, method, sizes, name length); the
  // central one has "version made by" before it, and the local header's offset (0) after.
  const header = (length: number, signature: number, fieldsAt: number) => {
    const out = Buffer.alloc(length);
    out.writeUInt32LE(signature, 0);
    out.writeUInt16LE(20, 4);
    out.writeUInt16LE(20, fieldsAt);
    out.writeUInt16LE(8, fieldsAt + 4);
    out.writeUInt32LE(deflated.length, fieldsAt + 14);
    out.writeUInt32LE(declaredSize, fieldsAt + 18);
    out.writeUInt16LE(fileName.length, fieldsAt + 22);
    return out;
  };
  const local = header(30, 0x04034b50, 4);
  const central = header(46, 0x02014b50, 6);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(local.length + fileName.length + deflated.length, 16);
  return Buffer.concat([local, fileName, deflated, central, fileName, end]);
}
