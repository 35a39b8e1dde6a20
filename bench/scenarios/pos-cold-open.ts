/**
 * Cold open of the installed POS (issue #39 items 1 and 2): the real server on the bench catalogue
 * (50,000 products), Debian's Chromium with a persistent profile and the service worker ACTIVE, as on a
 * real tablet. Set-up: sign in, open /pos, let the first sync pull the whole catalogue into IndexedDB
 * and the service worker install, take control and cache the staff screens. Then each round closes the
 * browser and starts it again on the same profile (the tablet's browser was closed) and times, from
 * navigation start (the page's time origin), until "a sale is possible": the search box is in the page
 * and enabled and the product grid shows a card, painted (requestAnimationFrame, then a task).
 * Baseline, same browser start and profile: a bare page of the same origin (/api/health, which the
 * service worker leaves to the network) that opens the same IndexedDB database and counts its products,
 * navigation start → count. Median of N. Target: ≤ 1 s and ≤ 3× the baseline.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { STORAGE_KEYS } from '../../domain/constants';
import { signIn, type Session } from '../lib/api';
import { startServer } from '../lib/child';
import type { Scenario } from '../lib/context';
import { loadNow } from '../lib/cpu-load';
import { removeWorkDir, sellableProducts, workDir } from '../lib/data';
import { catalogFile } from '../lib/datasets';
import { deviceCounts } from '../lib/device-store';
import { waitUntil } from '../lib/pos-session';
import { median, round } from '../lib/stats';

const TARGET_MS = 1000;
const MAX_RATIO = 3;
const BROWSER_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/** In every page of the profile: the session (first open only), and the probes of the POS and of the bare page. */
function probes(session: Session): { content: string } {
  const keys = JSON.stringify(STORAGE_KEYS);
  const token = JSON.stringify(session.token);
  const user = JSON.stringify(JSON.stringify(session.user));
  return {
    content: `(() => {
      globalThis.__name = (fn) => fn;
      const keys = ${keys};
      if (!localStorage.getItem(keys.token)) { localStorage.setItem(keys.token, ${token}); localStorage.setItem(keys.user, ${user}); }
      if (location.pathname === '/api/health') {
        const open = indexedDB.open('mostrador');
        open.onsuccess = () => {
          const tx = open.result.transaction('products');
          const count = tx.objectStore('products').count();
          tx.oncomplete = () => { window.__bareReady = { ms: performance.now(), products: count.result }; open.result.close(); };
        };
        return;
      }
      if (location.pathname !== '/pos') return;
      const ready = () => {
        const box = document.querySelector('input[data-pos-search]');
        return box && !box.disabled && document.querySelector('[data-testid="pos-product"]');
      };
      const observer = new MutationObserver(() => {
        if (!ready()) return;
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => (window.__saleReady = { ms: performance.now(), controlled: Boolean(navigator.serviceWorker && navigator.serviceWorker.controller) })));
      });
      const watch = () => observer.observe(document.documentElement, { childList: true, subtree: true });
      if (document.documentElement) watch(); else document.addEventListener('readystatechange', watch, { once: true });
    })();`,
  };
}

async function launch(profile: string, session: Session): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: BROWSER_ARGS,
    serviceWorkers: 'allow',
    viewport: { width: 1280, height: 800 },
    locale: 'es-AR',
    reducedMotion: 'reduce',
  });
  await context.addInitScript(probes(session));
  return context;
}

/** Waits until the service worker controls the page and has cached the staff screens (as tests/e2e/pos-helpers.ts waitForServiceWorker). */
async function serviceWorkerInstalled(context: BrowserContext): Promise<void> {
  const page = context.pages()[0];
  const cached = await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    return new Promise<{ ok: boolean; error?: string }>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => resolve(event.data as { ok: boolean; error?: string });
      navigator.serviceWorker.controller!.postMessage({ type: 'CACHE_STAFF' }, [channel.port2]);
    });
  });
  if (!cached.ok) throw new Error(`El service worker no guardó las pantallas del personal: ${cached.error}`);
}

