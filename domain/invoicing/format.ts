/**
 * Invoice presentation rules shared by server and printout: the `00004-00001836` number, ARCA dates
 * (yyyymmdd, the Argentine calendar date) and the RG 4892 QR (JSON in the order the regulation gives,
 * base64 after https://www.afip.gob.ar/fe/qr/?p=).
 */
import { localDateString } from '../time';

export const ARCA_TIME_ZONE = 'America/Argentina/Buenos_Aires';

/** PtoVta (5 digits) - number (8 digits): 4, 1836 → "00004-00001836". */
export function formatInvoiceNumber(ptoVta: number, cbteNro: number): string {
  return `${String(ptoVta).padStart(5, '0')}-${String(cbteNro).padStart(8, '0')}`;
}

/** Argentine calendar date of an instant as ARCA's yyyymmdd. From 21:00 local the UTC date differs. */
export function arcaDate(instant: Date | string | number): string {
  return localDateString(instant, ARCA_TIME_ZONE).replaceAll('-', '');
}

/** "20210711" → "2021-07-11" (and "" → ""). */
export function isoFromArcaDate(value: string): string {
  return /^\d{8}$/.test(value) ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}` : value;
}

export interface QrData {
  ver: 1;
  fecha: string;
  cuit: number;
  ptoVta: number;
  tipoCmp: number;
  nroCmp: number;
  importe: number;
  moneda: 'PES';
  ctz: 1;
  tipoDocRec: number;
  nroDocRec: number;
  tipoCodAut: 'E' | 'A';
  codAut: number;
}

export interface QrInput {
  /** yyyy-mm-dd or yyyymmdd */
  fecha: string;
  cuit: string | number;
  ptoVta: number;
  tipoCmp: number;
  nroCmp: number;
  /** Decimal total (2 decimals). */
  importe: number;
  tipoDocRec: number;
  nroDocRec: string | number;
  codAut: string | number;
  tipoCodAut?: 'E' | 'A';
}

/** The RG 4892 JSON, keys in the published order. */
export function buildQrData(input: QrInput): QrData {
  return {
    ver: 1,
    fecha: isoFromArcaDate(input.fecha),
    cuit: Number(input.cuit),
    ptoVta: input.ptoVta,
    tipoCmp: input.tipoCmp,
    nroCmp: input.nroCmp,
    importe: Math.round(input.importe * 100) / 100,
    moneda: 'PES',
    ctz: 1,
    tipoDocRec: input.tipoDocRec,
    nroDocRec: Number(input.nroDocRec),
    tipoCodAut: input.tipoCodAut ?? 'E',
    codAut: Number(input.codAut),
  };
}

export const QR_BASE_URL = 'https://www.afip.gob.ar/fe/qr/?p=';

/** The URL the QR encodes. The JSON is ASCII, so btoa is exact on both sides. */
export function buildQrUrl(input: QrInput): string {
  return QR_BASE_URL + btoa(JSON.stringify(buildQrData(input)));
}

/** Decodes a QR URL back to its JSON (tests and the printout check). */
export function parseQrUrl(url: string): QrData | null {
  if (!url.startsWith(QR_BASE_URL)) return null;
  try {
    return JSON.parse(atob(url.slice(QR_BASE_URL.length))) as QrData;
  } catch {
    return null;
  }
}
