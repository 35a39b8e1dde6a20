/**
 * Product labels on a thermal label/receipt printer as ESC/POS bytes (issue #35 item 5), through the same
 * encoder and code page as the counter's tickets (escpos.ts). Invariants: each label is the product's name
 * (bold, wrapped to the roll), its price double size, its barcode as the printer's native command
 * (GS k: EAN-13/EAN-8 with the code's 13/8 digits, Code 128 in code set B, the code printed as text
 * below) and the date of the price; then a partial cut, so each label comes off on its own. A barcode-only
 * label is just the bars. Code 128 data that starts with "{" is escaped ("{{"), so it never selects a code set.
 */
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { LabelItem, LabelKind } from '../shelf-labels';
import { CODE_PAGE } from './escpos';
import { wrap } from './layout';

export interface LabelRoll {
  /** Roll width: 58 mm = 32 columns, 80 mm = 48 (docs/printing.md). */
  width: '58' | '80';
  kind: LabelKind;
  /** The date printed on shelf labels, already formatted ("Precio al 27/11/2026"). */
  dateText: string;
}

/** The data the encoder sends for the label's symbology (see the header on Code 128). */
export function barcodeData(label: Pick<LabelItem, 'code' | 'symbology'>): string {
  if (!label.code || !label.symbology) throw new Error('barcodeData: no barcode');
  return label.symbology === 'code128' ? `{B${label.code.replace(/\{/g, '{{')}` : label.code;
}

export function encodeLabels(labels: readonly LabelItem[], roll: LabelRoll): Uint8Array {
  const columns = roll.width === '58' ? 32 : 48;
  const encoder = new ReceiptPrinterEncoder({ language: 'esc-pos', columns, codepageMapping: 'epson', feedBeforeCut: 3 }).initialize().codepage(CODE_PAGE.name);
  for (const label of labels) {
    encoder.align('center');
    if (roll.kind === 'shelf') {
      encoder.bold(true);
      for (const line of wrap(label.name, columns)) encoder.line(line);
      encoder.bold(false).size(2, 2).line(label.priceText).size(1, 1);
    }
    if (label.symbology && label.code) {
      // Module of 2 dots (0.25 mm) on a 58 mm roll, 3 on 80 mm; long Code 128 texts get the narrow module.
      const narrow = roll.width === '58' || (label.symbology === 'code128' && label.code.length > 12);
      encoder.barcode(barcodeData(label), label.symbology, { height: 80, width: narrow ? 2 : 3, text: 'below' });
    }
    if (roll.kind === 'shelf') encoder.line(roll.dateText);
    encoder.align('left').cut('partial');
  }
  return encoder.encode();
}
