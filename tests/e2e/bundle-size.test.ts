/**
 * Public pages load little: the entry plus the landing or catalogue chunk and everything they import
 * statically (read from dist/.vite/manifest.json), JavaScript and CSS, stays within 150 KB gzipped
 * (issue #17 item 8; the same figure `npm run bench` reports as public-bundle), and none of it is staff
 * code or a staff-only library (the invoice printout and its QR library are staff-only too).
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
const BUDGET = 150 * 1024;

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

describe('JavaScript of the public pages', () => {
  for (const [page, chunk] of [
    ['/', 'src/features/public/landing/LandingPage.tsx'],
    ['/catalog', 'src/features/public/catalog/CatalogPage.tsx'],
  ]) {
    it(`${page} loads at most 150 KB of gzipped JavaScript and CSS and no staff code`, () => {
      const keys = staticClosure(['index.html', chunk]);
      const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
      const sheets = [...new Set([...keys].flatMap((key) => manifest[key].css ?? []))];
      const total = [...files, ...sheets].reduce((sum, file) => sum + gzipSize(file), 0);
      console.log(`${page}: ${(total / 1024).toFixed(1)} KB gzip de JavaScript y CSS en ${files.length + sheets.length} archivos`);
      expect(total).toBeLessThanOrEqual(BUDGET);

      const staffOrHeavy = /src\/(app\/layout|features\/(?!public\/)[^/]+)\/|@mantine\/(dates|charts)|recharts|dexie|qrcode/;
      expect([...keys].filter((key) => staffOrHeavy.test(key))).toEqual([]);
      const code = files.map((file) => readFileSync(path.join(DIST, file), 'utf8')).join('\n');
      expect(code).not.toMatch(/Dexie|recharts|mantine-DatePicker|Gestión de Productos|Punto de Venta|Transparencia Fiscal|Facturas Emitidas/);
    });
  }
});
