/**
 * The "Generar Factura Electrónica" form (docs/spec.md §2, §5): the buyer's IVA condition decides the one legal
 * letter for this issuer (domain rule), which decides the document types offered; the number is hidden
 * for 99 (consumidor final) and checked with the domain's document and threshold rules before sending;
 * the buyer's name and address are required for an A and at the threshold (domain/invoicing/buyer.ts, the
 * same rule the server applies before anything reaches ARCA).
 */
import {
  buyerDataProblem,
  buyerDataRequired,
  buyerText,
  condicionesFor,
  CONDICIONES_IVA,
  docTiposFor,
  documentProblem,
  issuerCbteTipos,
  legalCbteTipo,
  thresholdProblem,
  type CbteTipo,
  type CondicionIvaReceptor,
  type DocTipo,
  type IssuerTaxCondition,
} from '../../../domain/invoicing';
import { toCents } from '../../../domain/money';

export interface InvoiceFormValues {
  condicion: CondicionIvaReceptor;
  tipo: CbteTipo | null;
  docTipo: DocTipo | null;
  docNro: string;
  /** The buyer's name or razón social, and address ("" when not given). */
  name: string;
  address: string;
}

export type InvoiceFormErrors = Partial<Record<'tipo' | 'docTipo' | 'docNro' | 'name' | 'address', string>>;

/** Buyer conditions that some legal letter of this issuer accepts. */
export const conditionOptions = (issuer: IssuerTaxCondition): CondicionIvaReceptor[] =>
  CONDICIONES_IVA.filter((c) => issuerCbteTipos(issuer).some((t) => condicionesFor(t).includes(c)));

/** The legal letter(s) for this issuer and buyer: exactly the domain rule's answer. */
export const typeOptions = (issuer: IssuerTaxCondition, condicion: CondicionIvaReceptor): CbteTipo[] => [legalCbteTipo(issuer, condicion)];

/** Values after the buyer's condition changed: its legal letter, and a document type valid for both. */
export function withCondition(issuer: IssuerTaxCondition, values: InvoiceFormValues, condicion: CondicionIvaReceptor): InvoiceFormValues {
  const tipo = legalCbteTipo(issuer, condicion);
  const docs = docTiposFor(tipo, condicion);
  const docTipo = values.docTipo !== null && docs.includes(values.docTipo) ? values.docTipo : docs[0];
  return { ...values, condicion, tipo, docTipo, docNro: docTipo === 99 ? '' : values.docNro };
}

export const initialInvoiceForm = (issuer: IssuerTaxCondition, name = ''): InvoiceFormValues =>
  withCondition(issuer, { condicion: 5, tipo: null, docTipo: 99, docNro: '', name, address: '' }, 5);

/** Whether this letter and total need the buyer's name and address on the invoice. */
export const needsBuyerData = (values: InvoiceFormValues, totalPesos: number, thresholdPesos: number): boolean =>
  values.tipo !== null && buyerDataRequired(values.tipo, toCents(totalPesos), toCents(thresholdPesos));

/** Digits the user typed, without the dots and hyphens people write in documents. */
const cleanNumber = (value: string) => value.replace(/[.\-\s]/g, '');

export function invoiceFormErrors(values: InvoiceFormValues, totalPesos: number, thresholdPesos: number): InvoiceFormErrors {
  const errors: InvoiceFormErrors = {};
  if (values.tipo === null) errors.tipo = 'El tipo de comprobante es obligatorio';
  if (values.docTipo === null) errors.docTipo = 'El tipo de documento es obligatorio';
  if (values.tipo !== null) {
    const missing = buyerDataProblem(values.tipo, values, toCents(totalPesos), toCents(thresholdPesos));
    if (missing) errors[buyerText(values.name) ? 'address' : 'name'] = missing;
  }
  if (values.docTipo === null) return errors;
  if (values.docTipo === 99) {
    // The number is hidden for 99: an unidentified buyer above the threshold is the type's problem.
    const problem = thresholdProblem(toCents(totalPesos), 99, toCents(thresholdPesos));
    if (problem) errors.docTipo = problem;
    return errors;
  }
  const number = cleanNumber(values.docNro);
  const problem = /^\d*$/.test(number) ? documentProblem(values.docTipo, number) : 'El número de documento va sin puntos ni guiones, solo números';
  if (problem) errors.docNro = problem;
  return errors;
}

/** The POST body (docs/spec.md §3: integers; the document number as digits, 0 for consumidor final). */
export function invoiceBody(values: InvoiceFormValues) {
  return {
    tipo_comprobante: values.tipo ?? 11,
    documento_tipo: values.docTipo ?? 99,
    documento_nro: values.docTipo === 99 ? 0 : Number(cleanNumber(values.docNro)),
    condicion_iva_receptor: values.condicion,
    receptor_nombre: buyerText(values.name),
    receptor_domicilio: buyerText(values.address),
  };
}
