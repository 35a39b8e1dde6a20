/**
 * The public pages over the wire (issue #39 item 10): Chromium, on a fresh profile, downloads at most
 * 135 KiB of JavaScript and CSS for `/` and for `/catalog` (encoded body sizes as it counts them, the page's
 * chunks and the update prompt with workbox-window, fetched after the first render, included), and every file that has a
 * brotli copy in the build (scripts/lib/precompress.ts) reaches it as brotli.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { manifestPaths, wireBytes } from '../../scripts/lib/wire-bytes';
import { serverAndBrowser } from './harness';

const DIST = path.resolve('dist');
const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8'));
const WIRE_BUDGET = 135 * 1024;
// The update prompt, fetched after the first render, imports workbox-window to register the service worker.
const WORKBOX_WINDOW = Object.keys(manifest).find((key) => key.includes('node_modules/workbox-window/'))!;

const { server, browser } = await serverAndBrowser();

describe('public pages over the wire', () => {
  it.each([
    ['/', 'src/features/public/landing/LandingPage.tsx'],
    ['/catalog', 'src/features/public/catalog/CatalogPage.tsx'],
  ])('%s: at most 135 KiB of JavaScript and CSS as Chromium downloads it, brotli wherever the build has a copy', async (page, chunk) => {
    const expected = manifestPaths(manifest, ['index.html', chunk, 'src/pwa/UpdatePrompt.tsx', WORKBOX_WINDOW]);
    const { jsBytes, cssBytes, files } = await wireBytes(browser, `${server.baseUrl}${page}`, expected);
    console.log(`${page}: ${((jsBytes + cssBytes) / 1024).toFixed(1)} KiB de JavaScript y CSS por la red (${files.length} archivos)`);
    expect(files.map((f) => f.path)).toEqual(expect.arrayContaining(expected));
    const withCopy = files.filter((f) => existsSync(path.join(DIST, `${f.path}.br`)));
    expect(withCopy.length).toBeGreaterThan(files.length - 5);
    expect(withCopy.filter((f) => f.encoding !== 'br')).toEqual([]);
    expect(jsBytes + cssBytes).toBeLessThanOrEqual(WIRE_BUDGET);
  });
});
