/**
 * Product labels (issue #35 item 5): the rule that picks the barcode of a code (EAN-13 only with its GS1
 * check digit, EAN-8 likewise, otherwise Code 128 for printable ASCII, no barcode for ñ/tildes/blank/too
 * long), the plan of a label job (copies, barcode-only labels leave out products without a barcode, es-AR
 * price) and the ESC/POS bytes of labels on a thermal roll (native GS k barcode with the exact code).
 */
import { describe, expect, it } from 'vitest';
import { barcodeSymbology, CODE128_MAX_LENGTH, gs1CheckDigit, isValidEan13, isValidEan8 } from '../../domain/barcodes';
import { barcodeData, encodeLabels } from '../../domain/printing/label-escpos';
import { LABEL_LIMITS, planLabels, type LabelProduct } from '../../domain/shelf-labels';

describe('GS1 check digit', () => {
  it('computes the check digit of known EAN-13, EAN-8 and UPC codes', () => {
    expect(gs1CheckDigit('400638133393')).toBe(1); // 4006381333931
    expect(gs1CheckDigit('779000100105')).toBe(4); // an Argentine (779) code: 7790001001054
    expect(gs1CheckDigit('9638507')).toBe(4); // EAN-8 96385074
    expect(gs1CheckDigit('03600029145')).toBe(2); // UPC-A 036000291452
    expect(gs1CheckDigit('000000000000')).toBe(0);
    expect(() => gs1CheckDigit('12a')).toThrow();
  });

  it('accepts an EAN-13 only with 13 digits and the right last digit', () => {
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('7790001001054')).toBe(true);
    for (const wrong of ['4006381333932', '4006381333930', '400638133393', '40063813339311', '400638133393a', ' 4006381333931']) {
      expect(isValidEan13(wrong), wrong).toBe(false);
    }
    expect(isValidEan8('96385074')).toBe(true);
    expect(isValidEan8('96385075')).toBe(false);
  });
});

describe('barcodeSymbology', () => {
  it('EAN-13 for a valid 13-digit code, EAN-8 for a valid 8-digit one', () => {
    expect(barcodeSymbology('7790001001054')).toBe('ean13');
    expect(barcodeSymbology('96385074')).toBe('ean8');
  });

  it('Code 128 for any other printable code, including digits with a wrong check digit and UPC-A', () => {
    expect(barcodeSymbology('INF-1')).toBe('code128');
    expect(barcodeSymbology('7790001001055')).toBe('code128');
    expect(barcodeSymbology('96385075')).toBe('code128');
    expect(barcodeSymbology('036000291452')).toBe('code128');
    expect(barcodeSymbology('12345')).toBe('code128');
    expect(barcodeSymbology('{B}ahí abajo'.replace('í', 'i'))).toBe('code128');
    expect(barcodeSymbology('x'.repeat(CODE128_MAX_LENGTH))).toBe('code128');
  });

  it('no barcode for a blank code, letters outside ASCII or a code too long for a label', () => {
    for (const none of [null, undefined, '', '   ', 'ÑANDÚ-1', 'café', 'x'.repeat(CODE128_MAX_LENGTH + 1), 'tab\there']) {
      expect(barcodeSymbology(none), String(none)).toBeNull();
    }
  });
});

const products: LabelProduct[] = [
  { id: 1, code: '7790001001054', name: 'Yerba mate 1 kg', price: 1234.56 },
  { id: 2, code: 'INF-1', name: 'Té verde en hebras', price: 1250 },
  { id: 3, code: null, name: 'Pan del día', price: 999.9 },
  { id: 4, code: 'ÑAN-1', name: 'Ñandú de peluche', price: 15999.5 },
];

