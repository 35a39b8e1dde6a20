/**
 * Public pages load little: the entry plus the landing or catalogue chunk and everything they import
 * statically (read from dist/.vite/manifest.json), JavaScript and CSS, stays within 150 KB gzipped
 * (issue #17 item 8; the same figure `npm run bench` reports as public-bundle), and none of it is staff
 * code, a staff-only library (the invoice printout and its QR library are staff-only too) or a staff
 * message table (MSG, OFFLINE_MSG). The counter's /pos (entry, staff layout, POS page) stays within 350 KB,
 * the bench's pos-bundle budget, and carries no schema code (zod): the counter validates nothing with it,
 * and evaluating it was part of the long task. JsBarcode (product labels) is on neither.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

interface Chunk {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const DIST = path.resolve('dist');
const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
// 150 KB (docs/spec.md). The public pages take their texts from domain/public-messages.ts and
// src/offline/login-messages.ts; MSG and OFFLINE_MSG (every staff, server and sync text) stay off them.
const BUDGET = 150 * 1024;
const POS_BUDGET = 350 * 1024;

/** Manifest keys of the chunks a page downloads: its roots and their static imports, transitively. */
function staticClosure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  roots.forEach(visit);
  return seen;
}

const gzipSize = (file: string) => gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length;

/** Gzipped JavaScript and CSS of the chunks a page downloads before its first render. */
function pageBytes(keys: Set<string>): { files: string[]; total: number } {
  const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const sheets = [...new Set([...keys].flatMap((key) => manifest[key].css ?? []))];
  return { files, total: [...files, ...sheets].reduce((sum, file) => sum + gzipSize(file), 0) };
}

describe('JavaScript of the public pages', () => {
  for (const [page, chunk] of [
    ['/', 'src/features/public/landing/LandingPage.tsx'],
    ['/catalog', 'src/features/public/catalog/CatalogPage.tsx'],
  ]) {
    it(`${page} loads at most 150 KB of gzipped JavaScript and CSS and no staff code`, () => {
      const keys = staticClosure(['index.html', chunk]);
      const { files, total } = pageBytes(keys);
      console.log(`${page}: ${(total / 1024).toFixed(1)} KB gzip de JavaScript y CSS`);
      expect(total).toBeLessThanOrEqual(BUDGET);

      const staffOrHeavy = /src\/(app\/layout|features\/(?!public\/)[^/]+)\/|@mantine\/(dates|charts)|recharts|dexie|qrcode|jsbarcode/;
      expect([...keys].filter((key) => staffOrHeavy.test(key))).toEqual([]);
      const code = files.map((file) => readFileSync(path.join(DIST, file), 'utf8')).join('\n');
      expect(code).not.toMatch(/Dexie|recharts|mantine-DatePicker|Gestión de Productos|Punto de Venta|Transparencia Fiscal|Facturas Emitidas/);
      // A staff-only text of MSG and one of OFFLINE_MSG: neither message table is on a public page.
      expect(code).not.toMatch(/Venta registrada correctamente|Todo sincronizado/);
    });
  }
});

describe('JavaScript of the counter', () => {
  it('/pos loads at most 350 KB of gzipped JavaScript and CSS before its first render, and no zod', () => {
    const keys = staticClosure(['index.html', 'src/app/layout/StaffLayout.tsx', 'src/features/pos/PosPage.tsx']);
    const { files, total } = pageBytes(keys);
    // Product labels' barcode library stays in the labels dialog's lazy chunk.
    expect([...keys].filter((key) => /jsbarcode|features\/products\/labels/.test(key))).toEqual([]);
    console.log(`/pos: ${(total / 1024).toFixed(1)} KB gzip de JavaScript y CSS`);
    expect(total).toBeLessThanOrEqual(POS_BUDGET);
    expect(files.filter((file) => readFileSync(path.join(DIST, file), 'utf8').includes('$ZodType'))).toEqual([]);
  });
});
