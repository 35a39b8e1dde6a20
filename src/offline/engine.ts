/**
 * The sync engine (design.md §4 rules 4–6, 9, 10). No React, no globals but the Web Lock.
 * A cycle: probe GET /health → take the Web Lock 'mostrador-sync' → make sure the device holds its
 * credential (registering it needs a signed-in user) → put entries stuck in `syncing` back to pending →
 * push the outbox in batches of ≤ 200 sales and ≤ LIMITS.syncPushMaxLines lines → pull catalogue pages
 * → record lastSyncAt. Push and pull present the device credential; the session is optional, so a
 * device whose session expired (a long offline period) still delivers what it captured.
 * Invariants:
 *  - only the lock holder takes entries, so one tab uploads at a time; an entry becomes synced or
 *    rejected only from the server's result for it; anything unconfirmed goes back to pending;
 *  - network errors, 5xx and whole-batch refusals retry with backoff (1 s doubling, cap 60 s, jitter);
 *    a 401 (the server refused the device credential) forgets the key and keeps every sale pending: with
 *    a session the device registers again at the next attempt, without one it reports `authRequired` (sign in online);
 *  - triggers coalesce: one cycle at a time per tab; a trigger during a cycle runs one more after it.
 */
import { LIMITS } from '../../domain/constants';
import { SYNC_SCHEMA_VERSION, type DeviceRegistration, type PushBody, type PullReply, type PushReply } from '../../domain/schemas/sync';
import type { ApiResult } from '../api/client';
import { backoffDelay } from './backoff';
import { applyPullPage, pullCursor, recomputeStock } from './catalog';
import { setMeta, type OutboxEntry } from './db';
import { deviceName, forgetDeviceKey, getDeviceCredential, raiseDeviceSeq, registerDevice, type DeviceCredential } from './device';
import { applyResults, countUnsynced, pruneSynced, releaseBatch, resetStuck, takeBatch, toPushedSale } from './outbox';

export const SYNC_LOCK = 'mostrador-sync';

export interface PullParams {
  since: number;
}

export interface SyncTransport {
  /** True when GET /health answered (the server is reachable). */
  health(): Promise<boolean>;
  /** POST /sync/devices/register as the signed-in user. */
  register(deviceId: string, deviceName: string): Promise<ApiResult<DeviceRegistration>>;
  push(body: PushBody, device: DeviceCredential): Promise<ApiResult<PushReply>>;
  pull(params: PullParams, device: DeviceCredential): Promise<ApiResult<PullReply>>;
}

export type CycleOutcome = 'ok' | 'offline' | 'retry' | 'auth' | 'no-session';

export interface SyncStatus {
  /** Last probe result; null before the first probe. */
  online: boolean | null;
  running: boolean;
  /** The server refused the session: sales stay pending until someone signs in again online. */
  authRequired: boolean;
  lastError: string | null;
  /** When the next automatic retry runs (ms epoch), if one is scheduled. */
  retryAt: number | null;
}

export type SyncEvent =
  | { type: 'status'; status: SyncStatus }
  | { type: 'synced'; entries: OutboxEntry[] }
  | { type: 'rejected'; entries: OutboxEntry[] }
  | { type: 'catalog' };

export interface EngineOptions {
  transport: SyncTransport;
  hasSession: () => boolean;
  /** Runs `fn` holding the cross-tab sync lock (default: navigator.locks). */
  withLock?: <T>(fn: () => Promise<T>) => Promise<T>;
  random?: () => number;
  /** Called when sales are left waiting for the network (the app registers Background Sync). */
  onWaiting?: () => void;
}

export interface SyncEngine {
  /** Runs a cycle now (or one more after the current one). */
  requestSync(): Promise<CycleOutcome>;
  /** Timer trigger: does nothing while a backoff retry is scheduled. */
  tick(): void;
  /** `offline` event hint: shown at once; only a probe says we are online again. */
  markOffline(): void;
  getStatus(): SyncStatus;
  subscribe(listener: (event: SyncEvent) => void): () => void;
  stop(): void;
}

function webLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request(SYNC_LOCK, fn) as Promise<T>) : fn();
}

