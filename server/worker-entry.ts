/**
 * How the server starts a worker thread whose code is one of its own TypeScript modules (the spreadsheet
 * reader, the reports' reader): from the bundle, the entry built next to main.mjs (scripts/build-server.ts);
 * from the sources (tests, dev), the .ts file loaded through tsx. The thread starts from a small plain-JS
 * source that loads the entry, whose listener then answers the queued messages.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
(async () => {
  if (workerData.tsx) (await import(workerData.tsx)).register();
  await import(workerData.entry);
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
`;

/**
 * A worker running `name` (e.g. 'sheet-worker'), which lives next to the caller: `callerUrl` is the
 * caller's import.meta.url (main.mjs in the bundle, the caller's .ts file from the sources). `data` is
 * the entry's workerData beside what this module adds.
 */
export function startEntryWorker(callerUrl: string, name: string, options: Omit<WorkerOptions, 'eval' | 'workerData'> = {}, data: Record<string, unknown> = {}): Worker {
  return new Worker(WORKER_SOURCE, { ...options, eval: true, workerData: { ...data, ...entryOf(callerUrl, name) } });
}

function entryOf(callerUrl: string, name: string): { entry: string; tsx?: string } {
  if (callerUrl.endsWith('.mjs')) return { entry: new URL(`./${name}.mjs`, callerUrl).href };
  // tsx's ESM API (its CommonJS twin cannot register from a worker), next to the file require resolves.
  const api = path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/esm/api')), 'index.mjs');
  return { entry: new URL(`./${name}.ts`, callerUrl).href, tsx: pathToFileURL(api).href };
}
