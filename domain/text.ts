/**
 * Search folding shared by server (catalogue index) and client (POS search):
 * lower case, accents removed ("Cámara" → "camara"), spaces collapsed.
 */
export function foldText(value: string | null | undefined): string {
  if (!value) return '';
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Keeps only digits (WhatsApp links are built from the phone's digits). */
export function digitsOnly(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}
