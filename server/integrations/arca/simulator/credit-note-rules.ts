/**
 * The simulator's credit-note checks (docs/reference/arca-wsfe.md §2 "Credit notes"): a Nota de Crédito
 * (3/8/13) carries CbtesAsoc/CbteAsoc{Tipo, PtoVta, Nro} of a comprobante this CUIT has authorised, of the
 * same letter (else 10040), and credits at most that comprobante's total. Codes other than 10040 and their
 * texts are not documented in the reference: marked (approx.).
 */
import type { ArcaErr } from '../errors';
import type { XmlNode } from '../xml';

const LETTER: Record<number, 'A' | 'B' | 'C'> = { 1: 'A', 6: 'B', 11: 'C', 3: 'A', 8: 'B', 13: 'C' };
const INVOICE_TYPES = new Set([1, 6, 11]);
const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);

export const isCreditNote = (tipo: number) => tipo === 3 || tipo === 8 || tipo === 13;

/** An authorised comprobante of this CUIT, or undefined. */
export type FindComprobante = (tipo: number, ptoVta: number, nro: number) => XmlNode | undefined;

/** Observations rejecting the credit note of type `tipo`, or [] when it may be authorised. */
export function checkCreditNote(d: XmlNode, tipo: number, find: FindComprobante): ArcaErr[] {
  const asoc: XmlNode[] = d.CbtesAsoc?.CbteAsoc ?? [];
  if (asoc.length === 0) return [{ code: 10197, msg: 'Para comprobantes de tipo Nota de Debito o Nota de Credito es obligatorio informar CbtesAsoc (approx.)' }];
  const errs: ArcaErr[] = [];
  for (const a of asoc) {
    const aTipo = Number(a.Tipo);
    const original = INVOICE_TYPES.has(aTipo) ? find(aTipo, Number(a.PtoVta), Number(a.Nro)) : undefined;
    if (!original) {
      errs.push({ code: 10153, msg: `El comprobante asociado (Tipo ${a.Tipo}, PtoVta ${a.PtoVta}, Nro ${a.Nro}) no existe o no fue autorizado para el emisor (approx.)` });
      continue;
    }
    if (LETTER[aTipo] !== LETTER[tipo]) {
      errs.push({ code: 10040, msg: `El comprobante asociado debe ser de la misma clase que el comprobante a autorizar: una Nota de Credito ${LETTER[tipo]} solo puede asociar comprobantes clase ${LETTER[tipo]}` });
    } else if (cents(d.ImpTotal) > cents(original.ImpTotal)) {
      errs.push({ code: 10154, msg: 'El importe total de la Nota de Credito no puede superar el del comprobante asociado (approx.)' });
    }
  }
  return errs;
}
