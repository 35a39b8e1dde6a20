/**
 * Sync ingest: 10,000 three-item sales of one device through POST /api/sync/push in batches of 200,
 * one request after another, against the real server (own process) on a copy of the catalogue database.
 * Baseline: the same sales written by bare better-sqlite3 (bench/lib/bare-ingest.ts, own process) in the
 * same batches with the same fsync policy (one transaction and one fsync per batch), on another copy:
 * the floor for this work. Targets: ≥ 3,000 sales/s and ≥ 50 % of the baseline.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeSales, pushAll, signIn } from '../lib/api';
import { runScript, startServer } from '../lib/child';
import type { Scenario } from '../lib/context';
import { removeWorkDir, sellableProducts, workDir } from '../lib/data';
import { catalogFile } from '../lib/datasets';
import { round, timed } from '../lib/stats';

const MIN_RATE = 3000;
const MIN_RATIO = 0.5;
const BATCH = 200;

export const syncIngest: Scenario = {
  name: 'sync-ingest',
  description: 'ventas por POST /api/sync/push vs. better-sqlite3 pelado',
  run: async (ctx) => {
    const count = ctx.sizes.ingestSales;
    const source = await catalogFile(ctx);
    const sales = makeSales(sellableProducts(source), count);
    const dir = workDir('sync-ingest', source);
    const baseDir = workDir('sync-ingest-base', source);
    try {
      const server = await startServer(dir, { profile: ctx.profile, label: 'sync-ingest' });
      let pushMs: number;
      try {
        const { token } = await signIn(server.baseUrl);
        pushMs = (await timed(() => pushAll(server.baseUrl, token, sales, BATCH))).ms;
      } finally {
        await server.stop();
      }
      const salesFile = path.join(baseDir, 'sales.json');
      writeFileSync(salesFile, JSON.stringify(sales));
      const { ms: bareMs } = JSON.parse(await runScript('bench/lib/bare-ingest.ts', [path.join(baseDir, 'mostrador.sqlite'), salesFile, String(BATCH)])) as { ms: number };
      const rate = (count / pushMs) * 1000;
      const baseRate = (count / bareMs) * 1000;
      const ratio = rate / baseRate;
      return [
        {
          key: 'sync-ingest',
          label: `Ingesta de ventas (${count.toLocaleString('es-AR')} de 3 ítems, lotes de ${BATCH})`,
          value: round(rate, 0),
          unit: 'ventas/s',
          baseline: round(baseRate, 0),
          baselineLabel: `better-sqlite3 pelado, mismas filas, 1 transacción y 1 fsync por lote de ${BATCH}`,
          ratio: round(ratio, 3),
          target: `≥ ${MIN_RATE.toLocaleString('es-AR')} ventas/s y ≥ ${MIN_RATIO * 100} % de la base`,
          met: rate >= MIN_RATE && ratio >= MIN_RATIO,
          details: { sales: count, batch: BATCH, serverMs: round(pushMs, 0), baselineMs: round(bareMs, 0) },
        },
      ];
    } finally {
      removeWorkDir(dir);
      removeWorkDir(baseDir);
    }
  },
};
