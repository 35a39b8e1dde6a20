/**
 * What a sheet (or roll) of product labels holds (issue #35 item 5). Pure: the screens and the ESC/POS
 * encoder both print from these items. Invariants: each product gives exactly `copies` labels, in the order
 * chosen; a barcode-only label is never printed without bars (products whose code cannot be a barcode are
 * left out and reported); a shelf label always shows the name and the price in es-AR money (`$ 1.234,56`),
 * with its barcode when the code can be one.
 */
import { barcodeSymbology, type Symbology } from './barcodes';
import { formatMoney } from './money';

export const LABEL_KINDS = ['shelf', 'barcode'] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];

/** Copies per product, and the most labels one job prints (about 40 A4 sheets of shelf labels). */
export const LABEL_LIMITS = { maxCopies: 50, maxLabels: 1000 } as const;

export interface LabelProduct {
  id: number;
  code: string | null;
  name: string;
  /** Decimal money, as the API sends it. */
  price: number;
}

export interface LabelItem {
  /** Unique on the sheet: `<productId>-<copy>`. */
  key: string;
  productId: number;
  name: string;
  code: string | null;
  /** null: the code cannot be printed as bars (a shelf label then shows the name and price only). */
  symbology: Symbology | null;
  priceText: string;
}

export interface LabelPlan {
  labels: LabelItem[];
  /** Products left out of a barcode-only job: no code, or a code that cannot be a barcode. */
  withoutBarcode: LabelProduct[];
}

/** The labels of `products`, `copies` of each (clamped to 1…maxCopies). */
export function planLabels(products: readonly LabelProduct[], kind: LabelKind, copies: number): LabelPlan {
  const count = Math.min(LABEL_LIMITS.maxCopies, Math.max(1, Math.trunc(copies) || 1));
  const labels: LabelItem[] = [];
  const withoutBarcode: LabelProduct[] = [];
  for (const product of products) {
    const symbology = barcodeSymbology(product.code);
    if (!symbology) withoutBarcode.push(product);
    if (!symbology && kind === 'barcode') continue;
    for (let copy = 1; copy <= count; copy += 1) {
      labels.push({ key: `${product.id}-${copy}`, productId: product.id, name: product.name, code: product.code, symbology, priceText: formatMoney(product.price) });
    }
  }
  return { labels, withoutBarcode };
}
