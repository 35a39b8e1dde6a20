/**
 * The sales book an accountant can read (issue #37.2): one row per authorized voucher of the period (the same
 * vouchers as the Libro IVA files), with net and IVA per rate, exempt and total; credit notes negative (they
 * subtract), so every column sums to the period's figure. Real numbers with an es-AR money format and real
 * dates, so the sheet sums and sorts; a totals row at the end.
 */
import ExcelJS from 'exceljs';
import { CBTE_TIPO_LABELS, CONDICION_IVA_LABELS, DOC_TIPO_LABELS, isCreditNoteTipo } from '../../../domain/invoicing/codes';
import { isClassC } from '../../../domain/libro-iva/records';
import type { BookPeriod } from './service';

/** The rate columns, by ARCA aliquot id. */
const RATES = [
  { id: 5, label: '21 %' },
  { id: 4, label: '10,5 %' },
  { id: 6, label: '27 %' },
  { id: 3, label: '0 %' },
] as const;

export const SALES_BOOK_HEADERS = [
  'Fecha',
  'Comprobante',
  'Punto de venta',
  'Número',
  'Tipo de documento',
  'Documento',
  'Comprador',
  'Condición IVA',
  ...RATES.flatMap((r) => [`Neto ${r.label}`, `IVA ${r.label}`]),
  'No gravado (Factura C)',
  'Exento',
  'Total',
  'Autorización',
  'CAE / CAEA',
];
const MONEY_FROM = 9; // 1-based column of the first amount
const MONEY_TO = MONEY_FROM + RATES.length * 2 + 2;

const label = (labels: Record<number, string>, code: number) => labels[code] ?? String(code);

export async function salesBookXlsx(period: BookPeriod): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Libro de ventas', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = SALES_BOOK_HEADERS.map((header, i) => ({
    header,
    width: i === 6 ? 30 : Math.max(12, header.length + 2),
    style: i + 1 >= MONEY_FROM && i + 1 <= MONEY_TO ? { numFmt: '#,##0.00' } : i === 0 ? { numFmt: 'dd/mm/yyyy' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  const totals = new Array<number>(MONEY_TO - MONEY_FROM + 1).fill(0);
  for (const v of period.vouchers) {
    const sign = isCreditNoteTipo(v.cbteTipo) ? -1 : 1;
    const rates = period.rates.get(v.invoiceId) ?? [];
    const cents = [
      ...RATES.flatMap((r) => {
        const line = rates.find((x) => x.alicId === r.id);
        return [line?.baseCents ?? 0, line?.ivaCents ?? 0];
      }),
      isClassC(v.cbteTipo) ? v.totalCents : 0,
      0,
      v.totalCents,
    ].map((c) => sign * c);
    cents.forEach((c, i) => (totals[i] += c));
    const [y, m, d] = [Number(v.cbteFch.slice(0, 4)), Number(v.cbteFch.slice(4, 6)), Number(v.cbteFch.slice(6, 8))];
    sheet.addRow([
      new Date(Date.UTC(y, m - 1, d)),
      label(CBTE_TIPO_LABELS, v.cbteTipo),
      v.ptoVta,
      v.cbteNro,
      label(DOC_TIPO_LABELS, v.docTipo),
      v.docTipo === 99 ? '' : v.docNro,
      v.buyerName ?? (v.docTipo === 99 ? 'Consumidor Final' : ''),
      label(CONDICION_IVA_LABELS, v.condicionIvaReceptor),
      ...cents.map((c) => c / 100),
      v.authorization,
      v.cae ?? '',
    ]);
  }
  const total = sheet.addRow(['Total', `${period.vouchers.length} comprobantes`, null, null, null, null, null, null, ...totals.map((c) => c / 100)]);
  total.font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
