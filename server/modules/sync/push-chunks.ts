/**
 * How a push's sales share the event loop (better-sqlite3 is synchronous: while a transaction runs,
 * nothing else in the process answers). Invariants:
 * - A push's sales are written in chunks of about CHUNK_BUDGET_MS of work (as many sales as fit, one
 *   at least), each chunk its own transaction, so /health and other requests wait at most one chunk.
 * - Chunks of every push in the process run one at a time through one FIFO queue, one chunk per loop
 *   turn: with 50 devices pushing at once a loop turn still holds one chunk, not fifty, and pushes take
 *   turns fairly.
 * - The budget trades commits for latency: each commit writes the pages the chunk touched to the WAL
 *   again (the product, counter, rollup and index pages), so tiny chunks cost more than the sales in
 *   them (measured, issue #17: one sale per commit ≈ 2.3× the CPU of 200 per commit); 8 ms keeps a
 *   health probe well under its 50 ms target while a chunk holds tens of sales.
 */
import type Database from 'better-sqlite3';
import { inTransaction } from '../../db/transaction';

/** Work per transaction between two yields to the event loop. */
export const CHUNK_BUDGET_MS = 8;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The end of the queue of chunks (of every push in this process). */
let queueTail: Promise<unknown> = Promise.resolve();

/** Runs `chunk` after every chunk queued before it, on a later loop turn of its own. */
function inTurn<T>(chunk: () => T): Promise<T> {
  const turn = queueTail.then(yieldToEventLoop).then(chunk);
  queueTail = turn.catch(() => undefined);
  return turn;
}

export interface ChunkedWork {
  /** How many steps (sales) there are. */
  count: number;
  /** At the start of each chunk's transaction; `first` is true for the first chunk. */
  begin: (first: boolean) => void;
  /** Step `i`, inside the chunk's transaction. */
  step: (i: number) => void;
  /** At the end of each chunk's transaction. */
  end: () => void;
}

/** Runs `work` in queued chunks (see the header); resolves once the last chunk is committed. */
export async function inChunks(sqlite: Database.Database, work: ChunkedWork): Promise<void> {
  let done = 0;
  do {
    await inTurn(() => {
      const deadline = performance.now() + CHUNK_BUDGET_MS;
      inTransaction(sqlite, () => {
        work.begin(done === 0);
        while (done < work.count) {
          work.step(done++);
          if (performance.now() >= deadline) break;
        }
        work.end();
      });
    });
  } while (done < work.count);
}
