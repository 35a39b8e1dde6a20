/**
 * Pictures for the demo catalogue: one WebP per demo product, drawn from an SVG (category colour and
 * pictogram, product name), written to the uploads folder like any uploaded image. Only used when the
 * demo catalogue is first created, so a real shop never gets them.
 */
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/** Simple white pictograms on a 200×200 canvas, one per demo category (by position). */
const PICTOGRAMS = [
  // headphones
  '<path d="M40 120 v-20 a60 60 0 0 1 120 0 v20" fill="none" stroke="#fff" stroke-width="14"/><rect x="28" y="110" width="34" height="56" rx="12" fill="#fff"/><rect x="138" y="110" width="34" height="56" rx="12" fill="#fff"/>',
  // cable
  '<rect x="70" y="30" width="60" height="50" rx="8" fill="#fff"/><rect x="84" y="14" width="32" height="20" fill="#fff"/><path d="M100 80 C100 130 60 120 60 170" fill="none" stroke="#fff" stroke-width="14" stroke-linecap="round"/>',
  // battery
  '<rect x="45" y="55" width="100" height="90" rx="12" fill="none" stroke="#fff" stroke-width="12"/><rect x="145" y="85" width="14" height="30" rx="4" fill="#fff"/><path d="M100 70 L80 105 H102 L92 132 L122 92 H100 Z" fill="#fff"/>',
  // mouse
  '<rect x="62" y="35" width="76" height="130" rx="38" fill="none" stroke="#fff" stroke-width="12"/><line x1="100" y1="40" x2="100" y2="85" stroke="#fff" stroke-width="10"/>',
  // memory stick
  '<rect x="65" y="70" width="70" height="100" rx="10" fill="#fff"/><rect x="78" y="30" width="44" height="44" fill="none" stroke="#fff" stroke-width="10"/>',
  // camera
  '<rect x="35" y="60" width="130" height="90" rx="14" fill="#fff"/><rect x="75" y="44" width="50" height="22" rx="6" fill="#fff"/><circle cx="100" cy="105" r="28" fill="none" stroke="#0003" stroke-width="12"/>',
  // phone
  '<rect x="65" y="25" width="70" height="150" rx="14" fill="none" stroke="#fff" stroke-width="12"/><circle cx="100" cy="155" r="7" fill="#fff"/>',
  // wifi
  '<path d="M40 95 a85 85 0 0 1 120 0" fill="none" stroke="#fff" stroke-width="14" stroke-linecap="round"/><path d="M65 122 a50 50 0 0 1 70 0" fill="none" stroke="#fff" stroke-width="14" stroke-linecap="round"/><circle cx="100" cy="150" r="12" fill="#fff"/>',
];
const COLOURS = [
  ['#1565c0', '#42a5f5'],
  ['#6a1b9a', '#ab47bc'],
  ['#2e7d32', '#66bb6a'],
  ['#ef6c00', '#ffa726'],
  ['#00838f', '#26c6da'],
  ['#c62828', '#ef5350'],
  ['#283593', '#5c6bc0'],
  ['#4e342e', '#8d6e63'],
];

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Splits a name into at most three lines of ~22 characters. */
function lines(name: string): string[] {
  const out: string[] = [];
  for (const word of name.split(' ')) {
    const last = out[out.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= 22) out[out.length - 1] = `${last} ${word}`;
    else out.push(word);
  }
  return out.slice(0, 3);
}

function svgFor(name: string, categoryIndex: number): string {
  const [from, to] = COLOURS[categoryIndex % COLOURS.length];
  const text = lines(name)
    .map((line, i) => `<text x="300" y="${455 + i * 44}" font-family="Roboto, Helvetica, Arial, sans-serif" font-size="36" font-weight="500" fill="#fff" text-anchor="middle">${escapeXml(line)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="600" height="600" fill="url(#g)"/><g transform="translate(140 40) scale(1.6)">${PICTOGRAMS[categoryIndex % PICTOGRAMS.length]}</g>${text}</svg>`;
}

/**
 * The pictures already encoded in this process, by their SVG: a process that creates several demo shops (the
 * e2e suite starts dozens) encodes each picture once. About 1 MB for the whole catalogue.
 */
const encoded = new Map<string, Promise<Buffer>>();

function encode(svg: string): Promise<Buffer> {
  let webp = encoded.get(svg);
  if (!webp) {
    webp = sharp(Buffer.from(svg)).webp({ quality: 78 }).toBuffer();
    encoded.set(svg, webp);
    webp.catch(() => encoded.delete(svg));
  }
  return webp;
}

/** Draws one picture per product; returns product id → image path under /uploads/. */
export async function drawDemoImages(
  items: { id: number; name: string; categoryIndex: number }[],
  uploadsDir: string,
): Promise<Map<number, string>> {
  const images = new Map<number, string>();
  await Promise.all(
    items.map(async ({ id, name, categoryIndex }) => {
      const file = `${randomUUID()}.webp`;
      await writeFile(path.join(uploadsDir, file), await encode(svgFor(name, categoryIndex)));
      images.set(id, `/uploads/${file}`);
    }),
  );
  return images;
}
