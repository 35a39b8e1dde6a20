/**
 * Export and import in real Chromium (issue #15 item 2): the owner exports the products to Excel from
 * "Exportar", edits 2 prices and breaks 1 row in the downloaded file, and imports it: the preview shows
 * exactly those 2 changes and that row's error, nothing changes until "Aplicar importación", and then
 * exactly 2 products change on the server.
 */
import ExcelJS from 'exceljs';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';
import { adminPage, money, type ApiProduct } from './backoffice-helpers';
import { newContext, screenshot, serverAndBrowser } from './harness';
import { createProduct } from './pos-helpers';

const { server, browser } = await serverAndBrowser();
beforeAll(async () => {
  for (const [name, code, price] of [
    ['Galletitas de agua', 'IMX-1', 1200],
    ['Dulce de leche 400 g', 'IMX-2', 2350.5],
    ['Yerba mate 1 kg', 'IMX-3', 4100],
    ['Fideos tirabuzón', 'IMX-4', 990],
  ] as const) {
    await createProduct(server, { name, code, price, stock: 7 });
  }
});

async function allProducts(): Promise<ApiProduct[]> {
  const res = await server.api('GET', '/products?limit=10000', { token: await server.adminToken() });
  return (res.body.data as ApiProduct[]).sort((a, b) => a.id - b.id);
}

describe('export and import of products', () => {
  it('an exported XLSX re-imported with 2 edited prices and 1 bad row previews exactly that and applies exactly 2 changes', async () => {
    const page = await adminPage(await newContext(browser, { width: 1024, height: 768 }), server);
    await page.goto(`${server.baseUrl}/products`);
    const before = await allProducts();
    await page.getByText(`Mostrando ${before.length} producto(s)`).waitFor();
    await page.getByRole('button', { name: 'Exportar' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^productos-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const exported = readFileSync((await download.path()) as string);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const edits: Record<string, ExcelJS.CellValue> = { 'IMX-1': 1350, 'IMX-3': '4.500,75', 'IMX-4': 'diez' };
    const rowOf: Record<string, string> = {};
    sheet.eachRow((row, number) => {
      const code = String(row.getCell(1).value);
      rowOf[code] = String(number);
      if (code in edits) row.getCell(6).value = edits[code];
    });
    expect(sheet.rowCount).toBe(before.length + 1);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'mostrador-import-')), 'productos-editados.xlsx');
    writeFileSync(file, Buffer.from(await book.xlsx.writeBuffer()));

    await page.getByRole('button', { name: 'Importar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar productos' });
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await dialog.getByTestId('import-summary').waitFor();
    expect(await dialog.getByTestId('import-summary').innerText()).toBe(`0 nuevo(s) · 2 con cambios · ${before.length - 3} sin cambios · 1 con errores`);
    const rows = await dialog
      .getByRole('table', { name: 'Vista previa de la importación' })
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => (td.textContent ?? '').replace(/\s+/g, ' ').trim())));
    expect(rows).toEqual([
      [rowOf['IMX-1'], 'IMX-1', 'Galletitas de agua', 'Cambia', `Precio: ${money(1200)} → ${money(1350)}`],
      [rowOf['IMX-3'], 'IMX-3', 'Yerba mate 1 kg', 'Cambia', `Precio: ${money(4100)} → ${money(4500.75)}`],
      [rowOf['IMX-4'], 'IMX-4', 'Fideos tirabuzón', 'Error', 'Precio: Ingresá un importe válido (ej. 1.234,50)'],
    ]);
    await screenshot(page, 'backoffice-import-preview', false);
    expect(await allProducts()).toEqual(before);

    await dialog.getByRole('button', { name: 'Aplicar importación (2)' }).click();
    await page.getByText('Importación aplicada: 0 producto(s) creado(s) y 2 actualizado(s)').waitFor();
    const after = await allProducts();
    const changed = after.filter((p, i) => JSON.stringify(p) !== JSON.stringify(before[i]));
    expect(changed.map((p) => [p.name, p.price])).toEqual([
      ['Galletitas de agua', 1350],
      ['Yerba mate 1 kg', 4500.75],
    ]);
    expect(after.map((p) => p.stock)).toEqual(before.map((p) => p.stock));
  });
});
