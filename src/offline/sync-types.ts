/** The sync engine's outcomes, status and events, and what a delivery step (push-sales.ts, push-cash.ts) gets from a cycle. */
import type { OutboxEntry } from './db';
import type { DeviceCredential, Failure, SyncTransport } from './transport';

/**
 * `deferred`: an automatic trigger found the gate closed (a retry is already scheduled) and sent nothing.
 * `not-counter`: this browser was never used as a counter and has nothing to send: it does not register.
 */
export type CycleOutcome = 'ok' | 'offline' | 'retry' | 'auth' | 'no-session' | 'deferred' | 'not-counter';

export interface SyncStatus {
  /** Whether the last request reached the server; null before the first one. */
  online: boolean | null;
  running: boolean;
  /** The server refused the session: sales stay pending until someone signs in again online. */
  authRequired: boolean;
  lastError: string | null;
  /** When the next automatic retry runs (ms epoch), if one is scheduled. */
  retryAt: number | null;
  /**
   * The device's catalogue is known to be incomplete: a pull page said more follows (or the catalogue was
   * never pulled) and the last page is not in yet; the bar never says "Todo sincronizado" meanwhile.
   */
  catalogBehind: boolean;
}

export type SyncEvent =
  | { type: 'status'; status: SyncStatus }
  | { type: 'synced'; entries: OutboxEntry[] }
  | { type: 'rejected'; entries: OutboxEntry[] }
  | { type: 'catalog' };

/** One cycle's device and transport, and how a delivery step reports back to the engine. */
export interface Delivery {
  transport: SyncTransport;
  device: DeviceCredential;
  /** A request reached the server. */
  reached(): void;
  /** A request the server did not accept: the cycle's outcome (a 401 forgets the device key). */
  refused(reply: Failure): Promise<CycleOutcome>;
  emit(event: SyncEvent): void;
}
