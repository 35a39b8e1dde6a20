/**
 * Bundles the server (our TypeScript only; packages stay external) into build/server/main.mjs so
 * `npm start` runs plain node: loading every module through tsx cost most of a cold start.
 */
import { build } from 'esbuild';

await build({
  entryPoints: ['server/main.ts'],
  outfile: 'build/server/main.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
