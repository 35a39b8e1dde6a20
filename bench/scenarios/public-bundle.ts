/**
 * Public bundle over the wire (issue #39 items 1 and 10): the JavaScript and CSS Chromium downloads for `/`
 * (landing) and `/catalog` from the real server (build/server/main.mjs on the bench build, a fresh data
 * folder), on a fresh profile with the service worker blocked — the sum of encoded body sizes as Chromium
 * counts them (scripts/lib/wire-bytes.ts), after the page's chunks, the update prompt and workbox-window
 * have arrived. The figure is the heavier of the two pages. No baseline: a byte budget. Target ≤ 135 KiB.
 * The details keep gzip −9 of the static graph (the 150 KB budget of tests/e2e/bundle-size.test.ts) and
 * the machine's load when measured.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { chromium } from 'playwright-core';
import { manifestPaths, wireBytes } from '../../scripts/lib/wire-bytes';
import { manifestFile } from '../lib/build';
import { startServer } from '../lib/child';
import type { Scenario } from '../lib/context';
import { removeWorkDir, workDir } from '../lib/data';
import { kib, routeBundle } from '../lib/manifest';

const TARGET_KIB = 135;
const BROWSER_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const PAGES = [
  { path: '/', key: 'landing', module: 'src/features/public/landing/LandingPage.tsx' },
  { path: '/catalog', key: 'catalog', module: 'src/features/public/catalog/CatalogPage.tsx' },
] as const;

export const publicBundle: Scenario = {
  name: 'public-bundle',
  description: 'JS + CSS de / y /catalog por la red (Chromium, bytes codificados)',
  run: async () => {
    const manifest = JSON.parse(readFileSync(manifestFile(), 'utf8')) as Record<string, { file: string; imports?: string[]; css?: string[] }>;
    const workboxWindow = Object.keys(manifest).find((key) => key.includes('node_modules/workbox-window/'));
    const dir = workDir('public-bundle');
    const server = await startServer(dir, { label: 'public-bundle' });
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: BROWSER_ARGS });
    try {
      const details: Record<string, number | string> = {};
      let value = 0;
      for (const page of PAGES) {
        const roots = ['index.html', page.module, 'src/pwa/UpdatePrompt.tsx', ...(workboxWindow ? [workboxWindow] : [])];
        const load = os.loadavg()[0];
        const wire = await wireBytes(browser, `${server.baseUrl}${page.path}`, manifestPaths(manifest, roots));
        const gzip = routeBundle(['index.html', page.module]);
        value = Math.max(value, kib(wire.jsBytes + wire.cssBytes));
        const encodings = new Map<string, number>();
        for (const file of wire.files) encodings.set(file.encoding, (encodings.get(file.encoding) ?? 0) + 1);
        Object.assign(details, {
          [`${page.key}JsKiB`]: kib(wire.jsBytes),
          [`${page.key}CssKiB`]: kib(wire.cssBytes),
          [`${page.key}Files`]: wire.files.length,
          [`${page.key}Encodings`]: [...encodings].map(([encoding, n]) => `${encoding} ${n}`).join(', '),
          [`${page.key}StaticGzip9KB`]: kib(gzip.jsBytes + gzip.cssBytes),
          [`${page.key}Load`]: Math.round(load * 100) / 100,
        });
      }
      return [
        {
          key: 'public-bundle',
          label: 'Páginas públicas (/ y /catalog), JS + CSS por la red (Chromium)',
          value,
          unit: 'KiB',
          baseline: null,
          baselineLabel: null,
          ratio: null,
          target: `≤ ${TARGET_KIB} KiB`,
          met: value <= TARGET_KIB,
          details,
        },
      ];
    } finally {
      await browser.close();
      await server.stop();
      removeWorkDir(dir);
    }
  },
};
