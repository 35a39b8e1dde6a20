/**
 * ARCA (ex AFIP) WSFEv1 codes used by Mostrador (docs/reference/arca-wsfe.md §2 "Codes"): comprobante types,
 * document types, IVA aliquots and the buyer's IVA condition (CondicionIVAReceptorId, RG 5616).
 */
export const ISSUER_TAX_CONDITIONS = ['monotributo', 'responsable_inscripto'] as const;
export type IssuerTaxCondition = (typeof ISSUER_TAX_CONDITIONS)[number];
export const ISSUER_TAX_CONDITION_LABELS: Record<IssuerTaxCondition, string> = {
  monotributo: 'Responsable Monotributo',
  responsable_inscripto: 'IVA Responsable Inscripto',
};

export const ARCA_ENVIRONMENTS = ['homologacion', 'produccion'] as const;
export type ArcaEnvironment = (typeof ARCA_ENVIRONMENTS)[number];

/** Invoice comprobante types. */
export const CBTE_TIPOS = { facturaA: 1, facturaB: 6, facturaC: 11 } as const;
export type CbteTipo = 1 | 6 | 11;
/** Credit notes (Nota de Crédito A/B/C): they carry CbtesAsoc to the invoice they credit, of the same letter. */
export type NcTipo = 3 | 8 | 13;
/** Every comprobante Mostrador issues: invoices and their credit notes. */
export type ComprobanteTipo = CbteTipo | NcTipo;
export const CBTE_TIPO_LABELS: Record<ComprobanteTipo, string> = {
  1: 'Factura A',
  6: 'Factura B',
  11: 'Factura C',
  3: 'Nota de Crédito A',
  8: 'Nota de Crédito B',
  13: 'Nota de Crédito C',
};
export const CBTE_LETTER: Record<ComprobanteTipo, 'A' | 'B' | 'C'> = { 1: 'A', 6: 'B', 11: 'C', 3: 'A', 8: 'B', 13: 'C' };
/** The credit note of an invoice type (same letter), and back. */
export const CREDIT_NOTE_TIPO: Record<CbteTipo, NcTipo> = { 1: 3, 6: 8, 11: 13 };
export const INVOICE_TIPO_OF_NOTE: Record<NcTipo, CbteTipo> = { 3: 1, 8: 6, 13: 11 };
export const isCreditNoteTipo = (tipo: number): tipo is NcTipo => tipo === 3 || tipo === 8 || tipo === 13;

export const DOC_TIPOS = { cuit: 80, cuil: 86, cdi: 87, dni: 96, pasaporte: 94, consumidorFinal: 99 } as const;
export type DocTipo = 80 | 86 | 87 | 94 | 96 | 99;
export const DOC_TIPO_LABELS: Record<DocTipo, string> = {
  80: 'CUIT',
  86: 'CUIL',
  87: 'CDI',
  96: 'DNI',
  94: 'Pasaporte',
  99: 'Consumidor Final',
};

/** Receptor IVA conditions (CondicionIVAReceptorId). */
export type CondicionIvaReceptor = 1 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 13 | 15 | 16;
export const CONDICION_IVA_LABELS: Record<CondicionIvaReceptor, string> = {
  1: 'IVA Responsable Inscripto',
  4: 'IVA Sujeto Exento',
  5: 'Consumidor Final',
  6: 'Responsable Monotributo',
  7: 'Sujeto No Categorizado',
  8: 'Proveedor del Exterior',
  9: 'Cliente del Exterior',
  10: 'IVA Liberado – Ley N° 19.640',
  13: 'Monotributista Social',
  15: 'IVA No Alcanzado',
  16: 'Monotributo Trabajador Independiente Promovido',
};
export const CONDICIONES_IVA = Object.keys(CONDICION_IVA_LABELS).map(Number) as CondicionIvaReceptor[];
/** Conditions ARCA accepts per comprobante class (A also for M; C accepts both lists). */
export const CONDICIONES_CLASE_A: readonly CondicionIvaReceptor[] = [1, 6, 13, 16];
export const CONDICIONES_CLASE_B: readonly CondicionIvaReceptor[] = [4, 5, 7, 8, 9, 10, 15];

/** Product IVA rates (percent) and their ARCA aliquot ids. 21 % is the default. */
export const IVA_RATES = [21, 10.5, 27, 0] as const;
export type IvaRate = (typeof IVA_RATES)[number];
export const DEFAULT_IVA_RATE: IvaRate = 21;
export const IVA_ALIC_ID: Record<IvaRate, 3 | 4 | 5 | 6> = { 0: 3, 10.5: 4, 21: 5, 27: 6 };
/** Rate in basis points (2100 = 21 %), the DB representation, and back. */
export const ivaRateToBp = (rate: IvaRate): number => Math.round(rate * 100);
export function ivaRateFromBp(bp: number): IvaRate {
  const rate = bp / 100;
  return (IVA_RATES as readonly number[]).includes(rate) ? (rate as IvaRate) : DEFAULT_IVA_RATE;
}

/** Default consumidor-final identification threshold (RG 5700/2025): $ 10.000.000, in cents. */
export const DEFAULT_IDENTIFICATION_THRESHOLD_CENTS = 10_000_000_00;