export const posColdOpen: Scenario = {
  name: 'pos-cold-open',
  description: 'POS instalado, navegador recién abierto → venta posible (service worker activo, catálogo completo)',
  run: async (ctx) => {
    const source = await catalogFile(ctx);
    const last = sellableProducts(source).at(-1)!;
    const dir = workDir('pos-cold-open', source);
    const profile = mkdtempSync(path.join(tmpdir(), 'mostrador-cold-open-'));
    const server = await startServer(dir, { label: 'pos-cold-open' });
    let context: BrowserContext | null = null;
    try {
      const session = await signIn(server.baseUrl);
      context = await launch(profile, session);
      const first = context.pages()[0] ?? (await context.newPage());
      await first.goto(`${server.baseUrl}/pos`);
      await waitUntil('el catálogo completo en IndexedDB', async () => (await deviceCounts(first)).products >= ctx.sizes.products, ctx.quick ? 60_000 : 240_000, 250);
      const box = first.getByPlaceholder('Buscar producto...');
      await box.fill(last.code);
      await first.getByTestId('pos-product').first().waitFor({ timeout: 60_000 });
      await box.fill('');
      await serviceWorkerInstalled(context);
      await context.close();
      context = null;

      const n = ctx.quick ? 3 : 7;
      const app: number[] = [];
      const bare: number[] = [];
      const loads: number[] = [];
      let controlled = 0;
      for (let i = 0; i < n; i++) {
        loads.push(loadNow());
        context = await launch(profile, session);
        const page = context.pages()[0] ?? (await context.newPage());
        await page.goto(`${server.baseUrl}/pos`);
        const ready = await (await page.waitForFunction(() => (window as unknown as { __saleReady?: { ms: number; controlled: boolean } }).__saleReady, null, { timeout: 60_000 })).jsonValue();
        app.push(ready!.ms);
        if (ready!.controlled) controlled += 1;
        await context.close();
        context = await launch(profile, session);
        const barePage = context.pages()[0] ?? (await context.newPage());
        await barePage.goto(`${server.baseUrl}/api/health`);
        const counted = await (await barePage.waitForFunction(() => (window as unknown as { __bareReady?: { ms: number; products: number } }).__bareReady, null, { timeout: 60_000 })).jsonValue();
        if (counted!.products < ctx.sizes.products) throw new Error(`La base pelada contó ${counted!.products} productos`);
        bare.push(counted!.ms);
        await context.close();
        context = null;
      }
      if (controlled < n) throw new Error(`El service worker controló ${controlled} de ${n} aperturas`);
      const value = median(app);
      const base = median(bare);
      const ratio = value / base;
      return [
        {
          key: 'pos-cold-open',
          label: `Apertura en frío del POS instalado → venta posible (${ctx.sizes.products.toLocaleString('es-AR')} productos, service worker activo; mediana de ${n})`,
          value: round(value, 0),
          unit: 'ms',
          baseline: round(base, 0),
          baselineLabel: 'página pelada del mismo origen que abre la misma IndexedDB y cuenta los productos',
          ratio: round(ratio, 2),
          target: `≤ ${TARGET_MS} ms y ≤ ${MAX_RATIO} × la base`,
          met: value <= TARGET_MS && ratio <= MAX_RATIO,
          details: {
            minMs: round(Math.min(...app), 0),
            maxMs: round(Math.max(...app), 0),
            baselineMaxMs: round(Math.max(...bare), 0),
            opens: n,
            products: ctx.sizes.products,
            loadMin: Math.min(...loads),
            loadMax: Math.max(...loads),
          },
        },
      ];
    } finally {
      await context?.close().catch(() => undefined);
      await server.stop();
      removeWorkDir(dir);
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    }
  },
};
