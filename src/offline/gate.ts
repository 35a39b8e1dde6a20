/**
 * The one retry gate of the sync engine (issue #17 item 1), persisted in Dexie meta so every trigger
 * (timer, focus, online, a recorded sale, the service worker's Background Sync wake-up) of every tab
 * of this device goes through the same backoff.
 * Invariants:
 *  - read and written only while holding the sync Web Lock, so two tabs never both spend one expiry;
 *  - a failed attempt moves `nextAt` forward by backoffDelay(failures); a successful one clears it;
 *  - a `nextAt` further away than the backoff cap means the clock went back (a tablet whose date was
 *    fixed): the gate counts as open, so a clock change can never stall the outbox;
 *  - `okAt` is when the last cycle succeeded: a trigger older than it, with nothing pending, needs no
 *    request (another tab just synced).
 */
import { BACKOFF_CAP_MS, backoffDelay } from './backoff';
import { getMeta, setMeta } from './db';

export interface SyncGate {
  failures: number;
  /** ms epoch before which automatic triggers do not reach the network. */
  nextAt: number;
  /** ms epoch of the last successful cycle. */
  okAt: number;
}

const OPEN: SyncGate = { failures: 0, nextAt: 0, okAt: 0 };

export async function readGate(): Promise<SyncGate> {
  return (await getMeta('syncGate')) ?? OPEN;
}

/** Whether automatic triggers must wait at `now`. */
export const gateClosed = (gate: SyncGate, now: number): boolean => now < gate.nextAt && gate.nextAt - now <= BACKOFF_CAP_MS;

/** Records a failed attempt; returns the new gate. */
export async function gateFailed(gate: SyncGate, now: number, random: () => number): Promise<SyncGate> {
  const failures = gate.failures + 1;
  const next = { ...gate, failures, nextAt: now + backoffDelay(failures, random) };
  await setMeta('syncGate', next);
  return next;
}

/** Records a settled attempt (success, or nothing to retry); returns the new gate. */
export async function gateSettled(gate: SyncGate, now: number, ok: boolean): Promise<SyncGate> {
  const next = { failures: 0, nextAt: 0, okAt: ok ? now : gate.okAt };
  await setMeta('syncGate', next);
  return next;
}
