/**
 * The sync engine (docs/sync.md; issue #17). No React. Its state is per engine, shared across tabs only
 * through Dexie (the retry gate) and the Web Lock; the app builds one per tab (src/sync/instance.ts).
 * A cycle, holding the Web Lock 'mostrador-sync': pass the shared retry gate (gate.ts) → make sure the
 * device holds its credential (registering it needs a signed-in user) → put entries stuck in `syncing`
 * back to pending → push the outbox (push-sales.ts: batches of ≤ 200 sales, the device's work overlapping
 * the request in flight) → push the cash-session events (push-cash.ts, issue #16, after the sales they
 * may close over) → push the customers created at this counter (push-customers.ts, issue #33) → push the
 * payments on account («Cobro a cuenta», push-account-payments.ts, issue #33.4) → cancel the QR / Point
 * charges left while the server was away (left-charges.ts, issue #34) → pull catalogue pages unless every push reply already carried the catalogue's only
 * changes (its own sales: PushReply.catalog) → record lastSyncAt. There is no separate probe: the push
 * (or, with nothing to push, the pull) is the probe, so an online sale costs one request. Push and pull
 * present the device credential; the session is optional, so a device whose session expired still
 * delivers what it captured.
 * Only a counter syncs (issue #31 item 6): a browser with no credential registers only once the POS was
 * opened in it (device.ts markCounter) or something waits in its outbox; otherwise (the back office
 * alone) a cycle sends nothing and ends `not-counter` — the idle check still probes the server.
 * Invariants:
 *  - only the lock holder takes entries, so one tab uploads at a time; an entry becomes synced or
 *    rejected only from the server's result for it; anything unconfirmed goes back to pending;
 *  - network errors, 5xx and whole-batch refusals retry with backoff (1 s doubling, cap 60 s, jitter);
 *    every automatic trigger (`trigger`) of every tab goes through the one gate persisted in Dexie, so
 *    wake-ups, focus, timers and other tabs cannot bypass it; only the user's "Sincronizar ahora"
 *    (`requestSync`) and the browser's `online` transition (`reconnected`) do, one attempt each;
 *  - a 401 (the server refused the device credential) forgets the key and keeps every sale pending: with
 *    a session the device registers again at the next attempt, without one it reports `authRequired`;
 *  - triggers coalesce: one cycle at a time per tab; a trigger during a cycle runs one more after it;
 *  - the status tells the truth about the server (issue #29 item 5): with nothing to send, `heartbeat`
 *    (called every second by the app while the page is visible) probes GET /health once nothing was
 *    heard from the server for IDLE_PROBE_MS, so a dead server shows «Sin conexión» within seconds; a
 *    failed probe counts as a failed attempt in the shared gate (the next try waits for the backoff),
 *    and no probe goes while a retry is scheduled or a cycle runs, so the request budget with the server
 *    down is the backoff schedule's. A new engine whose gate records failures starts offline (a reload
 *    during an outage never says «En línea» before a request reached the server).
 */
import { countUnsyncedAccount } from './account-payments';
import { countUnsyncedCash } from './cash-outbox';
import { pullCursor, applyPullPage, recomputeStock } from './product-store';
import { pushCustomers } from './push-customers';
import { setMeta } from './db';
import { forgetDeviceKey, getDeviceCredential, isCounter, registerDevice } from './device';
import { gateClosed, gateFailed, gateSettled, readGate } from './gate';
import { OFFLINE_MSG } from './messages';
import { countUnsynced, pruneSynced, resetStuck } from './outbox';
import { pushLeftCharges } from './left-charges';
import { pushAccountPayments } from './push-account-payments';
import { pushCash } from './push-cash';
import { pushSales } from './push-sales';
import type { CycleOutcome, Delivery, SyncEvent, SyncStatus } from './sync-types';
import type { DeviceCredential, Failure, SyncTransport } from './transport';

export type { CycleOutcome, SyncEvent, SyncStatus } from './sync-types';

export const SYNC_LOCK = 'mostrador-sync';
/** With nothing to send, the server is probed once nothing was heard from it for this long. */
export const IDLE_PROBE_MS = 5_000;

