/**
 * The buyer an invoice names (issue #33.2/#33.3): what each letter requires before anything is sent to ARCA,
 * and the snapshot an invoice keeps. Invariants: a Factura A names a buyer identified by a CUIT with a valid
 * check digit, with name/razón social, address and an IVA condition valid for class A (letter.ts); any
 * invoice at or above the identification threshold (RG 5700/2025; threshold.ts) names an identified buyer
 * with name and address too (RG 1415: apellido y nombre o denominación, domicilio y documento). The
 * snapshot's fiscal facts are docTipo, docNro, name, address and condicionIvaReceptor: they can be filled
 * from the sale's free text or from a customer record, and an issued invoice never changes with either.
 */
import type { CbteTipo, CondicionIvaReceptor, DocTipo } from './codes';

export const BUYER_LIMITS = { name: 200, address: 300 } as const;

/** The buyer as an invoice records and prints it. */
export interface InvoiceBuyer {
  docTipo: DocTipo;
  docNro: string;
  condicionIvaReceptor: CondicionIvaReceptor;
  /** Name or razón social; null when not given (a consumidor final below the threshold). */
  name: string | null;
  address: string | null;
}

/** Trimmed text or null ("" and blanks mean "not given"). */
export const buyerText = (value: string | null | undefined): string | null => {
  const text = value?.trim().replace(/\s+/g, ' ') ?? '';
  return text === '' ? null : text;
};

/** True when the printed invoice must carry the buyer's name, address, document and IVA condition. */
export function buyerDataRequired(tipo: CbteTipo, totalCents: number, thresholdCents: number): boolean {
  return tipo === 1 || totalCents >= thresholdCents;
}

/** Spanish reason why this buyer's data is not enough for this letter and total, or null (document rules: cuit.ts, letter.ts, threshold.ts). */
export function buyerDataProblem(tipo: CbteTipo, buyer: Pick<InvoiceBuyer, 'name' | 'address'>, totalCents: number, thresholdCents: number): string | null {
  if (!buyerDataRequired(tipo, totalCents, thresholdCents)) return null;
  const what = tipo === 1 ? 'Para emitir una Factura A' : 'Para identificar al comprador desde el umbral';
  if (!buyerText(buyer.name)) return `${what} falta el nombre o razón social del comprador`;
  if (!buyerText(buyer.address)) return `${what} falta el domicilio del comprador`;
  return null;
}
