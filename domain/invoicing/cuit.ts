/** Document number rules of an invoice's buyer (the CUIT check digit itself is domain/cuit.ts). */
import { isValidCuit } from '../cuit';
import type { DocTipo } from './codes';

/** The check digit and formats live in domain/cuit.ts (one rule for invoices, customers and the registry). */
export { formatCuit, isValidCuit, normalizeCuit as onlyDigits } from '../cuit';

/** Spanish reason why a document number is wrong for its type, or null. */
export function documentProblem(docTipo: DocTipo, docNro: string): string | null {
  if (docTipo === 99) return docNro === '0' ? null : 'Para Consumidor Final el número de documento debe ser 0';
  if (!/^\d+$/.test(docNro) || /^0+$/.test(docNro)) return 'El número de documento es obligatorio y va sin puntos ni guiones';
  if (docTipo === 80 || docTipo === 86) {
    if (docNro.length !== 11) return `El ${docTipo === 80 ? 'CUIT' : 'CUIL'} debe tener 11 dígitos`;
    if (!isValidCuit(docNro)) return `El ${docTipo === 80 ? 'CUIT' : 'CUIL'} no es válido (dígito verificador incorrecto)`;
    return null;
  }
  if (docTipo === 96 && (docNro.length < 7 || docNro.length > 8)) return 'El DNI debe tener 7 u 8 dígitos';
  if (docNro.length > 11) return 'El número de documento es demasiado largo';
  return null;
}