describe('planLabels', () => {
  it('shelf labels: every product, copies each in order, es-AR price, bars only where the code allows', () => {
    const { labels, withoutBarcode } = planLabels(products, 'shelf', 2);
    expect(labels.map((l) => l.key)).toEqual(['1-1', '1-2', '2-1', '2-2', '3-1', '3-2', '4-1', '4-2']);
    expect(labels.map((l) => l.symbology)).toEqual(['ean13', 'ean13', 'code128', 'code128', null, null, null, null]);
    expect(labels[0].priceText).toBe('$ 1.234,56');
    expect(labels[4].priceText).toBe('$ 999,90');
    expect(labels[6].priceText).toBe('$ 15.999,50');
    expect(withoutBarcode.map((p) => p.id)).toEqual([3, 4]);
  });

  it('barcode-only labels leave out products without a printable barcode', () => {
    const { labels, withoutBarcode } = planLabels(products, 'barcode', 1);
    expect(labels.map((l) => l.code)).toEqual(['7790001001054', 'INF-1']);
    expect(withoutBarcode.map((p) => p.name)).toEqual(['Pan del día', 'Ñandú de peluche']);
  });

  it('copies are clamped to 1…50 (zero, negative, fractions, NaN)', () => {
    const one = [products[0]];
    expect(planLabels(one, 'shelf', 0).labels).toHaveLength(1);
    expect(planLabels(one, 'shelf', -3).labels).toHaveLength(1);
    expect(planLabels(one, 'shelf', Number.NaN).labels).toHaveLength(1);
    expect(planLabels(one, 'shelf', 2.9).labels).toHaveLength(2);
    expect(planLabels(one, 'shelf', 500).labels).toHaveLength(LABEL_LIMITS.maxCopies);
  });
});

/** Index of `needle` in `bytes`, -1 when absent. */
function indexOf(bytes: Uint8Array, needle: number[]): number {
  outer: for (let i = 0; i + needle.length <= bytes.length; i += 1) {
    for (let j = 0; j < needle.length; j += 1) if (bytes[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const GS_K = [0x1d, 0x6b];
const CUT = [0x1d, 0x56, 0x01];

describe('labels on a thermal roll (ESC/POS)', () => {
  const { labels } = planLabels(products, 'shelf', 1);

  it('a shelf label: name, double-size price, native EAN-13 with the 13 digits, date, cut', () => {
    const bytes = encodeLabels([labels[0]], { width: '80', kind: 'shelf', dateText: 'Precio al 27/11/2026' });
    expect([...bytes.slice(0, 2)]).toEqual([0x1b, 0x40]);
    const name = indexOf(bytes, ascii('Yerba mate 1 kg'));
    const size = indexOf(bytes, [0x1d, 0x21, 0x11]);
    const price = indexOf(bytes, ascii('$ 1.234,56'));
    const bars = indexOf(bytes, [...GS_K, 2, ...ascii('7790001001054'), 0]);
    const date = indexOf(bytes, ascii('Precio al 27/11/2026'));
    const cut = indexOf(bytes, CUT);
    expect(name).toBeGreaterThan(0);
    expect(name < size && size < price && price < bars && bars < date && date < cut).toBe(true);
    expect(indexOf(bytes, [0x1d, 0x48, 2])).toBeGreaterThan(0); // human-readable code below the bars
  });

  it('Code 128 goes in code set B with its length, a "{" in the code is escaped', () => {
    const bytes = encodeLabels([labels[1]], { width: '58', kind: 'barcode', dateText: 'x' });
    const data = ascii('{BINF-1');
    expect(indexOf(bytes, [...GS_K, 73, data.length, ...data])).toBeGreaterThan(0);
    expect(indexOf(bytes, ascii('Té verde'))).toBe(-1); // barcode-only: no name
    expect(indexOf(bytes, ascii('$ 1.250,00'))).toBe(-1);
    expect(barcodeData({ code: '{A1', symbology: 'code128' })).toBe('{B{{A1');
    expect(() => barcodeData({ code: null, symbology: null })).toThrow();
  });

  it('a shelf label without a barcode still prints name and price, and one cut per label', () => {
    const bytes = encodeLabels(labels, { width: '80', kind: 'shelf', dateText: 'Precio al 27/11/2026' });
    expect(indexOf(bytes, ascii('$ 999,90'))).toBeGreaterThan(0);
    let cuts = 0;
    for (let rest = bytes, at = indexOf(rest, CUT); at >= 0; rest = rest.subarray(at + CUT.length), at = indexOf(rest, CUT)) cuts += 1;
    expect(cuts).toBe(labels.length);
    // Ñ in code page 850 (0xA5): the encoder never falls back to "?" for the product name.
    expect(indexOf(bytes, [0xa5, ...ascii('and')])).toBeGreaterThan(0);
  });
});
