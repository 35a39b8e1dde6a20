/** When to call ARCA again after the n-th failed attempt: exponential from `baseMs`, capped at 30 min, ±20 % jitter. */
const MAX_BACKOFF_MS = 30 * 60_000;

export function nextAttemptAt(baseMs: number, attempts: number): string {
  const exp = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
  return new Date(Date.now() + exp * (0.8 + Math.random() * 0.4)).toISOString();
}
