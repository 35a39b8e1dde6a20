/**
 * Bundles the server (our TypeScript only; packages stay external) into `outdir`/main.mjs, with the
 * spreadsheet reader's and the reports' worker threads as their own entries next to it (sheet-worker.mjs,
 * report-worker.mjs: server/worker-entry.ts starts them from next to main.mjs). `outdir` must be inside the
 * repository: the bundle finds its packages in node_modules/ and its migrations (drizzle/, drizzle-pg/) above it.
 */
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function bundleServer(outdir: string): Promise<void> {
  await build({
    absWorkingDir: repoRoot,
    entryPoints: { main: 'server/main.ts', 'sheet-worker': 'server/modules/products/sheet-worker.ts', 'report-worker': 'server/modules/reports/report-worker.ts' },
    outdir: path.resolve(repoRoot, outdir),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}
