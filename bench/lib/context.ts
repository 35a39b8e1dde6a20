/**
 * What every scenario gets: the sizes of this run (full or --quick), the --profile switch, and shared
 * resources created once per run on first use (generated databases, the signed-in POS browser), closed
 * by run.ts at the end whatever happens.
 */
export interface Sizes {
  products: number;
  ingestSales: number;
  summarySales: number;
  loadSeconds: number;
  connections: number;
  summaryCalls: number;
  coldStarts: number;
  searches: number;
  confirms: number;
  drainSales: number;
  /** Batches each of the 50 devices pushes in push-concurrency. */
  pushRounds: number;
}

export const FULL: Sizes = {
  products: 50_000,
  ingestSales: 10_000,
  summarySales: 500_000,
  loadSeconds: 10,
  connections: 50,
  summaryCalls: 20,
  coldStarts: 5,
  searches: 50,
  confirms: 50,
  drainSales: 5_000,
  pushRounds: 10,
};

export const QUICK: Sizes = {
  products: 5_000,
  ingestSales: 1_000,
  summarySales: 20_000,
  loadSeconds: 2,
  connections: 50,
  summaryCalls: 5,
  coldStarts: 1,
  searches: 10,
  confirms: 5,
  drainSales: 500,
  pushRounds: 3,
};

export class BenchContext {
  private shared = new Map<string, Promise<unknown>>();
  private closers: (() => Promise<void>)[] = [];

  constructor(
    readonly sizes: Sizes,
    readonly quick: boolean,
    readonly profile: boolean,
  ) {}

  /** The value `create` makes, created once per run and shared by the scenarios that ask for `key`. */
  once<T>(key: string, create: () => Promise<T>): Promise<T> {
    if (!this.shared.has(key)) this.shared.set(key, create());
    return this.shared.get(key) as Promise<T>;
  }

  /** Registers a cleanup run at the end of the run (last registered, first run). */
  onClose(close: () => Promise<void>): void {
    this.closers.unshift(close);
  }

  async close(): Promise<void> {
    for (const close of this.closers) await close().catch((error) => console.error(error));
    this.closers = [];
  }
}

/** Thrown by a scenario that cannot measure on this machine (e.g. no PostgreSQL): reported as «no medido», not as a failure. */
export class NotMeasured extends Error {}

export interface Scenario {
  /** Name for --only and the results.json keys it writes. */
  name: string;
  description: string;
  run(ctx: BenchContext): Promise<import('./results').Measurement[]>;
}
