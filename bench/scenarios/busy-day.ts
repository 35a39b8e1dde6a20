/**
 * A busy day (issue #39 item 5): the real server (own process, SQLite, as `npm start` runs it) over a year
 * of 500,000 sales on 5,000 products (--quick: 20,000), generated in bulk (bench/lib/data-sales-bulk.ts).
 * 20 tablets, each registered with its own device credential, capture a sale every 10 s (×5: every 2 s)
 * and push what they hold through POST /api/sync/push as the app does (one push in flight per tablet; what
 * is captured meanwhile goes in the next one; a failed push is retried with the next sale), staggered over
 * the interval; GET /api/health is polled every 200 ms. That is the baseline phase. The busy phase adds, on
 * the same server right after: the dashboard opened every 5 s (its five requests at once,
 * bench/lib/shop-reads.ts dashboardPaths), the June sales report every 15 s and the year report every
 * 60 s. Reads and probes go on their schedule whatever the others are doing (open loop). Time is
 * compressed, the rates are not: each phase lasts 60 s (--quick 5 s), then the requests in flight finish.
 * Each rate has its own server on a fresh copy (baseline, then busy): reports the clients gave up on may
 * still be running on the server after the busy phase, and must not weigh on the next baseline.
 * Timeouts are the app's: 3 s for the health probe (src/api/sync.ts), 30 s for the rest
 * (LIMITS.requestTimeoutMs); a timed-out request counts at its timeout in the percentiles.
 * Figures at 1× and 5×: push p99, health p99 and failed requests (resets, non-2xx, timeouts, sales not
 * applied) of the busy phase, each against its baseline phase (what the reports and the dashboard cost).
 * Targets: push p99 ≤ 300 ms, health p99 ≤ 50 ms, 0 failed. The load (1 min) is kept at each phase.
 */
import os from 'node:os';
import { LIMITS, SYNC_SCHEMA_VERSION } from '../../domain/constants';
import type { PushedSale, PushReply } from '../../domain/schemas/sync';
import { makeSales, registerDevice, signIn, type BenchDevice } from '../lib/api';
import { startServer } from '../lib/child';
import type { Scenario } from '../lib/context';
import { removeWorkDir, sellableProducts, workDir, type ProductRef } from '../lib/data';
import { bulkSalesDatabase } from '../lib/data-sales-bulk';
import type { Measurement } from '../lib/results';
import { dashboardPaths, JUNE_REPORT_PATH, timedRequest, YEAR_REPORT_PATH, type Timed } from '../lib/shop-reads';
import { median, percentile, round } from '../lib/stats';

const PRODUCTS = 5_000;
const TABLETS = 20;
const SALE_EVERY_MS = 10_000;
const DASHBOARD_EVERY_MS = 5_000;
const JUNE_REPORT_EVERY_MS = 15_000;
const YEAR_REPORT_EVERY_MS = 60_000;
const HEALTH_EVERY_MS = 200;
/** The POS probe's timeout (src/api/sync.ts PROBE_TIMEOUT_MS). */
const HEALTH_TIMEOUT_MS = 3_000;
const TIMEOUT_MS = LIMITS.requestTimeoutMs;
const PUSH_TARGET_MS = 300;
const HEALTH_TARGET_MS = 50;
const RATES = [1, 5];

type Kind = 'push' | 'health' | 'dashboard' | 'juneReport' | 'yearReport';

interface Phase {
  samples: Record<Kind, Timed[]>;
  failures: Record<string, number>;
  sales: number;
  load: number;
  loadAfter: number;
  ms: number;
}

/** One tablet: captures a sale at each tick, pushes everything it holds when no push of its own is in flight. */
function tablet(baseUrl: string, device: BenchDevice, products: readonly ProductRef[], seed: number, record: (t: Timed, failure: string | null) => void) {
  let seq = 0;
  let pending: PushedSale[] = [];
  let inFlight: Promise<void> | null = null;
  let pushed = 0;
  const push = async () => {
    const batch = pending;
    pending = [];
    const t = await timedRequest(
      `${baseUrl}/api/sync/push`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...device.headers },
        body: JSON.stringify({ deviceId: device.deviceId, schemaVersion: SYNC_SCHEMA_VERSION, pendingCount: 0, sales: batch }),
      },
      TIMEOUT_MS,
    );
    const refused = t.ok ? (t.data as PushReply).results.filter((r) => r.status === 'rejected').length : 0;
    record(t, t.failure ?? (refused ? 'rejected' : null));
    if (t.ok) pushed += batch.length - refused;
    // Not confirmed: kept for the next push (the outbox keeps it until the server answers).
    else pending = [...batch, ...pending];
    return t.ok;
  };
  // After a failed push the tablet waits for its next sale to try again (the app backs off).
  const pushLoop = async () => {
    while (pending.length && (await push()));
    inFlight = null;
  };
  return {
    capture() {
      seq += 1;
      pending.push(...makeSales(products, 1, seq, seed * 100_000 + seq));
      if (!inFlight) inFlight = pushLoop();
    },
    drain: () => inFlight ?? Promise.resolve(),
    get pushed() {
      return pushed;
    },
  };
}

