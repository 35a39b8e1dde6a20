/**
 * Long loops cut into short slices (issue #17: no long task on /pos). A Slicer says when the current
 * slice has used its few milliseconds; the loop then awaits `pause()`, which lets the page paint and
 * handle input before the next slice. The sort and merge here are plain merge sorts (stable) whose
 * inner loops check the slicer, so sorting 50,000 products never holds the main thread for long.
 */

/** Milliseconds of work per slice: well under the 50 ms that makes a task "long", even at 4× throttling. */
const SLICE_MS = 8;
/** Elements handled between two looks at the clock. */
const CHECK_EVERY = 512;
/** Runs sorted with Array.prototype.sort before merging (a few ms each). */
const RUN = 512;

interface YieldingScheduler {
  yield: () => Promise<void>;
}

/** Gives the page a turn: scheduler.yield() where it exists, else a MessageChannel message (no 4 ms timer clamp). */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

export class Slicer {
  private until: number;
  private count = 0;

  /** `sliceMs`: work per slice (tests pass 0 to make every look at the clock yield). */
  constructor(private readonly sliceMs = SLICE_MS) {
    this.until = performance.now() + sliceMs;
  }

  /** True when this slice is used up; `done` elements were handled since the last call (the clock is read every CHECK_EVERY). */
  due(done = 1): boolean {
    this.count += done;
    if (this.count < CHECK_EVERY) return false;
    this.count = 0;
    return performance.now() >= this.until;
  }

  /** Yields to the page and starts a new slice. */
  async pause(): Promise<void> {
    await yieldToMain();
    this.count = 0;
    this.until = performance.now() + this.sliceMs;
  }
}

type Compare<T> = (a: T, b: T) => number;

/** Merges a[aFrom, aTo) and b[bFrom, bTo) (both sorted) into out from `at`. */
async function mergeInto<T>(out: T[], at: number, a: T[], aFrom: number, aTo: number, b: T[], bFrom: number, bTo: number, compare: Compare<T>, slicer: Slicer): Promise<void> {
  let i = aFrom;
  let j = bFrom;
  let k = at;
  while (i < aTo || j < bTo) {
    out[k++] = j >= bTo || (i < aTo && compare(a[i], b[j]) <= 0) ? a[i++] : b[j++];
    if (slicer.due()) await slicer.pause();
  }
}

/** A sorted copy of `items` (stable), built in slices. */
export async function sortInSlices<T>(items: readonly T[], compare: Compare<T>, slicer: Slicer): Promise<T[]> {
  const n = items.length;
  let source: T[] = new Array<T>(n);
  for (let lo = 0; lo < n; lo += RUN) {
    const run = items.slice(lo, lo + RUN).sort(compare);
    for (let i = 0; i < run.length; i += 1) source[lo + i] = run[i];
    if (slicer.due(RUN)) await slicer.pause();
  }
  let target: T[] = new Array<T>(n);
  for (let width = RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      await mergeInto(target, lo, source, lo, mid, source, mid, hi, compare, slicer);
    }
    [source, target] = [target, source];
  }
  return source;
}

/** `a` and `b` (each sorted) merged into one sorted array, in slices. */
export async function mergeInSlices<T>(a: readonly T[], b: readonly T[], compare: Compare<T>, slicer: Slicer): Promise<T[]> {
  const out = new Array<T>(a.length + b.length);
  await mergeInto(out, 0, a as T[], 0, a.length, b as T[], 0, b.length, compare, slicer);
  return out;
}