export function createSyncEngine(options: EngineOptions): SyncEngine {
  const { transport, hasSession } = options;
  const withLock = options.withLock ?? webLock;
  const random = options.random ?? Math.random;
  const listeners = new Set<(event: SyncEvent) => void>();
  let status: SyncStatus = { online: null, running: false, authRequired: false, lastError: null, retryAt: null };
  let inFlight: Promise<CycleOutcome> | null = null;
  let again = false;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  const emit = (event: SyncEvent) => listeners.forEach((listener) => listener(event));
  const setStatus = (patch: Partial<SyncStatus>) => {
    status = { ...status, ...patch };
    emit({ type: 'status', status });
  };

  /** The server refused the credential: forget it; with a session the next (backoff) cycle registers again. */
  async function refused(): Promise<CycleOutcome> {
    await forgetDeviceKey();
    return hasSession() ? 'retry' : 'auth';
  }

  async function credential(): Promise<DeviceCredential | CycleOutcome> {
    const stored = await getDeviceCredential();
    if (stored) return stored;
    if (!hasSession()) return 'no-session';
    const registered = await registerDevice(transport.register);
    if (registered.success) return registered.data;
    if (registered.status === 401) return 'auth';
    setStatus({ lastError: registered.message });
    return 'retry';
  }

  async function pushAll(device: DeviceCredential, touched: Set<number>): Promise<CycleOutcome> {
    for (;;) {
      const batch = await takeBatch(LIMITS.syncPushMaxSales, LIMITS.syncPushMaxLines);
      if (!batch.length) return 'ok';
      const pendingCount = Math.max(0, (await countUnsynced()) - batch.length);
      const body: PushBody = {
        deviceId: device.deviceId,
        deviceName: deviceName(device.deviceId),
        schemaVersion: SYNC_SCHEMA_VERSION,
        pendingCount,
        sales: batch.map(toPushedSale),
      };
      const reply = await transport.push(body, device);
      if (!reply.success) {
        await releaseBatch(batch, reply.message);
        if (reply.status === 401) return refused();
        setStatus({ lastError: reply.message });
        return 'retry';
      }
      await raiseDeviceSeq(reply.data.lastSeq);
      const applied = await applyResults(batch, reply.data.results);
      for (const entry of [...applied.synced, ...applied.rejected]) entry.items.forEach((item) => touched.add(item.productId));
      if (applied.synced.length) emit({ type: 'synced', entries: applied.synced });
      if (applied.rejected.length) emit({ type: 'rejected', entries: applied.rejected });
      if (applied.unresolved) return 'retry';
    }
  }

  async function pullAll(device: DeviceCredential): Promise<CycleOutcome> {
    for (;;) {
      const since = await pullCursor();
      const reply = await transport.pull({ since }, device);
      if (!reply.success) {
        if (reply.status === 401) return refused();
        setStatus({ lastError: reply.message });
        return 'retry';
      }
      await applyPullPage(reply.data);
      if (reply.data.cursor !== since) emit({ type: 'catalog' });
      if (!reply.data.hasMore) return 'ok';
      if (reply.data.cursor <= since) return 'retry';
    }
  }

  async function cycle(): Promise<CycleOutcome> {
    if (!hasSession() && !(await getDeviceCredential())) return 'no-session';
    const reachable = await transport.health();
    setStatus({ online: reachable });
    if (!reachable) return 'offline';
    return withLock(async () => {
      const device = await credential();
      if (typeof device === 'string') return device;
      await resetStuck();
      const touched = new Set<number>();
      try {
        const pushed = await pushAll(device, touched);
        if (pushed !== 'ok') return pushed;
        const pulled = await pullAll(device);
        if (pulled !== 'ok') return pulled;
      } finally {
        await recomputeStock(touched);
      }
      await setMeta('lastSyncAt', new Date().toISOString());
      await pruneSynced();
      return 'ok';
    });
  }

  function settle(outcome: CycleOutcome): void {
    if (outcome === 'ok' || outcome === 'no-session' || outcome === 'auth') {
      failures = 0;
      const patch: Partial<SyncStatus> = { running: false, retryAt: null };
      if (outcome === 'ok') Object.assign(patch, { authRequired: false, lastError: null });
      if (outcome === 'auth') patch.authRequired = true;
      setStatus(patch);
      return;
    }
    failures += 1;
    const delay = backoffDelay(failures, random);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void requestSync();
    }, delay);
    setStatus({ running: false, retryAt: Date.now() + delay });
    void countUnsynced().then((count) => count > 0 && options.onWaiting?.());
  }

  function requestSync(): Promise<CycleOutcome> {
    if (inFlight) {
      again = true;
      return inFlight;
    }
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    inFlight = (async () => {
      setStatus({ running: true, retryAt: null });
      let outcome: CycleOutcome;
      do {
        again = false;
        outcome = await cycle().catch((error: unknown) => {
          setStatus({ lastError: error instanceof Error ? error.message : String(error) });
          return 'retry' as const;
        });
      } while (again);
      settle(outcome);
      return outcome;
    })().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  return {
    requestSync,
    tick: () => {
      if (!retryTimer) void requestSync();
    },
    markOffline: () => setStatus({ online: false }),
    getStatus: () => status,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop: () => {
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      listeners.clear();
    },
  };
}
