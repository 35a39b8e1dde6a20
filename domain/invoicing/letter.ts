/**
 * Which letter (docs/reference/arca-wsfe.md "Which letter"): a Monotributo issuer always issues C; a Responsable Inscripto
 * issues A to buyers that are Responsable Inscripto or monotributistas (conditions 1, 6, 13, 16) and B to
 * everyone else. The invoice dialog offers only what these functions return, and the server refuses the rest.
 */
import {
  CONDICIONES_CLASE_A,
  CONDICIONES_CLASE_B,
  CONDICIONES_IVA,
  type CbteTipo,
  type CondicionIvaReceptor,
  type DocTipo,
  type IssuerTaxCondition,
} from './codes';

/** The one legal comprobante type for an (issuer, buyer condition) pair. */
export function legalCbteTipo(issuer: IssuerTaxCondition, receptor: CondicionIvaReceptor): CbteTipo {
  if (issuer === 'monotributo') return 11;
  return CONDICIONES_CLASE_A.includes(receptor) ? 1 : 6;
}

/** Every comprobante type an issuer may emit (for some buyer). */
export function issuerCbteTipos(issuer: IssuerTaxCondition): CbteTipo[] {
  return issuer === 'monotributo' ? [11] : [1, 6];
}

/** Buyer conditions valid for a comprobante type (ARCA refuses others with 10242). */
export function condicionesFor(tipo: CbteTipo): CondicionIvaReceptor[] {
  if (tipo === 1) return [...CONDICIONES_CLASE_A];
  if (tipo === 6) return [...CONDICIONES_CLASE_B];
  return [...CONDICIONES_IVA];
}

/** Document types acceptable for a comprobante type and buyer condition. */
export function docTiposFor(tipo: CbteTipo, receptor: CondicionIvaReceptor): DocTipo[] {
  if (tipo === 1 || CONDICIONES_CLASE_A.includes(receptor)) return [80];
  if (receptor === 5) return [99, 96, 80, 86, 87, 94];
  return [80, 86, 87, 96, 94];
}

/** Spanish reason why (issuer, type, buyer condition, document type) is not legal, or null. */
export function letterProblem(
  issuer: IssuerTaxCondition,
  tipo: CbteTipo,
  receptor: CondicionIvaReceptor,
  docTipo: DocTipo,
): string | null {
  if (!issuerCbteTipos(issuer).includes(tipo)) {
    return issuer === 'monotributo'
      ? 'Un emisor Monotributo solo puede emitir Factura C'
      : 'Un emisor Responsable Inscripto emite Factura A o B, no Factura C';
  }
  const legal = legalCbteTipo(issuer, receptor);
  if (legal !== tipo) {
    return legal === 1
      ? 'A un comprador Responsable Inscripto o Monotributista corresponde Factura A'
      : 'A un Consumidor Final, Exento o no categorizado corresponde Factura B';
  }
  const docs = docTiposFor(tipo, receptor);
  if (!docs.includes(docTipo)) {
    return docs.length === 1 || docTipo === 99
      ? 'Para esta condición frente al IVA hay que identificar al comprador con su CUIT'
      : 'El tipo de documento no corresponde a la condición frente al IVA del comprador';
  }
  return null;
}
