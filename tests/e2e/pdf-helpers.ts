/**
 * Reading a printed PDF the way a person (or a phone) would: its text with poppler's `pdftotext`, its
 * page sizes in millimetres, and every QR code on its first page (rendered by `pdftoppm`, decoded with
 * jsQR over sharp's pixels).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';

function withPdfFile<T>(pdf: Buffer, use: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'mostrador-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return use(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The PDF's text, laid out as on the page. */
export function pdfText(pdf: Buffer): string {
  return withPdfFile(pdf, (file) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }));
}

/** Width and height of every page, in millimetres. */
export function pdfPageSizesMm(pdf: Buffer): [number, number][] {
  const boxes = [...pdf.toString('latin1').matchAll(/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)];
  return boxes.map((m) => [(Number(m[1]) * 25.4) / 72, (Number(m[2]) * 25.4) / 72]);
}

/**
 * The text of the QR code printed on the first page (null when none is found). jsQR misses some valid
 * codes at one resolution and reads them at another, as a phone camera does when moved closer, so
 * several resolutions are tried.
 */
export async function pdfQrText(pdf: Buffer): Promise<string | null> {
  for (const dpi of [200, 300, 150, 400]) {
    const text = await pdfQrTextAt(pdf, dpi);
    if (text) return text;
  }
  return null;
}

async function pdfQrTextAt(pdf: Buffer, dpi: number): Promise<string | null> {
  const png = withPdfFile(pdf, (file, dir) => {
    execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', file, path.join(dir, 'page')]);
    return readFileSync(path.join(dir, 'page.png'));
  });
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const found = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  return found?.data ?? null;
}
