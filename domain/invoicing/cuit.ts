/** CUIT / CUIL check digit (módulo 11 with weights 5,4,3,2,7,6,5,4,3,2) and document number rules. */
import type { DocTipo } from './codes';

const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/** Digits only ("20-12345678-6" → "20123456786"). */
export const onlyDigits = (value: string): string => value.replace(/[-\s.]/g, '');

/** True when an 11-digit CUIT/CUIL has the right check digit. */
export function isValidCuit(value: string | number): boolean {
  const digits = onlyDigits(String(value));
  if (!/^\d{11}$/.test(digits)) return false;
  const sum = WEIGHTS.reduce((acc, w, i) => acc + w * Number(digits[i]), 0);
  const mod = 11 - (sum % 11);
  const check = mod === 11 ? 0 : mod === 10 ? 9 : mod;
  return check === Number(digits[10]);
}

/** "20123456786" → "20-12345678-6". */
export function formatCuit(value: string | number): string {
  const d = onlyDigits(String(value));
  return d.length === 11 ? `${d.slice(0, 2)}-${d.slice(2, 10)}-${d.slice(10)}` : d;
}

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
