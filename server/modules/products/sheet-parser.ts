/**
 * Spreadsheets are read off the event loop (issue #30 item 6): exceljs took 7.8 s of the loop for a
 * 229 KB sheet, and meanwhile no sale, sync or health check was answered. readSheetOffThread runs
 * readSheet (zip guard, exceljs, CSV) in a worker thread (./sheet-worker.ts) and hands back its rows.
 * Invariants:
 * - One read at a time (the next waits). A worker stays WORKER_IDLE_MS after a read for the next one (a
 *   preview and its apply read the same file seconds apart; starting one costs about a second of CPU),
 *   unreferenced so it never holds the process open, then ends and gives its memory back. A worker that
 *   failed (out of memory, crashed, an unexpected error) is never reused. Its heap is capped
 *   (WORKER_HEAP_MB), so a sheet that needs more is refused.
 * - The worker's entry is build/server/sheet-worker.mjs next to the bundle (scripts/build-server.ts), or
 *   sheet-worker.ts loaded through tsx from the sources (tests, dev) — the same code either way
 *   (server/worker-entry.ts).
 * - A refusal comes back as the same AppError (status and Spanish message) readSheet would have thrown.
 */
import { MSG } from '../../../domain/messages';
import { AppError, badRequest } from '../../http/errors';
import type { Worker } from 'node:worker_threads';
import { startEntryWorker } from '../../worker-entry';
import type { SheetCell } from './sheet-reader';
import type { SheetReply } from './sheet-worker';

/** Heap of one read: far above a 5,000-row sheet's needs, far below what would hurt the server. */
export const WORKER_HEAP_MB = 768;

/** How long a worker waits for the next read before it ends. */
export const WORKER_IDLE_MS = 15_000;

let idle: { worker: Worker; timer: NodeJS.Timeout } | null = null;

function takeWorker(): Worker {
  if (idle) {
    clearTimeout(idle.timer);
    const { worker } = idle;
    idle = null;
    worker.ref();
    return worker;
  }
  return startEntryWorker(import.meta.url, 'sheet-worker', { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
}

function keepIdle(worker: Worker): void {
  worker.unref();
  const timer = setTimeout(() => {
    if (idle?.worker === worker) idle = null;
    void worker.terminate();
  }, WORKER_IDLE_MS);
  timer.unref();
  idle = { worker, timer };
}

function readInWorker(bytes: Buffer): Promise<SheetCell[][]> {
  return new Promise((resolve, reject) => {
    const worker = takeWorker();
    let settled = false;
    const settle = (outcome: () => void, reusable: boolean) => {
      if (settled) return;
      settled = true;
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (reusable) keepIdle(worker);
      else void worker.terminate();
      outcome();
    };
    const onMessage = (reply: SheetReply) =>
      settle(() => (reply.ok ? resolve(reply.rows) : reject(reply.status === 500 ? new Error(reply.message) : new AppError(reply.status, reply.message))), reply.ok || reply.status !== 500);
    const onError = (error: Error & { code?: string }) =>
      settle(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? badRequest(MSG.importNotSheet) : error), false);
    const onExit = (code: number) => settle(() => reject(new Error(`El lector de planillas terminó sin responder (código ${code})`)), false);
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
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
