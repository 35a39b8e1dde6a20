/**
 * ESC/POS bytes of a printed document (issue #35), through @point-of-sale/receipt-printer-encoder.
 * Invariants: the output starts with ESC @ (reset) and selects code page PC850 (ESC t 2, the same number on
 * Epson and the common clones), so ñ, á, é, í, ó, ú, ü, ¿, ¡ and ° print as themselves; lines never exceed
 * the document's columns; bold totals; the fiscal QR goes as the printer's native QR command (GS ( k,
 * model 2, level M) or, for printers without a QR engine, as a raster image (GS v 0) of the same URL; the
 * drawer pulse (ESC p 0), when asked for, goes first so the drawer opens while the paper prints; then a
 * feed and a cut. The encoder library is ~100 kB: the client only reaches this module by a dynamic import.
 */
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import QRCode from 'qrcode';
import { rowLines, wrap, type PrintDocument } from './layout';

export const QR_MODES = ['native', 'raster'] as const;
export type QrMode = (typeof QR_MODES)[number];

/** The code page the printer is switched to, and its ESC t number (see the header). */
export const CODE_PAGE = { name: 'cp850', escT: 2 } as const;

export interface EscPosOptions {
  qr: QrMode;
  /** Kick the cash drawer (cash sales). */
  drawer?: boolean;
}

function encoderFor(columns: number) {
  return new ReceiptPrinterEncoder({ language: 'esc-pos', columns, codepageMapping: 'epson', imageMode: 'raster', feedBeforeCut: 4 }).initialize().codepage(CODE_PAGE.name);
}

/** The QR's modules as a black-on-white image, `scale` dots a module, 4 modules of quiet zone, a width multiple of 8. */
export function qrRaster(data: string, scale: number): { width: number; height: number; data: Uint8ClampedArray } {
  const qr = QRCode.create(data, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const size = Math.ceil(((modules + 8) * scale) / 8) * 8;
  const offset = Math.floor((size - modules * scale) / 2);
  const pixels = new Uint8ClampedArray(size * size * 4).fill(255);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const mx = Math.floor((x - offset) / scale);
      const my = Math.floor((y - offset) / scale);
      if (mx >= 0 && my >= 0 && mx < modules && my < modules && qr.modules.get(my, mx)) {
        const i = (y * size + x) * 4;
        pixels[i] = pixels[i + 1] = pixels[i + 2] = 0;
      }
    }
  }
  return { width: size, height: size, data: pixels };
}

/** The document as ESC/POS bytes. */
export function encodeEscPos(doc: PrintDocument, options: EscPosOptions): Uint8Array {
  const columns = doc.columns;
  const narrow = columns < 40;
  const encoder = encoderFor(columns);
  if (options.drawer) encoder.pulse(0, 100, 500);
  for (const block of doc.blocks) {
    switch (block.kind) {
      case 'rule':
        encoder.align('left').line('-'.repeat(columns));
        break;
      case 'text':
        encoder.align(block.align ?? 'left').bold(Boolean(block.bold));
        if (block.large) encoder.height(2);
        for (const line of wrap(block.text, columns)) encoder.line(line);
        if (block.large) encoder.height(1);
        encoder.bold(false);
        break;
      case 'row':
        encoder.align('left').bold(Boolean(block.bold));
        if (block.large) encoder.height(2);
        for (const line of rowLines(block.left, block.right, columns)) encoder.line(line);
        if (block.large) encoder.height(1);
        encoder.bold(false);
        break;
      case 'qr':
        encoder.align('center');
        if (options.qr === 'native') encoder.qrcode(block.data, { model: 2, size: narrow ? 5 : 6, errorlevel: 'm' });
        else {
          const image = qrRaster(block.data, narrow ? 4 : 5);
          encoder.image(image, image.width, image.height, 'threshold');
        }
        encoder.align('left');
        break;
      case 'image':
        // Dithered, as a photo or a shaded logo needs; a plain black-and-white logo comes out the same.
        encoder.align('center').image(block.image, block.image.width, block.image.height, 'atkinson').align('left');
        break;
    }
  }
  return encoder.cut('partial').encode();
}

/** Only the drawer pulse ("Abrir cajón"). */
export function drawerKick(): Uint8Array {
  return new ReceiptPrinterEncoder({ language: 'esc-pos' }).initialize().pulse(0, 100, 500).encode();
}
