/**
 * Bundles the server (our TypeScript only; packages stay external) into build/server/main.mjs so
 * `npm start` runs plain node: loading every module through tsx cost most of a cold start. The
 * spreadsheet reader's and the reports' worker threads are their own entries, build/server/sheet-worker.mjs
 * and report-worker.mjs (server/worker-entry.ts starts them from next to main.mjs).
 */
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'server/main.ts', 'sheet-worker': 'server/modules/products/sheet-worker.ts', 'report-worker': 'server/modules/reports/report-worker.ts' },
  outdir: 'build/server',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
