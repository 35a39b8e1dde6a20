/**
 * Public bundle: gzipped JS + CSS that `/` (landing) and `/catalog` load before their first render —
 * the entry plus the page's lazy chunk and everything they import statically (build manifest).
 * The figure is the heavier of the two pages. No baseline: a byte budget. Target ≤ 150 KB.
 */
import type { Scenario } from '../lib/context';
import { kib, routeBundle } from '../lib/manifest';

const TARGET_KIB = 150;

export const publicBundle: Scenario = {
  name: 'public-bundle',
  description: 'JS + CSS (gzip) de / y /catalog antes del primer render',
  run: async () => {
    const landing = routeBundle(['index.html', 'src/features/public/landing/LandingPage.tsx']);
    const catalog = routeBundle(['index.html', 'src/features/public/catalog/CatalogPage.tsx']);
    const total = (b: typeof landing) => kib(b.jsBytes + b.cssBytes);
    const value = Math.max(total(landing), total(catalog));
    return [
      {
        key: 'public-bundle',
        label: 'Páginas públicas (/ y /catalog), JS + CSS gzip',
        value,
        unit: 'KB',
        baseline: null,
        baselineLabel: null,
        ratio: null,
        target: `≤ ${TARGET_KIB} KB`,
        met: value <= TARGET_KIB,
        details: {
          landingJsKB: kib(landing.jsBytes),
          landingCssKB: kib(landing.cssBytes),
          catalogJsKB: kib(catalog.jsBytes),
          catalogCssKB: kib(catalog.cssBytes),
        },
      },
    ];
  },
};
