/**
 * Cost as the shop grows (issue #39 item 9): the same reads (bench/lib/shop-reads.ts GROWTH_READS: the
 * dashboard summary, the flagged-sales count, the low-stock page, June's sales list, a customer search
 * with no dates, the June and the year report) timed on the real server (own process, SQLite) over a
 * year of 10,000, 100,000, 500,000 and 1,000,000 sales (--quick: 1,000, 5,000 and 10,000) on a 5,000-product
 * catalogue, generated in bulk by SQL (bench/lib/data-sales-bulk.ts) and cached. Each figure is the median
 * of up to 3 calls after one warm-up call (fewer when a call is slow: ~20 s per read and size), the reads
 * one after another, cheapest first: a slow report that the server goes on computing after the client
 * gave up must not slow the reads measured before it.
 * The figure of the largest size has for baseline the same read on a tenth of the sales (100,000; --quick
 * 1,000): the ratio is how the read grows. Target: ≤ 1 s at the largest size, and growing no faster than
 * the rows it answers for (a page's pagination total, or the elements of the answer's arrays), with 50 %
 * allowance for noise (a read whose rows do not grow must stay within ×1.5). The load (1 min) is kept at
 * each figure.
 */
import os from 'node:os';
import { signIn } from '../lib/api';
import { startServer } from '../lib/child';
import type { Scenario } from '../lib/context';
import { removeWorkDir, workDir } from '../lib/data';
import { bulkSalesDatabase } from '../lib/data-sales-bulk';
import type { Measurement } from '../lib/results';
import { GROWTH_READS, timedRequest, type Timed } from '../lib/shop-reads';
import { median, round } from '../lib/stats';

const PRODUCTS = 5_000;
const FULL_SIZES = [10_000, 100_000, 500_000, 1_000_000];
const QUICK_SIZES = [1_000, 5_000, 10_000];
const TARGET_MS = 1000;
const NOISE = 1.5;
const SAMPLES = 3;
const BUDGET_MS = 20_000;
const TIMEOUT_MS = 120_000;

const sizeKey = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}m` : `${n / 1000}k`);
const es = (n: number) => n.toLocaleString('es-AR');

interface ReadFigure {
  ms: number;
  rows: number;
  calls: number;
  failure: string | null;
  load: number;
}

/** One warm-up call, then up to SAMPLES calls within BUDGET_MS: the median; a failed call stops the read and its time is the figure. */
async function measureRead(url: string, token: string): Promise<ReadFigure> {
  const load = os.loadavg()[0];
  const warm = await timedRequest(url, { headers: { authorization: `Bearer ${token}` } }, TIMEOUT_MS);
  if (!warm.ok) return { ms: warm.ms, rows: 0, calls: 1, failure: warm.failure, load };
  const samples: Timed[] = [];
  let spent = warm.ms;
  while (samples.length < SAMPLES && (samples.length === 0 || spent < BUDGET_MS)) {
    const sample = await timedRequest(url, { headers: { authorization: `Bearer ${token}` } }, TIMEOUT_MS);
    if (!sample.ok) return { ms: sample.ms, rows: 0, calls: samples.length + 1, failure: sample.failure, load };
    samples.push(sample);
    spent += sample.ms;
  }
  return { ms: median(samples.map((s) => s.ms)), rows: samples[0].rows, calls: samples.length, failure: null, load };
}

export const growth: Scenario = {
  name: 'growth',
  description: 'panel, listas, búsqueda y reportes con 10k, 100k, 500k y 1M ventas (SQLite)',
  run: async (ctx): Promise<Measurement[]> => {
    const sizes = ctx.quick ? QUICK_SIZES : FULL_SIZES;
    const largest = sizes[sizes.length - 1];
    const reference = sizes.find((n) => n * 10 === largest) ?? sizes[0];
    const figures = new Map<number, Map<string, ReadFigure>>();
    for (const size of sizes) {
      const t0 = performance.now();
      const file = await bulkSalesDatabase(PRODUCTS, size);
      const generatedS = (performance.now() - t0) / 1000;
      const dir = workDir(`growth-${sizeKey(size)}`, file);
      try {
        const server = await startServer(dir, { profile: ctx.profile, label: `growth-${sizeKey(size)}` });
        try {
          const { token } = await signIn(server.baseUrl);
          const bySize = new Map<string, ReadFigure>();
          for (const read of GROWTH_READS) bySize.set(read.key, await measureRead(`${server.baseUrl}${read.path}`, token));
          figures.set(size, bySize);
          console.log(`  ${es(size)} ventas (datos ${generatedS.toFixed(1)} s, servidor ${(server.startMs / 1000).toFixed(1)} s): ${[...bySize].map(([k, f]) => `${k} ${round(f.ms, 1)} ms${f.failure ? ` (${f.failure})` : ''}`).join(', ')}`);
        } finally {
          await server.stop();
        }
      } finally {
        removeWorkDir(dir);
      }
    }

    const out: Measurement[] = [];
    for (const read of GROWTH_READS) {
      for (const size of sizes) {
        const f = figures.get(size)!.get(read.key)!;
        const details = { sales: size, products: PRODUCTS, rows: f.rows, calls: f.calls, load: round(f.load, 2), ...(f.failure ? { failure: f.failure } : {}) };
        const label = `${read.label}, ${es(size)} ventas${f.failure ? ` (falló: ${f.failure})` : ''}`;
        if (size !== largest) {
          out.push({ key: `growth-${read.key}-${sizeKey(size)}`, label, value: round(f.ms, 1), unit: 'ms', baseline: null, baselineLabel: null, ratio: null, target: null, met: null, details });
          continue;
        }
        const base = figures.get(reference)!.get(read.key)!;
        const rowsRatio = f.failure ? null : f.rows / Math.max(1, base.rows);
        const allowed = Math.max(1, rowsRatio ?? 1) * NOISE;
        const rowsText = rowsRatio === null ? 'filas —' : `filas ×${es(round(rowsRatio, 1))}`;
        const ratio = f.ms / base.ms;
        out.push({
          key: `growth-${read.key}-${sizeKey(size)}`,
          label,
          value: round(f.ms, 1),
          unit: 'ms',
          baseline: round(base.ms, 1),
          baselineLabel: `${es(reference)} ventas; ${rowsText}`,
          ratio: round(ratio, 2),
          target: `≤ ${es(TARGET_MS)} ms y ≤ ×${es(round(allowed, 1))} (${rowsText}, +50 %)`,
          met: !f.failure && !base.failure && f.ms <= TARGET_MS && ratio <= allowed,
          details: { ...details, referenceSales: reference, referenceRows: base.rows, referenceMs: round(base.ms, 1), referenceLoad: round(base.load, 2), rowsRatio: rowsRatio === null ? 'sin respuesta' : round(rowsRatio, 2) },
        });
      }
    }
    return out;
  },
};