/** Sales, cash-session events and payments on account the server has not confirmed. */
const countWaiting = async () => (await Promise.all([countUnsynced(), countUnsyncedCash(), countUnsyncedAccount()])).reduce((a, b) => a + b);

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
  /** The user asked ("Sincronizar ahora"): runs a cycle now, past the retry gate (or one more after the current one). */
  requestSync(): Promise<CycleOutcome>;
  /** An automatic trigger (timer, focus, a recorded sale, Background Sync): through the retry gate. */
  trigger(): Promise<CycleOutcome>;
  /** The browser's `online` event, a real offline → online transition: one attempt now, past the gate. */
  reconnected(): Promise<CycleOutcome>;
  /** `offline` event hint: shown at once; only a request that reaches the server says we are online again. */
  markOffline(): void;
  /** The idle check (the app calls it every second while visible): probes the server when nothing was heard from it for IDLE_PROBE_MS. */
  heartbeat(): Promise<void>;
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
  let status: SyncStatus = { online: null, running: false, authRequired: false, lastError: null, retryAt: null, catalogBehind: false };
  let inFlight: Promise<CycleOutcome> | null = null;
  let again: 'gated' | 'forced' | null = null;
  let requestedAt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let probing = false;
  let startedUp = false;
  /** When a request last reached the server (ms epoch). */
  let heardAt = Date.now();

  const emit = (event: SyncEvent) => listeners.forEach((listener) => listener(event));
  const setStatus = (patch: Partial<SyncStatus>) => {
    if (patch.online === true) heardAt = Date.now();
    status = { ...status, ...patch };
    emit({ type: 'status', status });
  };

  // A reload during an outage: the gate remembers the failures, so the bar says «Sin conexión» at once.
  void readGate()
    .then((gate) => {
      if (gate.failures > 0 && status.online === null && !stopped) setStatus({ online: false, lastError: OFFLINE_MSG.serverUnreachable });
    })
    .catch(() => undefined);

  /** A refused request: 'offline' when the server was not reached, else 'retry' (with the reason shown). */
  function failed(reply: Failure): CycleOutcome {
    setStatus(reply.kind === 'network' ? { online: false, lastError: OFFLINE_MSG.serverUnreachable } : { online: true, lastError: reply.message });
    return reply.kind === 'network' ? 'offline' : 'retry';
  }

  /** The server refused the credential: forget it; with a session the next (backoff) cycle registers again. */
  async function refused(): Promise<CycleOutcome> {
    setStatus({ online: true });
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
    return failed(registered);
  }

  /**
   * Pulls pages until the catalogue is current. The next page is asked for as soon as a page with more
   * after it arrives, so the server and the network work while this page is stored (a new tablet's
   * first sync is 25 pages). A page applies only on top of the cursor it was asked from. Until a page
   * says nothing follows (a catalogue never pulled, or a page with more after it), the status says the
   * catalogue is behind, also when the pull stops half-way.
   */
  async function pullAll(device: DeviceCredential): Promise<CycleOutcome> {
    let since = await pullCursor();
    let next = transport.pull({ since }, device);
    for (;;) {
      const reply = await next;
      if (!reply.success) return reply.status === 401 ? refused() : failed(reply);
      setStatus({ online: true });
      const { cursor, hasMore } = reply.data;
      const more = hasMore && cursor > since;
      if (more) next = transport.pull({ since: cursor }, device);
      if (!(await applyPullPage(reply.data, since))) {
        // Another writer moved the cursor meanwhile: this page and the one asked for ahead are dropped.
        since = await pullCursor();
        next = transport.pull({ since }, device);
        continue;
      }
      if (cursor !== since) emit({ type: 'catalog' });
      if (status.catalogBehind !== hasMore) setStatus({ catalogBehind: hasMore });
      if (!hasMore) return 'ok';
      if (!more) return 'retry';
      since = cursor;
    }
  }

  async function cycle(): Promise<CycleOutcome> {
    if (!(await getDeviceCredential()) && !(await isCounter()) && (await countWaiting()) === 0) return 'not-counter';
    // A catalogue never pulled is behind before any request, reached or not.
    if (!status.catalogBehind && (await pullCursor()) === 0) setStatus({ catalogBehind: true });
    const device = await credential();
    if (typeof device === 'string') return device;
    await resetStuck();
    const touched = new Set<number>();
    const delivery: Delivery = {
      transport,
      device,
      reached: () => setStatus({ online: true }),
      refused: (reply) => (reply.status === 401 ? refused() : Promise.resolve(failed(reply))),
      emit,
    };
    try {
      const pushed = await pushSales(delivery, touched);
      if (pushed.outcome !== 'ok') return pushed.outcome;
      const cash = await pushCash(delivery);
      if (cash !== 'ok') return cash;
      const customers = await pushCustomers(delivery);
      if (customers !== 'ok') return customers;
      const payments = await pushAccountPayments(delivery);
      if (payments !== 'ok') return payments;
      const left = await pushLeftCharges(delivery);
      if (left !== 'ok') return left;
      if (!pushed.echoed) {
        const pulled = await pullAll(device);
        if (pulled !== 'ok') return pulled;
      }
    } finally {
      await recomputeStock(touched);
    }
    await setMeta('lastSyncAt', new Date().toISOString());
    await pruneSynced();
    return 'ok';
  }

  /** One attempt under the lock, through the shared gate unless `forced`; returns the outcome and when to retry. */
  async function attempt(forced: boolean, since: number): Promise<{ outcome: CycleOutcome; retryAt: number | null }> {
    if (!hasSession() && !(await getDeviceCredential())) return { outcome: 'no-session', retryAt: null };
    return withLock(async () => {
      // This tab's first attempt: entries a reload left `syncing` are pending again even when the gate holds
      // (never «Enviando» while nothing is sent); later ones are reset by each cycle.
      if (!startedUp) {
        startedUp = true;
        await resetStuck();
      }
      const gate = await readGate();
      const now = Date.now();
      if (!forced && gateClosed(gate, now)) return { outcome: 'deferred' as const, retryAt: gate.nextAt };
      if (!forced && gate.okAt >= since && (await countWaiting()) === 0) return { outcome: 'ok' as const, retryAt: null };
      const outcome = await cycle().catch((error: unknown): CycleOutcome => {
        setStatus({ lastError: error instanceof Error ? error.message : String(error) });
        return 'retry';
      });
      if (outcome === 'retry' || outcome === 'offline') return { outcome, retryAt: (await gateFailed(gate, Date.now(), random)).nextAt };
      await gateSettled(gate, Date.now(), outcome === 'ok');
      return { outcome, retryAt: null };
    });
  }

  function settle(outcome: CycleOutcome, retryAt: number | null): void {
    if (retryAt === null) {
      const patch: Partial<SyncStatus> = { running: false, retryAt: null };
      if (outcome === 'ok') Object.assign(patch, { authRequired: false, lastError: null });
      if (outcome === 'auth') patch.authRequired = true;
      setStatus(patch);
      return;
    }
    if (!stopped) {
      retryTimer = setTimeout(() => {
        retryTimer = null;
        void trigger();
      }, Math.max(0, retryAt - Date.now()));
    }
    setStatus({ running: false, retryAt });
    if (outcome !== 'deferred') void countWaiting().then((count) => count > 0 && options.onWaiting?.());
  }

  function run(forced: boolean): Promise<CycleOutcome> {
    requestedAt = Date.now();
    if (inFlight) {
      if (again !== 'forced') again = forced ? 'forced' : 'gated';
      return inFlight;
    }
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    inFlight = (async () => {
      setStatus({ running: true, retryAt: null });
      let result = await attempt(forced, requestedAt);
      while (again) {
        const next = again;
        again = null;
        result = await attempt(next === 'forced', requestedAt);
      }
      settle(result.outcome, result.retryAt);
      return result.outcome;
    })().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  const requestSync = () => run(true);
  const trigger = () => run(false);

  async function heartbeat(): Promise<void> {
    if (stopped || probing || inFlight || status.retryAt !== null || Date.now() - heardAt < IDLE_PROBE_MS) return;
    if (!hasSession() && !(await getDeviceCredential())) return;
    probing = true;
    try {
      const reply = await transport.probe();
      if (inFlight || stopped) return;
      if (reply.success || reply.kind === 'http') {
        if (status.online !== true) setStatus({ online: true, lastError: null });
        else heardAt = Date.now();
        return;
      }
      setStatus({ online: false, lastError: OFFLINE_MSG.serverUnreachable });
      // A failed attempt like any other: the next request waits for the shared backoff.
      const retryAt = await withLock(async () => (await gateFailed(await readGate(), Date.now(), random)).nextAt);
      if (!inFlight && !stopped) settle('offline', retryAt);
    } finally {
      probing = false;
    }
  }

  return {
    requestSync,
    trigger,
    reconnected: requestSync,
    markOffline: () => setStatus({ online: false, lastError: OFFLINE_MSG.serverUnreachable }),
    heartbeat,
    getStatus: () => status,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop: () => {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      listeners.clear();
    },
  };
}
