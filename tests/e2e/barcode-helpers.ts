/**
 * Reading the barcodes of a printed label sheet as a scanner would: the PDF page rasterised by poppler's
 * `pdftoppm`, made grey with sharp, and each label's area decoded by ZXing's 1-D readers (@zxing/library,
 * pure JavaScript: EAN-13, EAN-8, Code 128), at a few resolutions as a scanner moved closer would.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } from '@zxing/library';
import sharp from 'sharp';

export interface Area {
  /** Millimetres from the page's top-left corner. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Decoded {
  text: string;
  format: 'EAN_13' | 'EAN_8' | 'CODE_128' | string;
}

interface GreyPage {
  pixels: Uint8ClampedArray;
  width: number;
  height: number;
  dpi: number;
}

async function greyPage(pdf: Buffer, page: number, dpi: number): Promise<GreyPage> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mostrador-labels-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', file, path.join(dir, 'page')]);
    const { data, info } = await sharp(readFileSync(path.join(dir, 'page.png'))).greyscale().raw().toBuffer({ resolveWithObject: true });
    return { pixels: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height, dpi };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function decodeArea(page: GreyPage, area: Area): Decoded | null {
  const px = (mm: number) => Math.round((mm * page.dpi) / 25.4);
  const left = Math.max(0, px(area.x));
  const top = Math.max(0, px(area.y));
  const width = Math.min(page.width - left, px(area.width));
  const height = Math.min(page.height - top, px(area.height));
  const reader = new MultiFormatReader();
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.EAN_13, BarcodeFormat.EAN_8, BarcodeFormat.CODE_128]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  try {
    const source = new RGBLuminanceSource(page.pixels, width, height, page.width, page.height, left, top);
    const result = reader.decode(new BinaryBitmap(new HybridBinarizer(source)), hints);
    return { text: result.getText(), format: BarcodeFormat[result.getBarcodeFormat()] };
  } catch {
    return null;
  }
}

/** The barcode read in each area of the PDF's `page` (null where none reads at any resolution). */
export async function decodeBarcodes(pdf: Buffer, page: number, areas: Area[]): Promise<(Decoded | null)[]> {
  const found: (Decoded | null)[] = areas.map(() => null);
  for (const dpi of [300, 200, 400]) {
    if (found.every(Boolean)) break;
    const grey = await greyPage(pdf, page, dpi);
    areas.forEach((area, i) => {
      found[i] ??= decodeArea(grey, area);
    });
  }
  return found;
}

/** The areas of a grid of labels: `columns` × `rows` cells of `width` × `height` mm from (`left`, `top`). */
export function gridAreas(grid: { left: number; top: number; width: number; height: number; columns: number; rows: number }): Area[] {
  const areas: Area[] = [];
  for (let row = 0; row < grid.rows; row += 1) {
    for (let column = 0; column < grid.columns; column += 1) {
      areas.push({ x: grid.left + column * grid.width, y: grid.top + row * grid.height, width: grid.width, height: grid.height });
    }
  }
  return areas;
}