/** Calls `fn` at offset, offset + every, … while before `windowMs`; resolves when every call it started has finished. */
function every(windowMs: number, everyMs: number, offsetMs: number, fn: () => Promise<unknown>): Promise<void> {
  const calls: Promise<unknown>[] = [];
  return new Promise<void>((resolve) => {
    let at = offsetMs;
    const started = performance.now();
    const tick = () => {
      calls.push(fn());
      at += everyMs;
      if (at < windowMs) setTimeout(tick, Math.max(0, at - (performance.now() - started)));
      else void Promise.all(calls).then(() => resolve());
    };
    if (at < windowMs) setTimeout(tick, at);
    else resolve();
  });
}

async function runPhase(baseUrl: string, token: string, tablets: ReturnType<typeof tablet>[], records: { phase: Phase | null }, rate: number, windowMs: number, busy: boolean): Promise<Phase> {
  const phase: Phase = {
    samples: { push: [], health: [], dashboard: [], juneReport: [], yearReport: [] },
    failures: {},
    sales: 0,
    load: os.loadavg()[0],
    loadAfter: 0,
    ms: 0,
  };
  records.phase = phase;
  const note = (kind: Kind, t: Timed, failure: string | null = t.failure) => {
    phase.samples[kind].push(t);
    if (failure) phase.failures[`${kind} ${failure}`] = (phase.failures[`${kind} ${failure}`] ?? 0) + 1;
  };
  const auth = { headers: { authorization: `Bearer ${token}` } };
  const read = (kind: Kind, path: string) => timedRequest(`${baseUrl}${path}`, auth, TIMEOUT_MS).then((t) => note(kind, t));
  const pushedBefore = tablets.reduce((sum, t) => sum + t.pushed, 0);
  const saleEvery = SALE_EVERY_MS / rate;
  const started = performance.now();
  const schedules = [
    every(windowMs, HEALTH_EVERY_MS, 0, () => timedRequest(`${baseUrl}/api/health`, {}, HEALTH_TIMEOUT_MS).then((t) => note('health', t))),
    ...tablets.map((t, i) =>
      every(windowMs, saleEvery, (i * saleEvery) / TABLETS, async () => t.capture()),
    ),
  ];
  if (busy) {
    schedules.push(
      every(windowMs, DASHBOARD_EVERY_MS, 500, () => Promise.all(dashboardPaths().map((path) => read('dashboard', path)))),
      every(windowMs, JUNE_REPORT_EVERY_MS, 1000, () => read('juneReport', JUNE_REPORT_PATH)),
      every(windowMs, YEAR_REPORT_EVERY_MS, 1500, () => read('yearReport', YEAR_REPORT_PATH)),
    );
  }
  await Promise.all(schedules);
  await Promise.all(tablets.map((t) => t.drain()));
  phase.ms = performance.now() - started;
  phase.loadAfter = os.loadavg()[0];
  phase.sales = tablets.reduce((sum, t) => sum + t.pushed, 0) - pushedBefore;
  return phase;
}

const failedCount = (phase: Phase) => Object.values(phase.failures).reduce((a, b) => a + b, 0);
/** Timed-out requests count at their timeout (their ms is when they were given up). */
const p = (samples: Timed[], q: number) => (samples.length ? percentile(samples.map((s) => s.ms), q) : NaN);

