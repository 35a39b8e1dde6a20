/**
 * Which barcode a product's code is printed as (issue #35 item 5, labels). Invariant: the printed bars
 * always scan back to exactly the stored code. A code of 13 digits whose last digit is its GS1 check digit
 * is an EAN-13 (the retail barcode on Argentine packaging, prefix 779); 8 digits with a valid check digit
 * an EAN-8. Anything else that is printable ASCII (an internal "INF-1", a 13-digit code whose check digit
 * is wrong, a 12-digit UPC that a scanner could read back with a leading 0) is a Code 128, which encodes
 * the text as it is. A code with other characters (ñ, tildes) or longer than a label holds has no barcode.
 */

export type Symbology = 'ean13' | 'ean8' | 'code128';

/** The longest code printed as Code 128: 48 characters still fit an A4 shelf label at a readable module. */
export const CODE128_MAX_LENGTH = 48;

/**
 * The GS1 check digit of `body` (the digits before the check digit): from the right, weights 3, 1, 3, 1…,
 * then the amount that takes the sum to the next multiple of ten.
 */
export function gs1CheckDigit(body: string): number {
  if (!/^\d+$/.test(body)) throw new Error('gs1CheckDigit: only digits');
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** True for 13 digits whose last one is the check digit of the other twelve. */
export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && gs1CheckDigit(code.slice(0, 12)) === Number(code[12]);
}

/** True for 8 digits whose last one is the check digit of the other seven. */
export function isValidEan8(code: string): boolean {
  return /^\d{8}$/.test(code) && gs1CheckDigit(code.slice(0, 7)) === Number(code[7]);
}

/** Printable ASCII (space to ~): what Code 128 (sets A/B/C) encodes without extensions. */
const CODE128_TEXT = /^[\x20-\x7e]+$/;

/** The symbology `code` is printed with, or null when it cannot be printed as a barcode (blank, ñ, too long). */
export function barcodeSymbology(code: string | null | undefined): Symbology | null {
  if (!code || code.trim() === '') return null;
  if (isValidEan13(code)) return 'ean13';
  if (isValidEan8(code)) return 'ean8';
  if (code.length <= CODE128_MAX_LENGTH && CODE128_TEXT.test(code)) return 'code128';
  return null;
}
