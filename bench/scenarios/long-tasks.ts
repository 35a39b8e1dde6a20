/**
 * Long tasks (issue #17 item 9, issue #39 item 1): /pos opened in the signed-in POS browser (the whole
 * bench catalogue already on the device), and /dashboard opened on the bench's generated year of sales
 * (500,000 sales: bench/lib/data-sales.ts, its own server on a copy, same browser), never an empty
 * shop, each with the CPU throttled 4× through DevTools, as Lighthouse's
 * mobile profile does. A PerformanceObserver (buffered) collects every `longtask` from navigation until
 * the page is ready and 3 s of quiet after it; the figure is the longest one per page.
 * No baseline: a budget. Target: no long task over 200 ms.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { signIn } from '../lib/api';
import { startServer } from '../lib/child';
import type { BenchContext, Scenario } from '../lib/context';
import { loadNow } from '../lib/cpu-load';
import { removeWorkDir, workDir } from '../lib/data';
import { salesFile } from '../lib/datasets';
import { PROFILE_DIR } from '../lib/paths';
import { posSession, signedInContext } from '../lib/pos-session';
import type { Measurement } from '../lib/results';
import { round } from '../lib/stats';

const TARGET_MS = 200;
const CPU_SLOWDOWN = 4;
const SETTLE_MS = 3000;

/** --profile: a DevTools timeline trace and a CPU profile of the page's opening (bench/.data/profiles/long-tasks-<page>.json, .cpuprofile). */
async function traced(cdp: CDPSession, name: string, open: () => Promise<void>): Promise<void> {
  const events: unknown[] = [];
  const collect = (data: { value: unknown[] }) => events.push(...data.value);
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,v8.execute,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  await open();
  const { profile } = await cdp.send('Profiler.stop');
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  mkdirSync(PROFILE_DIR, { recursive: true });
  writeFileSync(path.join(PROFILE_DIR, `long-tasks-${name}.json`), JSON.stringify({ traceEvents: events }));
  writeFileSync(path.join(PROFILE_DIR, `long-tasks-${name}.cpuprofile`), JSON.stringify(profile));
}

/** A signed-in browser context on a server holding the generated year of sales (closed with the run). */
async function salesShop(ctx: BenchContext, browserContext: BrowserContext): Promise<{ baseUrl: string; context: BrowserContext }> {
  const dir = workDir('long-tasks-sales', await salesFile(ctx));
  const server = await startServer(dir, { label: 'long-tasks' });
  ctx.onClose(async () => {
    await server.stop();
    removeWorkDir(dir);
  });
  const context = await signedInContext(browserContext.browser()!, await signIn(server.baseUrl));
  ctx.onClose(() => context.close());
  return { baseUrl: server.baseUrl, context };
}

const PAGES = [
  // A CSS selector, not getByRole: Playwright polls the page while it waits, and an accessible-name
  // query over the whole dashboard took up to ~200 ms at 4× throttling, counted as the page's own long task.
  { path: '/dashboard', key: 'dashboard', label: 'Panel (/dashboard)', ready: (page: Page) => page.locator('[role="group"][aria-label="Total Ventas"]').waitFor({ timeout: 120_000 }) },
  { path: '/pos', key: 'pos', label: 'POS (/pos)', ready: (page: Page) => page.getByTestId('pos-product').first().waitFor({ timeout: 120_000 }) },
] as const;

export const longTasks: Scenario = {
  name: 'long-tasks',
  description: 'tareas largas de /dashboard y /pos con la CPU 4× más lenta',
  run: async (ctx): Promise<Measurement[]> => {
    const pos = await posSession(ctx);
    const shop = await salesShop(ctx, pos.page.context());
    const figures: Measurement[] = [];
    for (const target of PAGES) {
      // /dashboard on the year of sales; /pos on the device holding the whole catalogue.
      const onSales = target.key === 'dashboard';
      const baseUrl = onSales ? shop.baseUrl : pos.server.baseUrl;
      const page = await (onSales ? shop.context : pos.page.context()).newPage();
      const cdp = await page.context().newCDPSession(page);
      await page.addInitScript(() => {
        const w = window as unknown as { __longTasks: number[] };
        w.__longTasks = [];
        new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__longTasks.push(e.duration))).observe({ type: 'longtask', buffered: true });
      });
      try {
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        const load = loadNow();
        const open = async () => {
          await page.goto(`${baseUrl}${target.path}`);
          await target.ready(page);
          await page.waitForTimeout(SETTLE_MS);
        };
        if (ctx.profile) await traced(cdp, target.key, open);
        else await open();
        const tasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
        const longest = tasks.length ? Math.max(...tasks) : 0;
        figures.push({
          key: `long-tasks-${target.key}`,
          label: `Tarea más larga al abrir ${target.label}${onSales ? ` (${ctx.sizes.summarySales.toLocaleString('es-AR')} ventas)` : ''}, CPU ${CPU_SLOWDOWN}× más lenta`,
          value: round(longest, 0),
          unit: 'ms',
          baseline: null,
          baselineLabel: null,
          ratio: null,
          target: `≤ ${TARGET_MS} ms`,
          met: longest <= TARGET_MS,
          details: {
            longTasks: tasks.length,
            over200: tasks.filter((t) => t > TARGET_MS).length,
            ...(onSales ? { sales: ctx.sizes.summarySales } : { products: pos.products }),
            loadStart: load,
            loadEnd: loadNow(),
          },
        });
      } finally {
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }).catch(() => undefined);
        await page.close();
      }
    }
    return figures;
  },
};
