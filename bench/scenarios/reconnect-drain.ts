/**
 * Reconnect drain: real Chromium on the signed-in POS goes offline (context.setOffline), rings up a few
 * sales through the UI and queues the rest of N (5,000) in its IndexedDB outbox in the app's own format
 * (bench/lib/device-store.ts), then the network comes back: timed from setOffline(false) until the
 * device has no unsynced sale AND the server holds every one of them (GET /api/sales total).
 * Baseline: the same number of sales pushed straight from Node to the same server (POST /sync/push,
 * batches of 200, no browser), so the ratio is what the device side adds. Target (issue #17 item 3):
 * ≤ 1.5× that baseline. Its details split the drain into the pushes' time on the wire and the device's
 * own time between a push's reply and its next push (the page's Resource Timing).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { makeSales, pushAll, serverSaleCount } from '../lib/api';
import { PROFILE_DIR } from '../lib/paths';
import type { Scenario } from '../lib/context';
import { sellableProducts } from '../lib/data';
import { catalogFile } from '../lib/datasets';
import { deviceCounts, queueSales } from '../lib/device-store';
import { posSession, waitUntil } from '../lib/pos-session';
import { round, timed } from '../lib/stats';
import { sellThroughUi } from './pos-confirm';

const TARGET_RATIO = 1.5;
const THROUGH_UI = 3;

/** The drain's POST /sync/push requests as the page timed them: how many, their time on the wire, and the device's time between them. */
async function pushTimings(page: Page) {
  const spans = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('/api/sync/push'))
      .map((entry) => [entry.startTime, (entry as PerformanceResourceTiming).responseEnd]),
  );
  const onWire = spans.reduce((sum, [from, to]) => sum + (to - from), 0);
  const between = spans.slice(1).reduce((sum, [from], i) => sum + Math.max(0, from - spans[i][1]), 0);
  return { pushes: spans.length, pushesOnWireS: round(onWire / 1000, 2), deviceBetweenPushesS: round(between / 1000, 2) };
}

export const reconnectDrain: Scenario = {
  name: 'reconnect-drain',
  description: 'vuelve la red con ventas en cola → outbox vacío y todo en el servidor (Chromium)',
  run: async (ctx) => {
    const { page, server, session, setOffline } = await posSession(ctx);
    const total = ctx.sizes.drainSales;
    const { token } = session;
    await waitUntil('outbox vacío antes de empezar', async () => (await deviceCounts(page)).unsynced === 0, 60_000);
    const before = await serverSaleCount(server.baseUrl, token);

    await setOffline(true);
    await page.getByTestId('sync-status').and(page.locator('[data-online="false"]')).waitFor();
    await page.getByPlaceholder('Buscar producto...').fill('');
    for (let i = 0; i < THROUGH_UI; i++) await sellThroughUi(page, i);
    await queueSales(page, total - THROUGH_UI, session.user);
    if ((await deviceCounts(page)).unsynced !== total) throw new Error('La cola no tiene las ventas esperadas');

    await page.evaluate(() => (performance.setResourceTimingBufferSize(10_000), performance.clearResourceTimings()));
    let serverAllMs = 0;
    // --profile: the page's own CPU profile of the drain (bench/.data/profiles/reconnect-drain-page.cpuprofile).
    const cdp = ctx.profile ? await page.context().newCDPSession(page) : null;
    if (cdp) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
    const start = performance.now();
    await setOffline(false);
    await waitUntil(
      'outbox vacío y todas las ventas en el servidor',
      async () => {
        if (!serverAllMs && (await serverSaleCount(server.baseUrl, token)) >= before + total) serverAllMs = performance.now() - start;
        return serverAllMs > 0 && (await deviceCounts(page)).unsynced === 0;
      },
      120_000,
    );
    const drainMs = performance.now() - start;
    if (cdp) {
      const { profile } = await cdp.send('Profiler.stop');
      mkdirSync(PROFILE_DIR, { recursive: true });
      writeFileSync(path.join(PROFILE_DIR, 'reconnect-drain-page.cpuprofile'), JSON.stringify(profile));
      await cdp.detach();
    }
    const pushes = await pushTimings(page);

    const direct = makeSales(sellableProducts(await catalogFile(ctx)), total, 1, 11);
    const { ms: directMs } = await timed(() => pushAll(server.baseUrl, token, direct));
    return [
      {
        key: 'reconnect-drain',
        label: `Reconexión con ${total.toLocaleString('es-AR')} ventas en cola → outbox vacío y todo en el servidor`,
        value: round(drainMs / 1000, 2),
        unit: 's',
        baseline: round(directMs / 1000, 2),
        baselineLabel: 'mismas ventas por HTTP desde Node, sin navegador',
        ratio: round(drainMs / directMs, 2),
        target: `≤ ${String(TARGET_RATIO).replace('.', ',')} × la base`,
        met: drainMs <= TARGET_RATIO * directMs,
        details: { sales: total, throughUi: THROUGH_UI, serverHadAllS: round(serverAllMs / 1000, 2), ...pushes },
      },
    ];
  },
};
