/**
 * Lighthouse on the public pages (issue #17 item 8): `/` and `/catalog` of the real server on the bench
 * catalogue with photos (issue #39 item 1: 200 distinct WebP pictures drawn as the demo catalogue's are,
 * server/setup/demo-images.ts, spread over every product, so a page's largest paint is an image as in a
 * shop with photos, not text), audited by `lighthouse` 12.8 (npm; 13 needs Node 22) in Debian's Chromium — mobile with
 * simulated throttling, median of 3 runs (1 with --quick), plus one desktop run for layout shift.
 * No baseline: Lighthouse scores are already relative to its reference device. Targets: performance
 * ≥ 90 on mobile for both pages, CLS < 0.1 on mobile and desktop.
 */
import lighthouse, { type Config } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drawDemoImages } from '../../server/setup/demo-images';
import { startServer } from '../lib/child';
import type { Scenario } from '../lib/context';
import { loadNow } from '../lib/cpu-load';
import { removeWorkDir, workDir } from '../lib/data';
import { catalogFile } from '../lib/datasets';
import type { Measurement } from '../lib/results';
import { median, round } from '../lib/stats';

const MIN_SCORE = 90;
const MAX_CLS = 0.1;
const PAGES = [
  { path: '/', key: 'landing', label: 'Lighthouse móvil, página de inicio (/)' },
  { path: '/catalog', key: 'catalog', label: 'Lighthouse móvil, catálogo (/catalog)' },
] as const;

const PHOTOS = 200;

/** Draws PHOTOS pictures into `dir`/uploads and gives every product one of them (by id), in the copy of the database there. */
async function addPhotos(dir: string): Promise<void> {
  const uploads = path.join(dir, 'uploads');
  mkdirSync(uploads, { recursive: true });
  const sqlite = new Database(path.join(dir, 'mostrador.sqlite'));
  try {
    const names = sqlite.prepare('SELECT name FROM products ORDER BY id LIMIT ?').pluck().all(PHOTOS) as string[];
    const images = await drawDemoImages(names.map((name, i) => ({ id: i, name, categoryIndex: i })), uploads);
    sqlite.exec('CREATE TEMP TABLE bench_photos (k INTEGER PRIMARY KEY, image TEXT NOT NULL)');
    const insert = sqlite.prepare('INSERT INTO bench_photos (k, image) VALUES (?, ?)');
    for (const [k, image] of images) insert.run(k, image);
    sqlite.prepare(`UPDATE products SET image = (SELECT image FROM bench_photos WHERE k = products.id % ${images.size})`).run();
  } finally {
    sqlite.close();
  }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Debian's Chromium with a DevTools port for Lighthouse (never a downloaded browser). */
async function launchChromium(): Promise<{ port: number; close: () => Promise<void> }> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'mostrador-lh-'));
  const child = spawn(
    '/usr/bin/chromium',
    ['--headless=new', `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', 'about:blank'],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/json/version`).then((r) => r.ok, () => false);
    if (ready) break;
    if (Date.now() > deadline) throw new Error('Chromium no abrió su puerto de DevTools');
    await new Promise((r) => setTimeout(r, 200));
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    port,
    close: async () => {
      child.kill('SIGKILL');
      await exited;
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
}

interface Audit {
  score: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  /** The largest contentful paint was an image. */
  lcpIsImage: boolean;
}

/** Runs that failed to record the page load (Lighthouse's own NO_NAVSTART and the like) are run again, up to this many times. */
const RUNTIME_RETRIES = 2;

async function audit(url: string, port: number, config?: Config, retries = RUNTIME_RETRIES): Promise<Audit> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, config);
  if (!result) throw new Error(`Lighthouse no devolvió resultado para ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError && retries > 0) {
    console.log(`  (Lighthouse: ${lhr.runtimeError.code}; otra vez)`);
    return audit(url, port, config, retries - 1);
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    lcpIsImage: JSON.stringify(lhr.audits['largest-contentful-paint-element']?.details ?? '').includes('<img'),
  };
}

export const lighthouseScenario: Scenario = {
  name: 'lighthouse',
  description: 'Lighthouse (móvil y escritorio) de / y /catalog en Chromium de Debian',
  run: async (ctx): Promise<Measurement[]> => {
    const source = await catalogFile(ctx);
    const dir = workDir('lighthouse', source);
    await addPhotos(dir);
    const server = await startServer(dir, { label: 'lighthouse' });
    const chromium = await launchChromium();
    try {
      const runs = ctx.quick ? 1 : 3;
      const figures: Measurement[] = [];
      let worstCls = 0;
      const clsDetails: Record<string, number> = {};
      for (const page of PAGES) {
        const url = `${server.baseUrl}${page.path}`;
        const mobile: Audit[] = [];
        const loadStart = loadNow();
        for (let i = 0; i < runs; i++) mobile.push(await audit(url, chromium.port));
        const desktop = await audit(url, chromium.port, desktopConfig);
        const score = median(mobile.map((a) => a.score));
        const cls = median(mobile.map((a) => a.cls));
        worstCls = Math.max(worstCls, cls, desktop.cls);
        clsDetails[`${page.key}MobileCls`] = round(cls, 3);
        clsDetails[`${page.key}DesktopCls`] = round(desktop.cls, 3);
        figures.push({
          key: `lighthouse-${page.key}`,
          label: `${page.label}, mediana de ${runs}`,
          value: score,
          unit: 'puntos',
          baseline: null,
          baselineLabel: null,
          ratio: null,
          target: `≥ ${MIN_SCORE}`,
          met: score >= MIN_SCORE,
          details: {
            lcpMs: round(median(mobile.map((a) => a.lcpMs)), 0),
            tbtMs: round(median(mobile.map((a) => a.tbtMs)), 0),
            desktopScore: desktop.score,
            lcpElement: median(mobile.map((a) => (a.lcpIsImage ? 1 : 0))) === 1 ? 'imagen' : 'texto',
            loadStart,
            loadEnd: loadNow(),
          },
        });
      }
      figures.push({
        key: 'lighthouse-cls',
        label: 'Corrimiento de diseño (CLS) de / y /catalog, el peor de móvil y escritorio',
        value: round(worstCls, 3),
        unit: '',
        baseline: null,
        baselineLabel: null,
        ratio: null,
        target: `< ${MAX_CLS}`,
        met: worstCls < MAX_CLS,
        details: clsDetails,
      });
      return figures;
    } finally {
      await chromium.close();
      await server.stop();
      removeWorkDir(dir);
    }
  },
};
