/**
 * Spreadsheets are read off the event loop (issue #30 item 6): exceljs took 7.8 s of the loop for a
 * 229 KB sheet, and meanwhile no sale, sync or health check was answered. readSheetOffThread runs
 * readSheet (zip guard, exceljs, CSV) in a worker thread (./sheet-worker.ts) and hands back its rows.
 * Invariants:
 * - One worker per read, one read at a time (the next waits): an import is rare, and a worker that ends
 *   gives its memory back; its heap is capped (WORKER_HEAP_MB), so a sheet that needs more is refused.
 * - The worker's entry is build/server/sheet-worker.mjs next to the bundle (scripts/build-server.ts), or
 *   sheet-worker.ts loaded through tsx from the sources (tests, dev) — the same code either way
 *   (server/worker-entry.ts).
 * - A refusal comes back as the same AppError (status and Spanish message) readSheet would have thrown.
 */
import { MSG } from '../../../domain/messages';
import { AppError, badRequest } from '../../http/errors';
import { startEntryWorker } from '../../worker-entry';
import type { SheetCell } from './sheet-reader';
import type { SheetReply } from './sheet-worker';

/** Heap of one read: far above a 5,000-row sheet's needs, far below what would hurt the server. */
export const WORKER_HEAP_MB = 768;

function readInWorker(bytes: Buffer): Promise<SheetCell[][]> {
  return new Promise((resolve, reject) => {
    const worker = startEntryWorker(import.meta.url, 'sheet-worker', { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
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
