/**
 * Counts failed attempts per key in a sliding window (in memory: one process serves the shop).
 * Only failures count, so a busy counter signing in and out all day is never slowed; a key with
 * `max` failures inside the window is blocked until the oldest of them leaves it. Keys with no recent
 * failure are dropped, so the map holds at most the keys that failed within one window.
 */
export class FailureLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  /** True when `key` has at least `max` failures inside the window. */
  blocked(key: string, max: number): boolean {
    return this.recent(key).length >= max;
  }

  fail(key: string): void {
    this.failures.set(key, [...this.recent(key), this.now()]);
    if (this.failures.size > 10_000) this.prune();
  }

  clear(key: string): void {
    this.failures.delete(key);
  }

  private prune(): void {
    for (const key of [...this.failures.keys()]) this.recent(key);
  }
}
