/**
 * How pushes share the event loop and the one SQLite writer (better-sqlite3 is synchronous: while a
 * transaction runs, nothing else in the process answers). Invariants:
 * - One loop turn writes one chunk: about CHUNK_BUDGET_MS of work (one step at least) in ONE
 *   transaction, then yields, so /health and other requests wait at most one chunk. The budget counts
 *   the process's CPU time, not the clock: on a busy machine the OS takes the CPU away mid-chunk, and
 *   a clock budget would then commit every few sales, costing more CPU just when there is least of it.
 *   CHUNK_MAX_WALL_MS still ends a chunk that the clock says has held the loop too long.
 * - A chunk takes the queued pushes in arrival order (FIFO) and goes on to the next push while its
 *   budget lasts: fifty 20-sale pushes share a few commits instead of fifty or more, and a push waits
 *   only for the work queued before it.
 * - Each push's part of a chunk runs in its own savepoint: a push that fails unexpectedly rolls back
 *   alone (its request fails and the device retries); a push resolves only after the commit that holds
 *   its last step, and if a commit fails every push it touched fails.
 * - The budget trades commits for latency: each commit writes the pages it touched to the WAL again
 *   (products, counter, rollups, indexes), so tiny chunks cost more than their sales (measured, issue
 *   #17: one sale per commit ≈ 2.3× the CPU of 200 per commit).
 */
import type Database from 'better-sqlite3';
import { inTransaction } from '../../db/transaction';

/** CPU time per transaction between two yields to the event loop. */
export const CHUNK_BUDGET_MS = 8;
/** Clock time after which a chunk ends whatever its CPU time (a busy machine). */
export const CHUNK_MAX_WALL_MS = 30;

/** Milliseconds of CPU this process has used. */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

interface Deadline {
  cpu: number;
  wall: number;
}
const passed = (d: Deadline) => cpuMs() >= d.cpu || performance.now() >= d.wall;

export interface ChunkedWork {
  /** How many steps (sales) there are. */
  count: number;
  /** At the start of this work's part of each chunk; `first` is true for its first part. */
  begin: (first: boolean) => void;
  /** Step `i`, inside the chunk's transaction. */
  step: (i: number) => void;
  /** At the end of this work's part of each chunk. */
  end: () => void;
}

interface Job {
  sqlite: Database.Database;
  work: ChunkedWork;
  done: number;
  started: boolean;
  resolve: () => void;
  reject: (error: unknown) => void;
}

let queue: Job[] = [];
let scheduled = false;

function schedule(): void {
  if (scheduled || queue.length === 0) return;
  scheduled = true;
  setImmediate(turn);
}

/** This job's part of the chunk: steps until it is done or the deadline passes. */
function slice(job: Job, deadline: Deadline): void {
  job.work.begin(!job.started);
  job.started = true;
  while (job.done < job.work.count) {
    job.work.step(job.done);
    job.done++;
    if (passed(deadline)) break;
  }
  job.work.end();
}

/** One chunk: the jobs of the first job's connection, in order, while the budget lasts. */
function turn(): void {
  scheduled = false;
  const deadline = { cpu: cpuMs() + CHUNK_BUDGET_MS, wall: performance.now() + CHUNK_MAX_WALL_MS };
  const { sqlite } = queue[0];
  const touched: Job[] = [];
  const failed = new Map<Job, unknown>();
  try {
    inTransaction(sqlite, () => {
      for (const job of queue) {
        if (job.sqlite !== sqlite) continue;
        touched.push(job);
        try {
          inTransaction(sqlite, () => slice(job, deadline));
        } catch (error) {
          failed.set(job, error);
        }
        if (passed(deadline)) break;
      }
    });
  } catch (error) {
    for (const job of touched) failed.set(job, error);
  }
  const finished = touched.filter((job) => !failed.has(job) && job.done >= job.work.count);
  queue = queue.filter((job) => !failed.has(job) && !finished.includes(job));
  for (const [job, error] of failed) job.reject(error);
  for (const job of finished) job.resolve();
  schedule();
}

/** Runs `work` in chunks shared with the other queued pushes (see the header); resolves once its last step is committed. */
export function inChunks(sqlite: Database.Database, work: ChunkedWork): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    queue.push({ sqlite, work, done: 0, started: false, resolve, reject });
    schedule();
  });
}
