/**
 * Retry delays of the sync engine (docs/sync.md rule 4): 1 s doubling per consecutive failure, capped
 * at 60 s, with "equal jitter" (a random point in the upper half of the window), so a shop's tablets
 * coming back online together do not all hit the server in the same instant.
 */
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 60_000;

/** Delay before retry number `failures` (1 for the first retry). */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  const window = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(window / 2 + (random() * window) / 2);
}
