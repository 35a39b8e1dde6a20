/**
 * How pushes share the event loop and the one writer (SQLite: one writer connection, and a write unit
 * never yields to the loop; while it runs, nothing else in the process answers). Invariants:
 * - One loop turn writes one chunk: about CHUNK_BUDGET_MS of work (one step at least) in ONE write
 *   unit (store.write), then yields, so /health and other requests wait at most one chunk. One chunk
 *   runs at a time; the unit itself never yields (no timer inside it), the next chunk starts on the next turn. The budget counts
 *   the process's CPU time, not the clock: on a busy machine the OS takes the CPU away mid-chunk, and
 *   a clock budget would then commit every few sales, costing more CPU just when there is least of it.
 *   CHUNK_MAX_WALL_MS still ends a chunk that the clock says has held the loop too long.
 * - A chunk takes the queued pushes in arrival order (FIFO) and goes on to the next push while its
 *   budget lasts: fifty 20-sale pushes share a few commits instead of fifty or more, and a push waits
 *   only for the work queued before it. Each store has its own queue (a lane): a chunk takes only the
 *   pushes of its store, and a store whose writes stall never holds up another's.
 * - Each push's part of a chunk runs in its own savepoint (savepoint(tx, …)): a push that fails unexpectedly rolls back
 *   alone (its request fails and the device retries); a push resolves only after the commit that holds
 *   its last step, and if a commit fails every push it touched fails.
 * - A unit may run again (pgStore retries one PostgreSQL aborted for a deadlock): each run starts from the
 *   jobs' state before the first, and `rewind` tells a job its part of the failed run never happened. A
 *   deadlock inside one push's savepoint is not that push's failure: it fails the unit, which runs again.
 * - The budget trades commits for latency: each commit writes the pages it touched to the WAL again
 *   (products, counter, rollups, indexes), so tiny chunks cost more than their sales (measured, issue
 *   #17: one sale per commit ≈ 2.3× the CPU of 200 per commit).
 */
import { isRetryableConflict } from '../../db/pg-store';
import { savepoint, type Q, type Store } from '../../db/store';

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
  /** At the start of this work's part of each chunk, in the chunk's unit; `first` is true for its first part. */
  begin: (tx: Q, first: boolean) => Promise<void>;
  /** Step `i`, in the chunk's unit. */
  step: (tx: Q, i: number) => Promise<void>;
  /** At the end of this work's part of each chunk, in the chunk's unit. */
  end: (tx: Q) => Promise<void>;
  /** The chunk's unit runs again: forget what its failed run did from step `from` on (they run again). */
  rewind: (from: number) => void;
}

interface Job {
  work: ChunkedWork;
  done: number;
  started: boolean;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Each store's pushes, in arrival order, and whether a chunk of them is scheduled or under way. */
interface Lane {
  queue: Job[];
  busy: boolean;
}

/** One lane per store: a store whose writes stall (a closed pool, a lost connection) never holds up another's pushes. */
const lanes = new Map<Store, Lane>();

function schedule(store: Store, lane: Lane): void {
  if (lane.busy) return;
  if (lane.queue.length === 0) {
    lanes.delete(store);
    return;
  }
  lane.busy = true;
  setImmediate(() => {
    void turn(store, lane).finally(() => {
      lane.busy = false;
      schedule(store, lane);
    });
  });
}

/** This job's part of the chunk: steps until it is done or the deadline passes. */
async function slice(tx: Q, job: Job, deadline: Deadline): Promise<void> {
  await job.work.begin(tx, !job.started);
  job.started = true;
  while (job.done < job.work.count) {
    await job.work.step(tx, job.done);
    job.done++;
    if (passed(deadline)) break;
  }
  await job.work.end(tx);
}

/** One chunk: the store's jobs, in order, while the budget lasts. Never throws. */
async function turn(store: Store, lane: Lane): Promise<void> {
  const touched: Job[] = [];
  const failed = new Map<Job, unknown>();
  const before = new Map(lane.queue.map((job) => [job, { done: job.done, started: job.started }]));
  let runs = 0;
  try {
    await store.write(async (tx) => {
      if ((runs += 1) > 1) {
        for (const job of touched) {
          Object.assign(job, before.get(job));
          job.work.rewind(job.done);
        }
        touched.length = 0;
        failed.clear();
      }
      // The budget starts with the unit (not while it waited for the writer).
      const deadline = { cpu: cpuMs() + CHUNK_BUDGET_MS, wall: performance.now() + CHUNK_MAX_WALL_MS };
      for (const job of lane.queue) {
        touched.push(job);
        try {
          await savepoint(tx, () => slice(tx, job, deadline));
        } catch (error) {
          if (isRetryableConflict(error)) throw error;
          failed.set(job, error);
        }
        if (passed(deadline)) break;
      }
    });
  } catch (error) {
    for (const job of touched) failed.set(job, error);
  }
  const finished = touched.filter((job) => !failed.has(job) && job.done >= job.work.count);
  lane.queue = lane.queue.filter((job) => !failed.has(job) && !finished.includes(job));
  for (const [job, error] of failed) job.reject(error);
  for (const job of finished) job.resolve();
}

/** Runs `work` in chunks shared with the other queued pushes (see the header); resolves once its last step is committed. */
export function inChunks(store: Store, work: ChunkedWork): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let lane = lanes.get(store);
    if (!lane) lanes.set(store, (lane = { queue: [], busy: false }));
    lane.queue.push({ work, done: 0, started: false, resolve, reject });
    schedule(store, lane);
  });
}
