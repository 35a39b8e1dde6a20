/**
 * Reads an uploaded spreadsheet into rows of plain cells, judging the format by its content, not its
 * name: a ZIP signature ("PK\x03\x04") is an .xlsx (first worksheet; zip-guard.ts first checks what it
 * inflates to), anything else must be text and is read as CSV (";" or "," separator, whichever the
 * header line uses; quotes as Excel writes them). The text is UTF-8 when it decodes as such, else
 * Windows-1252: what Excel on Windows saves as «CSV (delimitado por comas)» (issue #38 item 4).
 */
import ExcelJS from 'exceljs';
import { MSG } from '../../../domain/messages';
import { badRequest } from '../../http/errors';
import { checkZip } from './zip-guard';

export type SheetCell = string | number | boolean | null;

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
const isZip = (bytes: Buffer) => ZIP_SIGNATURE.every((b, i) => bytes[i] === b);

export async function readSheet(bytes: Buffer): Promise<SheetCell[][]> {
  if (isZip(bytes)) return readXlsx(bytes);
  const text = decodeText(bytes);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000E-\u001F]/.test(text)) throw badRequest(MSG.importNotSheet);
  return parseCsv(text.replace(/^\uFEFF/, ''));
}

/**
 * Windows-1252's 0x80–0x9F (where it differs from Latin-1: €, curly quotes, dashes…); the five bytes it
 * leaves undefined stay as their C1 code points. Node's TextDecoder('windows-1252') decodes as Latin-1.
 */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

/** UTF-8 (a byte sequence that is not valid UTF-8 is practically never a UTF-8 file), else Windows-1252. */
export function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return bytes.toString('latin1').replace(/[\u0080-\u009F]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]);
  }
}

async function readXlsx(bytes: Buffer): Promise<SheetCell[][]> {
  const verdict = checkZip(bytes);
  if (verdict === 'too-large') throw badRequest(MSG.importUnpackedTooLarge);
  if (verdict === 'invalid') throw badRequest(MSG.importNotSheet);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw badRequest(MSG.importNotSheet);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest(MSG.importNotSheet);
  const rows: SheetCell[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: SheetCell[] = [];
    for (let c = 1; c <= sheet.columnCount; c++) cells.push(plain(row.getCell(c).value));
    rows[number - 1] = cells;
  });
  return Array.from(rows, (r) => r ?? []);
}

/** An exceljs cell value as text, number or boolean (rich text, links and formula results included). */
function plain(value: ExcelJS.CellValue): SheetCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('result' in value) return plain((value.result ?? null) as ExcelJS.CellValue);
  if ('text' in value) return String(value.text);
  return null;
}

/** RFC 4180 CSV with the separator of the first line (";" unless the header has more ","). */
export function parseCsv(text: string): SheetCell[][] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const separator = (firstLine.match(/,/g)?.length ?? 0) > (firstLine.match(/;/g)?.length ?? 0) ? ',' : ';';
  const rows: SheetCell[][] = [];
  let row: SheetCell[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === separator) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}
