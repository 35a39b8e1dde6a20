/**
 * Spreadsheets are read off the event loop (issue #30 item 6): exceljs took 7.8 s of the loop for a
 * 229 KB sheet, and meanwhile no sale, sync or health check was answered. readSheetOffThread runs
 * readSheet (zip guard, exceljs, CSV) in a worker thread (./sheet-worker.ts) and hands back its rows.
 * Invariants:
 * - One worker per read, one read at a time (the next waits): an import is rare, and a worker that ends
 *   gives its memory back; its heap is capped (WORKER_HEAP_MB), so a sheet that needs more is refused.
 * - The worker's entry is build/server/sheet-worker.mjs next to the bundle (scripts/build-server.ts), or
 *   sheet-worker.ts loaded through tsx from the sources (tests, dev) — the same code either way. Like the
 *   checkpointer (server/db/checkpointer.ts), the thread starts from a small plain-JS source.
 * - A refusal comes back as the same AppError (status and Spanish message) readSheet would have thrown.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { MSG } from '../../../domain/messages';
import { AppError, badRequest } from '../../http/errors';
import type { SheetCell } from './sheet-reader';
import type { SheetReply } from './sheet-worker';

/** Heap of one read: far above a 5,000-row sheet's needs, far below what would hurt the server. */
export const WORKER_HEAP_MB = 768;

// Loads the entry (through tsx when it is TypeScript), whose listener then answers the queued message.
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

/** The worker's entry and, from the sources, tsx's loader to run it. */
function workerEntry(): { entry: string; tsx?: string } {
  if (import.meta.url.endsWith('.mjs')) return { entry: new URL('./sheet-worker.mjs', import.meta.url).href };
  // tsx's ESM API (its CommonJS twin cannot register from a worker), next to the file require resolves.
  const api = path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/esm/api')), 'index.mjs');
  return { entry: new URL('./sheet-worker.ts', import.meta.url).href, tsx: pathToFileURL(api).href };
}

function readInWorker(bytes: Buffer): Promise<SheetCell[][]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: workerEntry(), resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
      void worker.terminate();
    };
    worker.once('message', (reply: SheetReply) =>
      settle(() => (reply.ok ? resolve(reply.rows) : reject(reply.status === 500 ? new Error(reply.message) : new AppError(reply.status, reply.message)))),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? badRequest(MSG.importNotSheet) : error)),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`El lector de planillas terminó sin responder (código ${code})`))));
    const copy = new Uint8Array(bytes);
    worker.postMessage(copy, [copy.buffer]);
  });
}

let queue: Promise<unknown> = Promise.resolve();

/** readSheet in a worker thread, one read at a time. */
export function readSheetOffThread(bytes: Buffer): Promise<SheetCell[][]> {
  const read = queue.then(() => readInWorker(bytes));
  queue = read.catch(() => undefined);
  return read;
}
