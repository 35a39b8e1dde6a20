/**
 * WAL checkpoints off the event loop (issue #17 items 5 and 6). SQLite runs a checkpoint (copying the
 * WAL's pages into the database file, with an fsync before and after) inside the COMMIT that crosses
 * `wal_autocheckpoint` pages, on the committing thread: on the server that is the event loop, so every
 * few hundred sales one commit held /health and every other request for the whole copy, and a smaller
 * WAL meant more copies of the same hot pages (counter, rollups, indexes).
 * Here a worker thread with its own connection to the file runs PASSIVE checkpoints a moment after
 * commits: they never take the writer's lock nor wait for readers, and run on another core.
 * Invariants:
 * - The writer's own automatic checkpoint stays on, at FALLBACK_PAGES: if the worker falls behind or
 *   dies, the WAL still stops growing (back to the old behaviour, on the loop).
 * - The worker's connection runs synchronous=NORMAL like the writer: a checkpoint fsyncs the WAL before
 *   copying and the database after, so frames moved out of the WAL stay durable (sales/durability.ts).
 * - stop() ends the worker before the store closes the writer (and folds the WAL with TRUNCATE).
 */
import type Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** The writer's own automatic checkpoint, kept as a fallback (pages of the WAL, ≈ 40 MB at 4 KB). */
export const FALLBACK_PAGES = 10_000;
/** How long after a commit the worker checkpoints (commits in between share it). */
export const CHECKPOINT_DELAY_MS = 100;

/** What one `PRAGMA wal_checkpoint(PASSIVE)` answered. */
export interface CheckpointResult {
  /** 1 when another checkpoint held the file (nothing was done). */
  busy: number;
  /** Frames in the WAL. */
  log: number;
  /** Frames of the WAL now in the database file. */
  checkpointed: number;
}

export interface Checkpointer {
  /** A commit happened: checkpoint soon (once per CHECKPOINT_DELAY_MS at most). */
  noteCommit(): void;
  /** Runs a checkpoint now and resolves with its result (tests; null once stopped). */
  checkpointNow(): Promise<CheckpointResult | null>;
  stop(): Promise<void>;
}

// Plain CommonJS run by the worker (the server is bundled, the tests run TypeScript: a file entry
// would need a build step of its own). The driver's path comes from the main thread.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
db.pragma('synchronous = NORMAL');
parentPort.on('message', (message) => {
  if (message === 'stop') {
    db.close();
    process.exit(0); // ends this thread only
  }
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ ok: true, result });
  } catch (error) {
    parentPort.postMessage({ ok: false, error: String(error && error.message || error) });
  }
});
`;

export function startCheckpointer(writer: Database.Database): Checkpointer {
  writer.pragma(`wal_autocheckpoint = ${FALLBACK_PAGES}`);
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file: writer.name } });
  // The server's own handles keep the process alive; an idle worker never does.
  worker.unref();
  let alive = true;
  const waiting: ((result: CheckpointResult | null) => void)[] = [];
  // Once the worker is gone, nothing waits on it any more.
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      alive = false;
      waiting.splice(0).forEach((answer) => answer(null));
      resolve();
    }),
  );
  // A worker that fails to start or throws leaves the writer's own checkpoints (FALLBACK_PAGES) in charge.
  worker.on('error', () => (alive = false));
  worker.on('message', (reply: { ok: boolean; result?: CheckpointResult }) => waiting.shift()?.(reply.ok ? reply.result! : null));

  const checkpointNow = (): Promise<CheckpointResult | null> => {
    if (!alive) return Promise.resolve(null);
    return new Promise((resolve) => {
      waiting.push(resolve);
      worker.postMessage('checkpoint');
    });
  };

  let timer: NodeJS.Timeout | undefined;
  return {
    noteCommit() {
      if (timer || !alive) return;
      timer = setTimeout(() => {
        timer = undefined;
        void checkpointNow();
      }, CHECKPOINT_DELAY_MS);
      timer.unref();
    },
    checkpointNow,
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      if (!alive) return;
      // Held while it ends: nothing else may keep a closing process alive until then.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
