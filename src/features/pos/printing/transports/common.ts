/**
 * What the tablet's direct transports (WebUSB, Web Serial) share: the error that carries the cashier's Spanish
 * reason, chunking, a deadline, and one queue. Invariant: jobs run one after another on this tablet, in the
 * order they were asked for (a ticket and a drawer pulse never interleave their bytes or fight over the port).
 */

/** A job that did not print; `message` is the reason shown to the cashier (Spanish). */
export class PrintError extends Error {
  override name = 'PrintError';
}

/** The bytes in pieces of at most `size` (views, no copies); nothing for no bytes. */
export function* chunks(bytes: Uint8Array, size: number): Generator<Uint8Array> {
  if (!Number.isInteger(size) || size <= 0) throw new RangeError(`chunk size ${size}`);
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, Math.min(at + size, bytes.length));
}

/** A DOMException's name (WebUSB and Web Serial report their failures so), or '' for anything else. */
export const errorName = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string' ? error.name : '';

/** `work`, or a PrintError with `message` when it takes longer than `ms`. */
export function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PrintError(message)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Waits for a release or close at most `ms` (a device that never answers must not hold the queue), ignoring its failure. */
export const settle = (step: Promise<unknown>, ms = 2_000): Promise<void> =>
  withTimeout(step, ms, '').then(
    () => undefined,
    () => undefined,
  );

let queue: Promise<unknown> = Promise.resolve();
/** Runs `job` after every job asked for before it has finished (however it ended). */
export function serialise<T>(job: () => Promise<T>): Promise<T> {
  const run = queue.then(job, job);
  queue = run.catch(() => undefined);
  return run;
}
