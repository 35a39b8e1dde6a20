/**
 * The products the last bulk price update changed, kept in this browser (localStorage) so «Imprimir
 * etiquetas» can offer them after a reload: id, code, name and the new price, with when it was applied.
 * Anything unreadable counts as none.
 */
import type { LabelProduct } from '../../../../domain/shelf-labels';

const KEY = 'mostrador.labels.lastRepriced';

export interface Repriced {
  at: string;
  products: LabelProduct[];
}

export function readRepriced(): Repriced | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Repriced | null;
    return value && typeof value.at === 'string' && Array.isArray(value.products) ? value : null;
  } catch {
    return null;
  }
}

export function saveRepriced(products: LabelProduct[]): Repriced {
  const value = { at: new Date().toISOString(), products };
  try {
    localStorage.setItem(KEY, JSON.stringify(value));
  } catch {
    // Storage full or off: the choice lasts until the page is left.
  }
  return value;
}
