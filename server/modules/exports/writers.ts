/**
 * The two spreadsheet formats, both streamed page by page:
 * - CSV as Excel es-AR opens it: UTF-8 with BOM (accents), ";" between fields, "1.234,56" amounts,
 *   "22/11/2026 14:05" local times, "Sí"/"No"; text that Excel would run as a formula (=, +, -, @) is
 *   prefixed with an apostrophe.
 * - XLSX (exceljs streaming writer): real numbers with a money format and real dates in the shop's time
 *   zone, so the spreadsheet can sum and sort them; the header row is bold and frozen.
 */
import ExcelJS from 'exceljs';
import { PassThrough, Readable } from 'node:stream';
import { localParts } from '../../../domain/time';
import type { Store } from '../../db/store';
import type { Cell, CellKind, Dataset } from './datasets';
import type { Range } from './repository';

const money = new Intl.NumberFormat('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const decimal = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 2, useGrouping: false });
const pad = (n: number) => String(n).padStart(2, '0');

/** Pages of lines until the dataset is exhausted, each page read on its own (no cursor held across pauses). */
async function* lines(dataset: Dataset, store: Store, range: Range): AsyncGenerator<Cell[][]> {
  let afterId = 0;
  for (;;) {
    const { lines: page, lastId } = await store.read((q) => dataset.page(q, afterId, range));
    if (page.length > 0) yield page;
    if (lastId === null) return;
    afterId = lastId;
  }
}

export function csvCell(value: Cell, kind: CellKind, timeZone: string): string {
  if (value === null || value === '') return '';
  let out: string;
  if (kind === 'money') out = money.format(Number(value) / 100);
  else if (kind === 'int' || kind === 'percent') out = decimal.format(Number(value));
  else if (kind === 'bool') out = value ? 'Sí' : 'No';
  else if (kind === 'datetime') {
    const p = localParts(String(value), timeZone);
    out = `${pad(p.day)}/${pad(p.month)}/${p.year} ${pad(p.hour)}:${pad(p.minute)}`;
  } else {
    out = String(value);
    if (/^[=+\-@\t\r]/.test(out)) out = `'${out}`;
  }
  return /[;"\r\n]/.test(out) ? `"${out.replace(/"/g, '""')}"` : out;
}

export function csvStream(dataset: Dataset, store: Store, range: Range, timeZone: string): Readable {
  async function* chunks(): AsyncGenerator<string> {
    yield `\uFEFF${dataset.columns.map((c) => csvCell(c.header, 'text', timeZone)).join(';')}\r\n`;
    for await (const page of lines(dataset, store, range)) {
      yield page.map((line) => `${line.map((v, i) => csvCell(v, dataset.columns[i].kind, timeZone)).join(';')}\r\n`).join('');
    }
  }
  return Readable.from(chunks());
}

const XLSX_FORMATS: Partial<Record<CellKind, string>> = { money: '#,##0.00', int: '0', datetime: 'dd/mm/yyyy hh:mm' };

function xlsxCell(value: Cell, kind: CellKind, timeZone: string): ExcelJS.CellValue {
  if (value === null || value === '') return null;
  if (kind === 'money') return Number(value) / 100;
  if (kind === 'int' || kind === 'percent') return Number(value);
  if (kind === 'bool') return value ? 'Sí' : 'No';
  if (kind === 'datetime') {
    const p = localParts(String(value), timeZone);
    return new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second));
  }
  return String(value);
}

export function xlsxStream(dataset: Dataset, store: Store, range: Range, timeZone: string): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(dataset.title, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = dataset.columns.map((c) => ({
    header: c.header,
    width: c.width ?? Math.max(12, c.header.length + 2),
    style: XLSX_FORMATS[c.kind] ? { numFmt: XLSX_FORMATS[c.kind] } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  const write = async () => {
    for await (const page of lines(dataset, store, range)) {
      for (const line of page) sheet.addRow(line.map((v, i) => xlsxCell(v, dataset.columns[i].kind, timeZone))).commit();
      await new Promise((resolve) => setImmediate(resolve));
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
