/**
 * What a visitor's Chromium downloads for a page, over the wire (the bench's public-bundle figure and
 * tests/e2e/wire-bytes.test.ts): a fresh context (no HTTP cache, service worker blocked) opens the page
 * on the real server, waits until the `expected` files have arrived and the network has settled, and sums
 * the encoded (compressed, as sent) body sizes of its JavaScript and CSS as Chromium counts them
 * (Resource Timing's encodedBodySize), with the Content-Encoding each came with.
 */
import type { Browser } from 'playwright-core';

export interface WireFile {
  path: string;
  /** Body bytes as sent. */
  bytes: number;
  /** The response's Content-Encoding, 'identity' when none. */
  encoding: string;
}

export interface WireBytes {
  jsBytes: number;
  cssBytes: number;
  files: WireFile[];
}

const isCode = (pathname: string) => /\.(js|css)$/.test(pathname);

/** `expected`: paths (e.g. `/assets/index-abc.js`) the page must have fetched before the figure is read. */
export async function wireBytes(browser: Browser, url: string, expected: string[] = []): Promise<WireBytes> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'es-AR', serviceWorkers: 'block' });
  try {
    // tsx's keepNames wraps named functions in a __name() helper the page does not have.
    await context.addInitScript('globalThis.__name = (fn) => fn;');
    const page = await context.newPage();
    const encodings = new Map<string, string>();
    page.on('response', (response) => {
      const pathname = new URL(response.url()).pathname;
      if (isCode(pathname)) encodings.set(pathname, response.headers()['content-encoding'] ?? 'identity');
    });
    await page.goto(url);
    await page.waitForFunction(
      (paths) => paths.every((p) => performance.getEntriesByType('resource').some((e) => new URL(e.name).pathname === p && (e as PerformanceResourceTiming).responseEnd > 0)),
      expected,
      { timeout: 30_000 },
    );
    await page.waitForLoadState('networkidle');
    const entries = (await page.evaluate(`performance.getEntriesByType('resource').map((e) => ({ name: e.name, size: e.encodedBodySize }))`)) as { name: string; size: number }[];
    const files = entries
      .map(({ name, size }) => ({ path: new URL(name).pathname, bytes: size }))
      .filter((file) => isCode(file.path))
      .map((file) => ({ ...file, encoding: encodings.get(file.path) ?? 'identity' }));
    const sum = (ext: string) => files.filter((f) => f.path.endsWith(ext)).reduce((total, f) => total + f.bytes, 0);
    return { jsBytes: sum('.js'), cssBytes: sum('.css'), files };
  } finally {
    await context.close();
  }
}

/** Manifest keys → the URL paths of their files, CSS included, with their static imports transitively. */
export function manifestPaths(manifest: Record<string, { file: string; imports?: string[]; css?: string[] }>, roots: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    if (!manifest[key]) throw new Error(`El manifiesto no tiene ${key}`);
    seen.add(key);
    manifest[key].imports?.forEach(visit);
  };
  roots.forEach(visit);
  return [...new Set([...seen].flatMap((key) => [manifest[key].file, ...(manifest[key].css ?? [])]))].map((file) => `/${file}`);
}