function phaseDetails(prefix: string, phase: Phase): Record<string, number | string> {
  const ms = (kind: Kind) => phase.samples[kind];
  return {
    [`${prefix}Load`]: round(phase.load, 2),
    [`${prefix}LoadAfter`]: round(phase.loadAfter, 2),
    [`${prefix}Seconds`]: round(phase.ms / 1000, 1),
    [`${prefix}SalesApplied`]: phase.sales,
    [`${prefix}Pushes`]: ms('push').length,
    [`${prefix}PushP50`]: round(p(ms('push'), 50), 1),
    [`${prefix}PushMax`]: round(p(ms('push'), 100), 1),
    [`${prefix}HealthProbes`]: ms('health').length,
    [`${prefix}HealthP50`]: round(p(ms('health'), 50), 1),
    [`${prefix}HealthOver3s`]: ms('health').filter((s) => s.ms >= HEALTH_TIMEOUT_MS).length,
    ...(ms('dashboard').length ? { [`${prefix}DashboardRequests`]: ms('dashboard').length, [`${prefix}DashboardMedian`]: round(median(ms('dashboard').map((s) => s.ms)), 1), [`${prefix}DashboardMax`]: round(p(ms('dashboard'), 100), 1) } : {}),
    ...(ms('juneReport').length ? { [`${prefix}JuneReports`]: ms('juneReport').length, [`${prefix}JuneReportMedian`]: round(median(ms('juneReport').map((s) => s.ms)), 1) } : {}),
    ...(ms('yearReport').length ? { [`${prefix}YearReports`]: ms('yearReport').length, [`${prefix}YearReportMax`]: round(p(ms('yearReport'), 100), 1) } : {}),
    [`${prefix}Failures`]: Object.entries(phase.failures).map(([k, n]) => `${k}: ${n}`).join(', ') || 'ninguna',
  };
}

export const busyDay: Scenario = {
  name: 'busy-day',
  description: `${TABLETS} tabletas venden y empujan mientras se abren el panel y los reportes (1× y 5×), sobre un año de ventas`,
  run: async (ctx): Promise<Measurement[]> => {
    const salesCount = ctx.quick ? 20_000 : 500_000;
    const windowMs = ctx.quick ? 5_000 : 60_000;
    const source = await bulkSalesDatabase(PRODUCTS, salesCount);
    const products = sellableProducts(source);
    const out: Measurement[] = [];
    for (const rate of RATES) {
      const dir = workDir(`busy-day-${rate}x`, source);
      try {
        const server = await startServer(dir, { profile: ctx.profile, label: `busy-day-${rate}x` });
        try {
          const { token } = await signIn(server.baseUrl);
          const records: { phase: Phase | null } = { phase: null };
          const tablets: ReturnType<typeof tablet>[] = [];
          for (let i = 0; i < TABLETS; i++) {
            const device = await registerDevice(server.baseUrl, token);
            tablets.push(tablet(server.baseUrl, device, products, i + 1, (t, failure) => {
              const phase = records.phase!;
              phase.samples.push.push(t);
              if (failure) phase.failures[`push ${failure}`] = (phase.failures[`push ${failure}`] ?? 0) + 1;
            }));
          }
          const base = await runPhase(server.baseUrl, token, tablets, records, rate, windowMs, false);
          const busy = await runPhase(server.baseUrl, token, tablets, records, rate, windowMs, true);
          const details = { sales: salesCount, products: PRODUCTS, tablets: TABLETS, rate, saleEveryMs: SALE_EVERY_MS / rate, windowS: windowMs / 1000, ...phaseDetails('base', base), ...phaseDetails('busy', busy) };
          const suffix = rate === 1 ? '' : `-${rate}x`;
          const during = `${TABLETS} tabletas, 1 venta c/${SALE_EVERY_MS / rate / 1000} s cada una, panel y reportes; año de ${salesCount.toLocaleString('es-AR')} ventas`;
          const ms = (key: string, label: string, value: number, baseValue: number, target: number) => ({
            key: `busy-day${suffix}-${key}`,
            label: `${label} (${during})`,
            value: round(value, 1),
            unit: 'ms',
            baseline: round(baseValue, 1),
            baselineLabel: 'misma carga sin panel ni reportes',
            ratio: round(value / baseValue, 2),
            target: `≤ ${target} ms`,
            met: value <= target,
            details,
          });
          const failed = failedCount(busy);
          const baseFailed = failedCount(base);
          const requests = (phase: Phase) => Object.values(phase.samples).reduce((n, s) => n + s.length, 0);
          out.push(
            ms('push-p99', `Día de mucho trabajo ${rate}×: push p99`, p(busy.samples.push, 99), p(base.samples.push, 99), PUSH_TARGET_MS),
            ms('health-p99', `Día de mucho trabajo ${rate}×: /api/health p99`, p(busy.samples.health, 99), p(base.samples.health, 99), HEALTH_TARGET_MS),
            {
              key: `busy-day${suffix}-failed`,
              label: `Día de mucho trabajo ${rate}×: pedidos fallidos de ${requests(busy)} (${during})`,
              value: failed,
              unit: 'pedidos',
              baseline: baseFailed,
              baselineLabel: `misma carga sin panel ni reportes, de ${requests(base)}`,
              ratio: baseFailed ? round(failed / baseFailed, 2) : null,
              target: '0',
              met: failed === 0,
              details,
            },
          );
          console.log(`  ${rate}×: ${JSON.stringify(details)}`);
        } finally {
          await server.stop();
        }
      } finally {
        removeWorkDir(dir);
      }
    }
    return out;
  },
};
