/**
 * Libro IVA Digital — ventas (RG 3685 design, kept by IVA Simple): the fixed-width records of the two import
 * files, REGINFO_CV_VENTAS_CBTE (266 characters) and REGINFO_CV_VENTAS_ALICUOTAS (62), as text lines joined
 * by CRLF. The server writes them in ISO-8859-1 (`latin1Safe` keeps every character in that range).
 * Layout: docs/accounting.md and ../shared/reference/arca-padron-libro-iva.md (pyafipws rg3685.py, odoo
 * account_vat_report.py, tryton citi_afip cross-checked).
 *
 * Invariants: every record has exactly its length (a value that does not fit throws, it is never cut
 * silently, except the buyer's name, which the design caps at 30); amounts are the absolute value
 * (credit notes go positive, identified by their type 003/008/013); for A and B the rate lines of a
 * voucher add up to its total (Σ neto + IVA = total), class C carries no rate line (código de operación N).
 */
import type { Cents } from '../money';

export const CBTE_RECORD_LENGTH = 266;
export const ALICUOTA_RECORD_LENGTH = 62;
export const CRLF = '\r\n';

export interface LibroRate {
  /** ARCA aliquot id: 3 = 0 %, 4 = 10,5 %, 5 = 21 %, 6 = 27 %, 8 = 5 %, 9 = 2,5 %. */
  id: number;
  baseCents: Cents;
  ivaCents: Cents;
}

export interface LibroVoucher {
  /** yyyymmdd */
  cbteFch: string;
  cbteTipo: number;
  ptoVta: number;
  cbteNro: number;
  docTipo: number;
  docNro: string;
  buyerName: string | null;
  totalCents: Cents;
  /** Empty for class C. */
  rates: LibroRate[];
}

const CLASS_C = new Set([11, 12, 13, 15]);
export const isClassC = (tipo: number): boolean => CLASS_C.has(tipo);

function num(value: number | string, width: number, field: string): string {
  const text = String(value);
  if (!/^\d+$/.test(text) || text.length > width) throw new RangeError(`Libro IVA: ${field} «${text}» no entra en ${width} dígitos`);
  return text.padStart(width, '0');
}
const amount = (cents: Cents, field: string) => num(Math.abs(Math.trunc(cents)), 15, field);

/** The text with every character outside ISO-8859-1 replaced (accents decomposed first, then "?"). */
export function latin1Safe(text: string): string {
  let out = '';
  for (const ch of text) {
    if (ch.charCodeAt(0) <= 0xff && ch.length === 1) out += ch;
    else {
      const bare = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += bare.length === 1 && bare.charCodeAt(0) <= 0xff ? bare : '?';
    }
  }
  return out;
}

function name(voucher: LibroVoucher): string {
  const raw = (voucher.buyerName ?? '').replace(/[\r\n\t]+/g, ' ').trim() || (voucher.docTipo === 99 ? 'CONSUMIDOR FINAL' : '');
  return latin1Safe(raw).slice(0, 30).padEnd(30, ' ');
}

/** One REGINFO_CV_VENTAS_CBTE record (266 characters, no line end). */
export function cbteRecord(v: LibroVoucher): string {
  const classC = isClassC(v.cbteTipo);
  const rateCount = classC || v.rates.length === 0 ? 1 : v.rates.length;
  if (rateCount > 9) throw new RangeError('Libro IVA: más de 9 alícuotas en un comprobante');
  const docNro = v.docTipo === 99 ? '0' : v.docNro.replace(/\D/g, '') || '0';
  const record = [
    num(v.cbteFch, 8, 'fecha'),
    num(v.cbteTipo, 3, 'tipo de comprobante'),
    num(v.ptoVta, 5, 'punto de venta'),
    num(v.cbteNro, 20, 'número'),
    num(v.cbteNro, 20, 'número hasta'),
    num(v.docTipo, 2, 'tipo de documento'),
    num(docNro, 20, 'documento'),
    name(v),
    amount(v.totalCents, 'total'),
    amount(0, 'no gravado'),
    amount(0, 'percepción a no categorizados'),
    amount(0, 'exento'),
    amount(0, 'percepciones nacionales'),
    amount(0, 'percepciones de Ingresos Brutos'),
    amount(0, 'percepciones municipales'),
    amount(0, 'impuestos internos'),
    'PES',
    '0001000000',
    String(rateCount),
    classC ? 'N' : ' ',
    amount(0, 'otros tributos'),
    '00000000',
  ].join('');
  if (record.length !== CBTE_RECORD_LENGTH) throw new RangeError(`Libro IVA: registro de ${record.length} caracteres`);
  return record;
}

/** The REGINFO_CV_VENTAS_ALICUOTAS records of one voucher (62 characters each; none for class C). */
export function alicuotaRecords(v: LibroVoucher): string[] {
  if (isClassC(v.cbteTipo)) return [];
  return v.rates.map((r) => {
    const record = [
      num(v.cbteTipo, 3, 'tipo de comprobante'),
      num(v.ptoVta, 5, 'punto de venta'),
      num(v.cbteNro, 20, 'número'),
      amount(r.baseCents, 'neto gravado'),
      num(r.id, 4, 'alícuota'),
      amount(r.ivaCents, 'impuesto liquidado'),
    ].join('');
    if (record.length !== ALICUOTA_RECORD_LENGTH) throw new RangeError(`Libro IVA: registro de ${record.length} caracteres`);
    return record;
  });
}

/** Both files' text (each line ends in CRLF, the last one too; an empty period gives empty files). */
export function libroIvaVentas(vouchers: readonly LibroVoucher[]): { cbte: string; alicuotas: string } {
  const cbte = vouchers.map((v) => cbteRecord(v) + CRLF).join('');
  const alicuotas = vouchers.flatMap((v) => alicuotaRecords(v).map((line) => line + CRLF)).join('');
  return { cbte, alicuotas };
}
