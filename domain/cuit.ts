/**
 * CUIT / CUIL / CDI: 11 digits (type, number, check digit), the one home of the check-digit rule.
 * Invariant: `parseCuit` accepts a value only when, without dashes, dots and spaces, it is 11 digits whose
 * last one is the módulo-11 check digit (weights 5,4,3,2,7,6,5,4,3,2 over the first ten).
 * The remainder 10 case: ARCA does not issue a number whose check would be 10 — it changes the type to 23
 * (24 or 33/34 for companies) and recomputes, so e.g. ARCA's own 33-69345023-9 and a man's 23-…-9 check with
 * the plain rule. A few numbers carry 9 for a remainder 10 (the rule python-stdnum and the older
 * validators use), so 9 is accepted there: refusing a real buyer's CUIT would block a Factura A, while a
 * number ARCA does not know is answered by the registry as unknown.
 */
import { CUIT_MSG } from './registry-messages';

export const CUIT_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/** Without dashes, dots, slashes and spaces ("20-12345678-6" → "20123456786"); other characters stay. */
export const normalizeCuit = (value: string | number): string => String(value).replace(/[-\s./]/g, '');

/** The check digit of the first ten digits: 11 → 0 and 10 → 9. */
export function cuitCheckDigit(firstTen: string): number {
  const sum = CUIT_WEIGHTS.reduce((acc, w, i) => acc + w * Number(firstTen[i]), 0);
  const mod = 11 - (sum % 11);
  return mod === 11 ? 0 : mod === 10 ? 9 : mod;
}

/** True when the value (dashes and spaces allowed) is an 11-digit CUIT/CUIL with the right check digit. */
export function isValidCuit(value: string | number): boolean {
  const digits = normalizeCuit(value);
  return /^\d{11}$/.test(digits) && cuitCheckDigit(digits) === Number(digits[10]);
}

/** "20123456786" → "20-12345678-6"; anything that is not 11 digits comes back normalised, unformatted. */
export function formatCuit(value: string | number): string {
  const d = normalizeCuit(value);
  return /^\d{11}$/.test(d) ? `${d.slice(0, 2)}-${d.slice(2, 10)}-${d.slice(10)}` : d;
}

export type ParsedDocument = { ok: true; value: string } | { ok: false; message: string };

/** The 11 digits of a typed CUIT, or the Spanish reason it is not one. */
export function parseCuit(value: string | number): ParsedDocument {
  const digits = normalizeCuit(value);
  if (digits === '') return { ok: false, message: CUIT_MSG.empty };
  if (!/^\d+$/.test(digits)) return { ok: false, message: CUIT_MSG.notDigits };
  if (digits.length !== 11) return { ok: false, message: CUIT_MSG.length(digits.length) };
  if (cuitCheckDigit(digits) !== Number(digits[10])) return { ok: false, message: CUIT_MSG.checkDigit };
  return { ok: true, value: digits };
}

/** The digits of a typed DNI (7 or 8, dots and spaces allowed), or the Spanish reason it is not one. */
export function parseDni(value: string | number): ParsedDocument {
  const digits = normalizeCuit(value);
  if (digits === '') return { ok: false, message: CUIT_MSG.dniEmpty };
  if (!/^\d{7,8}$/.test(digits) || /^0+$/.test(digits)) return { ok: false, message: CUIT_MSG.dniInvalid };
  return { ok: true, value: digits.replace(/^0+/, '') };
}
