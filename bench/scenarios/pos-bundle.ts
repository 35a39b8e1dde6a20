/**
 * POS route bundle: gzipped JS + CSS `/pos` needs before its first render — the entry, the staff layout
 * and the POS page chunks with their static imports and CSS (build manifest). No baseline: a byte
 * budget. Target ≤ 350 KB.
 */
import type { Scenario } from '../lib/context';
import { kib, routeBundle } from '../lib/manifest';

const TARGET_KIB = 350;

export const posBundle: Scenario = {
  name: 'pos-bundle',
  description: 'JS + CSS (gzip) de /pos antes del primer render',
  run: async () => {
    const pos = routeBundle(['index.html', 'src/app/layout/StaffLayout.tsx', 'src/features/pos/PosPage.tsx']);
    const value = kib(pos.jsBytes + pos.cssBytes);
    return [
      {
        key: 'pos-bundle',
        label: 'Ruta /pos, JS + CSS gzip',
        value,
        unit: 'KB',
        baseline: null,
        baselineLabel: null,
        ratio: null,
        target: `≤ ${TARGET_KIB} KB`,
        met: value <= TARGET_KIB,
        details: { jsKB: kib(pos.jsBytes), cssKB: kib(pos.cssBytes), files: pos.files },
      },
    ];
  },
};
