/**
 * Cold start: spawn of `node build/server/main.mjs` (what `npm start` runs) → first 200 from GET /api/health, on the
 * generated year of sales (500,000 sales); median of N starts (the OS file cache stays warm: this is a
 * process start, not a machine boot). Baseline: the bare-Fastify process (its TypeScript file run through tsx, so
 * it pays a loader cost the bundled server no longer does).
 * Target: ≤ 1 s.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { startBareFastify, startServer } from '../lib/child';
import type { Scenario } from '../lib/context';
import { removeWorkDir, workDir } from '../lib/data';
import { salesFile } from '../lib/datasets';
import { median, round } from '../lib/stats';

const TARGET_MS = 1000;

export const coldStart: Scenario = {
  name: 'cold-start',
  description: 'arranque del servidor hasta el primer /api/health vs. Fastify pelado',
  run: async (ctx) => {
    const { coldStarts: n, summarySales } = ctx.sizes;
    const dir = workDir('cold-start', await salesFile(ctx));
    const payload = path.join(dir, 'payload.json');
    writeFileSync(payload, '{"success":true}');
    try {
      const server: number[] = [];
      const bare: number[] = [];
      for (let i = 0; i < n; i++) {
        const child = await startServer(dir, { profile: ctx.profile, label: 'cold-start' });
        server.push(child.startMs);
        await child.stop();
        const baseline = await startBareFastify(payload);
        bare.push(baseline.startMs);
        await baseline.stop();
      }
      const value = median(server);
      const base = median(bare);
      return [
        {
          key: 'cold-start',
          label: `Arranque del servidor (${summarySales.toLocaleString('es-AR')} ventas)`,
          value: round(value, 0),
          unit: 'ms',
          baseline: round(base, 0),
          baselineLabel: 'Fastify pelado, mismo arranque',
          ratio: round(value / base, 2),
          target: `≤ ${TARGET_MS} ms (mediana de ${n})`,
          met: value <= TARGET_MS,
          details: { starts: n, serverMaxMs: round(Math.max(...server), 0), baselineMaxMs: round(Math.max(...bare), 0) },
        },
      ];
    } finally {
      removeWorkDir(dir);
    }
  },
};
