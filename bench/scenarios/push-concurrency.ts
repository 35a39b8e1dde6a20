/**
 * Push concurrency (issue #13 item 8, issue #17 item 5): 50 counter devices, each registered with its
 * own credential, push 20-sale batches (three items each) at the same time, each device one batch after
 * another, against the real server (own process) on a copy of the catalogue database; meanwhile
 * /api/health is probed back to back. Reports the push latency (p50, p99) and the health latency p99
 * while the pushes run. Targets: push p99 ≤ 1 s (50 devices share one SQLite writer, so a push waits
 * for the others' chunks) and health p99 ≤ 50 ms (the POS probe must never think the server is gone).
 * Baseline of the push latency (issue #39 item 1): one bare writer serving the same batches — bare-ingest.ts
 * writes them, in the order the 50 devices' rounds queue, on another copy of the catalogue (1 transaction
 * and 1 fsync per batch, the server's checkpoint policy); each batch's measured write time is then put through
 * a first-come first-served queue where every device sends its next batch when its previous one is done,
 * as the devices do: the latency of the same pushes with no HTTP, validation or ORM, and one writer.
 */
import { makeSales, pushBatch, registerDevice, signIn, type BenchDevice } from '../lib/api';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PushedSale } from '../../domain/schemas/sync';
import { runScript, startServer } from '../lib/child';
import type { Scenario } from '../lib/context';
import { removeWorkDir, sellableProducts, workDir } from '../lib/data';
import { catalogFile } from '../lib/datasets';
import { loadAverage } from '../lib/machine';
import { percentile, round } from '../lib/stats';

/**
 * The latency each batch would have behind one writer: batches in `order` (device, round) with measured
 * write times `serviceMs`; a device's first batch arrives at 0, each next one when its previous one is done.
 */
function queuedLatencies(order: { device: number; round: number }[], serviceMs: number[]): number[] {
  const doneAt = new Map<number, number>();
  let writerFree = 0;
  return order.map(({ device, round }, j) => {
    const arrives = round === 0 ? 0 : doneAt.get(device)!;
    writerFree = Math.max(writerFree, arrives) + serviceMs[j];
    doneAt.set(device, writerFree);
    return writerFree - arrives;
  });
}

/** Every device's batches in the order a first-come first-served writer takes them: round by round. */
async function bareLatencies(source: string, salesOf: PushedSale[][], rounds: number): Promise<number[]> {
  const dir = workDir('push-concurrency-base', source);
  try {
    const order = Array.from({ length: rounds }, (_, round) => salesOf.map((_, device) => ({ device, round }))).flat();
    const file = path.join(dir, 'sales.json');
    // The bare writer records every sale under its one device: sequences run on across the devices' sales.
    const queued = order.flatMap(({ device, round }) => salesOf[device].slice(round * BATCH, (round + 1) * BATCH));
    writeFileSync(file, JSON.stringify(queued.map((sale, k) => ({ ...sale, deviceSeq: k + 1 }))));
    const { batchMs } = JSON.parse(await runScript('bench/lib/bare-ingest.ts', [path.join(dir, 'mostrador.sqlite'), file, String(BATCH)])) as { batchMs: number[] };
    return queuedLatencies(order, batchMs);
  } finally {
    removeWorkDir(dir);
  }
}

const DEVICES = 50;
const BATCH = 20;
const PUSH_TARGET_MS = 1000;
const HEALTH_TARGET_MS = 50;

export const pushConcurrency: Scenario = {
  name: 'push-concurrency',
  description: `${DEVICES} dispositivos empujan lotes de ${BATCH} ventas a la vez; latencia de push y de /api/health`,
  run: async (ctx) => {
    const rounds = ctx.sizes.pushRounds;
    const source = await catalogFile(ctx);
    const products = sellableProducts(source);
    const dir = workDir('push-concurrency', source);
    try {
      const server = await startServer(dir, { profile: ctx.profile, label: 'push-concurrency' });
      try {
        const { token } = await signIn(server.baseUrl);
        const devices: BenchDevice[] = [];
        for (let i = 0; i < DEVICES; i++) devices.push(await registerDevice(server.baseUrl, token));
        const salesOf = devices.map((_, i) => makeSales(products, rounds * BATCH, 1, 100 + i));

        const pushMs: number[] = [];
        const healthMs: number[] = [];
        let running = true;
        const prober = (async () => {
          while (running) {
            const t0 = performance.now();
            await (await fetch(`${server.baseUrl}/api/health`)).arrayBuffer();
            if (running) healthMs.push(performance.now() - t0);
          }
        })();
        const loadAtMeasure = loadAverage();
        const started = performance.now();
        await Promise.all(
          devices.map(async (device, i) => {
            for (let r = 0; r < rounds; r++) {
              const t0 = performance.now();
              await pushBatch(server.baseUrl, device, salesOf[i].slice(r * BATCH, (r + 1) * BATCH), (rounds - r - 1) * BATCH);
              pushMs.push(performance.now() - t0);
            }
          }),
        ).finally(() => {
          running = false;
        });
        const totalMs = performance.now() - started;
        await prober;

        const loadAtBaseline = loadAverage();
        const bare = await bareLatencies(source, salesOf, rounds);
        const sales = DEVICES * rounds * BATCH;
        const details = {
          devices: DEVICES,
          batch: BATCH,
          rounds,
          sales,
          pushes: pushMs.length,
          healthProbes: healthMs.length,
          totalMs: round(totalMs, 0),
          salesPerSecond: round((sales / totalMs) * 1000, 0),
          loadAtMeasure,
          loadAtBaseline,
        };
        const pushP99 = percentile(pushMs, 99);
        const healthP99 = percentile(healthMs, 99);
        const figure = (key: string, label: string, value: number, base: number | null = null) => ({
          key,
          label,
          value: round(value, 1),
          unit: 'ms',
          baseline: base === null ? null : round(base, 1),
          baselineLabel: base === null ? null : 'un escritor better-sqlite3 pelado con los mismos lotes en cola, sin HTTP',
          ratio: base === null ? null : round(value / Math.max(1, base), 2),
          target: null,
          met: null,
          details,
        });
        const targeted = (value: number, limit: number) => ({ target: `≤ ${limit.toLocaleString('es-AR')} ms`, met: value <= limit });
        return [
          figure('push-concurrency-p50', `Push con ${DEVICES} dispositivos a la vez (lotes de ${BATCH} ventas), latencia p50`, percentile(pushMs, 50), percentile(bare, 50)),
          {
            ...figure('push-concurrency-p99', `Push con ${DEVICES} dispositivos a la vez (lotes de ${BATCH} ventas), latencia p99`, pushP99, percentile(bare, 99)),
            ...targeted(pushP99, PUSH_TARGET_MS),
          },
          {
            ...figure('push-concurrency-health-p99', `/api/health durante esos pushes, latencia p99 (${healthMs.length} sondeos)`, healthP99),
            ...targeted(healthP99, HEALTH_TARGET_MS),
          },
        ];
      } finally {
        await server.stop();
      }
    } finally {
      removeWorkDir(dir);
    }
  },
};
