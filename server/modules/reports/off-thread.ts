/**
 * Reports off the event loop on SQLite (issue #39 item 5): better-sqlite3 is synchronous, so a year's
 * report read on the server's own connections held every sale push and /api/health for seconds. Here a
 * worker thread (./report-worker.ts) with its own read-only connection reads the figures and posts them back.
 * Invariants:
 * - The same repository code (./repository.ts reportFigures) as on PostgreSQL, in one read transaction:
 *   the figures are the same as a snapshot read on the loop would give.
 * - One thread per server, started on the first report and kept (a report is run again and again); it
 *   reads one report at a time. If it dies, the waiting reports fail with a 500 and the next one starts
 *   a new thread. close() ends it (the server's onClose).
 */
import type { Worker } from 'node:worker_threads';
import { startEntryWorker } from '../../worker-entry';
import type { ReportFigures } from './repository';
import type { ReportReply, ReportRequest } from './report-worker';

export interface ReportReader {
  figures(start: string, end: string, modifier: string): Promise<ReportFigures>;
  close(): Promise<void>;
}

export function reportReader(file: string): ReportReader {
  let worker: Worker | undefined;
  let nextId = 1;
  const waiting = new Map<number, { resolve: (figures: ReportFigures) => void; reject: (error: Error) => void }>();
  const failAll = (error: Error) => {
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
  };

  function thread(): Worker {
    if (worker) return worker;
    const started = startEntryWorker(import.meta.url, 'report-worker', {}, { file });
    // The server's own handles keep the process alive; an idle reader never does.
    started.unref();
    started.on('message', (reply: ReportReply) => {
      const pending = waiting.get(reply.id);
      waiting.delete(reply.id);
      if (!pending) return;
      if (reply.ok) pending.resolve(reply.figures);
      else pending.reject(new Error(reply.message));
    });
    started.on('error', (error) => failAll(error));
    started.on('exit', (code) => {
      if (worker === started) worker = undefined;
      failAll(new Error(`El lector de reportes terminó sin responder (código ${code})`));
    });
    worker = started;
    return started;
  }

  return {
    figures(start, end, modifier) {
      const id = nextId++;
      return new Promise<ReportFigures>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        thread().postMessage({ id, start, end, modifier } satisfies ReportRequest);
      });
    },
    async close() {
      const running = worker;
      worker = undefined;
      if (running) await running.terminate();
    },
  };
}
