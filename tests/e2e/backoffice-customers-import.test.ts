/**
 * Customers export and import in real Chromium (issue #33 item 1, «like products»): the owner exports the
 * customer file to Excel from Clientes → «Exportar», changes one phone, adds one new customer and one
 * row with a wrong CUIT check digit, and imports it from «Importar»: the preview shows exactly that (the
 * wrong row with its Spanish reason), nothing changes until «Aplicar importación», and then exactly one
 * customer is created and one changed on the server. A seller sees neither button.
 */
import ExcelJS from 'exceljs';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPage } from './backoffice-helpers';
import { loginThroughForm, newContext, SELLER_PASSWORD, serverAndBrowser } from './harness';

const { server, browser } = await serverAndBrowser();
const seller = await server.createSeller('tomas');

interface ApiCustomer {
  id: number;
  docType: number;
  docNumber: string | null;
  name: string;
  phone: string | null;
  ivaConditionId: number;
  address: string | null;
}

async function allCustomers(): Promise<ApiCustomer[]> {
  const res = await server.api('GET', '/customers?limit=100', { token: await server.adminToken() });
  expect(res.status, res.body.message).toBe(200);
  return (res.body.data as ApiCustomer[]).sort((a, b) => a.id - b.id);
}

beforeAll(async () => {
  for (const body of [
    { docType: 80, docNumber: '20123456786', name: 'Pérez, Juan Carlos', ivaConditionId: 6, address: 'San Martín 456, Córdoba' },
    { docType: 96, docNumber: '23456789', name: 'Gómez, María Laura', ivaConditionId: 5, phone: '11 4444-5555' },
  ]) {
    const res = await server.api('POST', '/customers', { token: await server.adminToken(), body });
    expect(res.status, res.body.message).toBe(201);
  }
});

describe('customers: export and import from the back office', () => {
  it('an exported XLSX with 1 edited phone, 1 new customer and 1 wrong CUIT previews exactly that and applies exactly 1 creation and 1 change', async () => {
    const page = await adminPage(await newContext(browser, { width: 1024, height: 768 }), server);
    await page.goto(`${server.baseUrl}/customers`);
    const before = await allCustomers();
    await page.getByText(`Mostrando ${before.length} de ${before.length} cliente(s)`).waitFor();
    await page.getByRole('button', { name: 'Exportar' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^clientes-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await download.path()) as string) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(String);
    expect(header.slice(0, 6)).toEqual(['Tipo de documento', 'Documento', 'Nombre', 'Condición IVA', 'Dirección', 'Teléfono']);
    expect(sheet.rowCount).toBe(before.length + 1);
    let perezRow = 0;
    sheet.eachRow((row, number) => {
      if (String(row.getCell(2).value) === '20123456786') {
        perezRow = number;
        row.getCell(6).value = '351 555-1234';
      }
    });
    expect(perezRow).toBeGreaterThan(1);
    sheet.addRow(['CUIT', '30712345671', 'Ferretería Los Andes SRL', 'IVA Responsable Inscripto', 'Av. Corrientes 1234, CABA', '', '', '', 'No', '', '', 'Sí']);
    sheet.addRow(['CUIT', '30712345672', 'CUIT mal escrito SA', 'IVA Responsable Inscripto', '', '', '', '', 'No', '', '', 'Sí']);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'mostrador-customers-')), 'clientes-editados.xlsx');
    writeFileSync(file, Buffer.from(await book.xlsx.writeBuffer()));

    await page.getByRole('button', { name: 'Importar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar clientes' });
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await dialog.getByTestId('import-summary').waitFor();
    expect(await dialog.getByTestId('import-summary').innerText()).toBe(`1 nuevo(s) · 1 con cambios · ${before.length - 1} sin cambios · 1 con errores`);
    const rows = await dialog
      .getByRole('table', { name: 'Vista previa de la importación' })
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => (td.textContent ?? '').replace(/\s+/g, ' ').trim())));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual([String(perezRow), expect.stringContaining('20123456786'), 'Pérez, Juan Carlos', 'Cambia', 'Teléfono: — → 351 555-1234']);
    expect(rows[1]).toEqual([String(before.length + 2), expect.stringContaining('30712345671'), 'Ferretería Los Andes SRL', 'Nuevo', 'Se crea el cliente']);
    expect(rows[2].slice(0, 4)).toEqual([String(before.length + 3), expect.stringContaining('30712345672'), 'CUIT mal escrito SA', 'Error']);
    expect(rows[2][4]).toContain('dígito verificador');
    expect(await allCustomers()).toEqual(before);

    await dialog.getByRole('button', { name: 'Aplicar importación (2)' }).click();
    await page.getByText('Importación aplicada: 1 clientes creados, 1 actualizados').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: 'Ferretería Los Andes SRL', exact: true }).waitFor();
    const after = await allCustomers();
    expect(after).toHaveLength(before.length + 1);
    const changed = after.filter((c) => JSON.stringify(c) !== JSON.stringify(before.find((b) => b.id === c.id)));
    expect(changed.map((c) => [c.docNumber, c.name, c.phone, c.ivaConditionId])).toEqual([
      ['20123456786', 'Pérez, Juan Carlos', '351 555-1234', 6],
      ['30712345671', 'Ferretería Los Andes SRL', null, 1],
    ]);
  });

  it('a seller sees neither «Importar» nor «Exportar», and the server refuses the import to a seller', async () => {
    const context = await newContext(browser, { width: 1024, height: 768 });
    const page = await context.newPage();
    await loginThroughForm(page, server.baseUrl, seller, SELLER_PASSWORD);
    await page.goto(`${server.baseUrl}/customers`);
    await page.getByRole('button', { name: 'Nuevo cliente' }).waitFor();
    expect(await page.getByRole('button', { name: 'Importar' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Exportar' }).count()).toBe(0);
    const login = await server.api('POST', '/auth/login', { body: { username: seller, password: SELLER_PASSWORD } });
    const form = new FormData();
    form.append('file', new Blob(['Nombre\nAlguien\n'], { type: 'text/csv' }), 'clientes.csv');
    const refused = await server.api('POST', '/customers/import/preview', { token: login.body.data.token, form });
    expect(refused.status).toBe(403);
    await context.close();
  });
});
