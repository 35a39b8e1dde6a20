/**
 * POS search: real Chromium, the whole catalogue (50,000 products) pulled into IndexedDB by the app's
 * first sync (reported too). Each search types a query but its last character, lets it settle, then
 * presses the last key and reads the app's `pos-search` measure (src/features/pos/useProductSearch.ts:
 * from the input change to the frame after the matching cards are painted). Median and p95 of N.
 * Baseline: one frame, the median requestAnimationFrame interval measured in the same page.
 * Target: median ≤ 16 ms.
 * First sync (issue #17 item 7): the app's first catalogue sync against a bare script in the same page
 * fetching the same pull pages into a raw IndexedDB store (bench/lib/bare-first-sync.ts), run after it
 * (so on a warm server: the ratio errs against the app). Target ≤ 2× that baseline.
 */
import type { Page } from 'playwright-core';
import { LIMITS } from '../../domain/constants';
import { registerDevice } from '../lib/api';
import { bareFirstSync } from '../lib/bare-first-sync';
import type { Scenario } from '../lib/context';
import type { Measurement } from '../lib/results';
import { posSession } from '../lib/pos-session';
import { median, percentile, round } from '../lib/stats';

const TARGET_MS = 16;
const FIRST_SYNC_MAX_RATIO = 2;
/** Whole words, word starts, two-word refinements, a brand and a product code. */
const QUERIES = [
  'cable', 'auri', 'mouse inal', 'samsung', 'cargador r', 'pendrive 64', '7790000012', 'vidrio', 'teclado mec', 'router',
  'parlante jbl', 'funda', 'hdmi', 'ssd', 'tripode', 'webcam', 'hub usb', 'bateria', 'joystick', 'microsd 128',
  'lapiz', 'switch', 'aro de luz', 'noga', 'zapatilla',
];

/** Median interval between animation frames, in ms. */
const frameInterval = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const stamps: number[] = [];
        const step = (t: number) => {
          stamps.push(t);
          if (stamps.length < 61) requestAnimationFrame(step);
          else resolve(stamps.slice(1).map((s, i) => s - stamps[i]).sort((a, b) => a - b)[30]);
        };
        requestAnimationFrame(step);
      }),
  );

const clearMarks = (page: Page) => page.evaluate(() => (performance.clearMarks(), performance.clearMeasures()));

/** Waits for the app's next `pos-search` measure and returns its duration. */
async function nextMeasure(page: Page): Promise<number> {
  const handle = await page.waitForFunction(() => performance.getEntriesByName('pos-search', 'measure')[0]?.duration, null, { timeout: 10_000, polling: 'raf' });
  return (await handle.jsonValue()) as number;
}

export const posSearch: Scenario = {
  name: 'pos-search',
  description: 'tecla → resultados pintados en el POS (Chromium, catálogo local completo)',
  run: async (ctx): Promise<Measurement[]> => {
    const pos = await posSession(ctx);
    const { page } = pos;
    const box = page.getByPlaceholder('Buscar producto...');
    const frame = await frameInterval(page);
    const durations: number[] = [];
    for (let i = 0; i < ctx.sizes.searches; i++) {
      const query = QUERIES[i % QUERIES.length];
      await clearMarks(page);
      await box.fill(query.slice(0, -1));
      await nextMeasure(page);
      await clearMarks(page);
      await box.press(query.slice(-1));
      durations.push(await nextMeasure(page));
    }
    await box.fill('');
    const value = median(durations);
    const bare = await bareFirstSync(page, await registerDevice(pos.server.baseUrl, pos.session.token), LIMITS.syncPullPageSize);
    const firstSyncRatio = pos.firstSync.indexedMs / bare.ms;
    return [
      {
        key: 'pos-search-first-sync',
        label: `Primera sincronización del POS (${pos.products.toLocaleString('es-AR')} productos a IndexedDB e índice)`,
        value: round(pos.firstSync.indexedMs / 1000, 1),
        unit: 's',
        baseline: round(bare.ms / 1000, 1),
        baselineLabel: 'mismas páginas de /sync/pull guardadas crudas en IndexedDB, mismo navegador',
        ratio: round(firstSyncRatio, 2),
        target: `≤ ${FIRST_SYNC_MAX_RATIO} × la base`,
        met: firstSyncRatio <= FIRST_SYNC_MAX_RATIO,
        details: { storedInIndexedDbS: round(pos.firstSync.storedMs / 1000, 1), baselineProducts: bare.products },
      },
      {
        key: 'pos-search',
        label: `Búsqueda del POS, tecla → pintado (mediana de ${durations.length}; p95 ${round(percentile(durations, 95), 1)} ms)`,
        value: round(value, 1),
        unit: 'ms',
        baseline: round(frame, 1),
        baselineLabel: 'un cuadro, medido con rAF',
        ratio: round(value / frame, 2),
        target: `≤ ${TARGET_MS} ms de mediana`,
        met: value <= TARGET_MS,
        details: { p95Ms: round(percentile(durations, 95), 1), maxMs: round(Math.max(...durations), 1), searches: durations.length, products: pos.products },
      },
    ];
  },
};
