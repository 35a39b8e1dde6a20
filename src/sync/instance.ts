/**
 * This tab's sync engine, wired to the real API: the one place that joins src/offline and src/api (the
 * offline layer never imports the HTTP client; lint enforces it). Triggers (docs/sync.md rule 5): start,
 * `online` (and `offline` as a hint), focus and becoming visible again, a 30 s timer, each sale or cash
 * event the outbox commits (onSaleWritten: whoever writes one, the engine hears of it), and the service
 * worker's Background Sync wake-up (message SYNC_OUTBOX, registered under SYNC_TAG when sales wait for
 * the network). Every one of them but `online` (a real offline → online transition: one attempt at once)
 * goes through the engine's shared retry gate (gate.ts), so none can start a request storm. While the page
 * is visible, the engine's idle check runs every second (engine.ts `heartbeat`). Also asks for
 * persistent storage (rule 8).
 */
import { getToken } from '../api/session';
import { syncTransport } from '../api/sync';
import { onSaleWritten } from '../offline/capture';
import { withServerClock } from '../offline/clock';
import { createSyncEngine, type SyncEngine } from '../offline/engine';
import { requestPersistence } from '../offline/storage';
import { setServerReachable } from '../session/connectivity';

export const SYNC_TAG = 'mostrador-outbox';
export const SYNC_MESSAGE = 'SYNC_OUTBOX';
const TIMER_MS = 30_000;
/** How often the engine's idle check runs (it probes only after IDLE_PROBE_MS without news from the server). */
const HEARTBEAT_MS = 1_000;
const SALE_PUSH_DELAY_MS = 20;

type SyncCapableRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/** Asks the browser to wake us when connectivity returns (Chromium's Background Sync; a no-op elsewhere). */
async function registerBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = (await navigator.serviceWorker.getRegistration()) as SyncCapableRegistration | undefined;
  await registration?.sync?.register(SYNC_TAG).catch(() => undefined);
}

let engine: SyncEngine | null = null;

export function syncEngine(): SyncEngine {
  engine ??= createSyncEngine({ transport: withServerClock(syncTransport), hasSession: () => Boolean(getToken()), onWaiting: () => void registerBackgroundSync() });
  return engine;
}

let started = false;

/** Starts syncing in this tab (idempotent). */
export function startSync(): SyncEngine {
  const sync = syncEngine();
  if (started) return sync;
  started = true;
  // Rule 8: ask for persistent storage now (someone signed in) and again once installed (Chromium grants it to installed apps).
  void requestPersistence();
  window.addEventListener('appinstalled', () => void requestPersistence());
  const trigger = () => void sync.trigger();
  // The staff shell's «Sin conexión» notice follows the engine, not only navigator.onLine.
  sync.subscribe((event) => event.type === 'status' && setServerReachable(event.status.online));
  window.addEventListener('online', () => void sync.reconnected());
  window.addEventListener('offline', () => sync.markOffline());
  window.addEventListener('focus', trigger);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') trigger();
  });
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    if (event.data?.type === SYNC_MESSAGE) trigger();
  });
  // A frame after the write, so the emptied cart paints before the push starts reading the outbox.
  onSaleWritten(() => setTimeout(trigger, SALE_PUSH_DELAY_MS));
  setInterval(trigger, TIMER_MS);
  setInterval(() => document.visibilityState === 'visible' && void sync.heartbeat(), HEARTBEAT_MS);
  trigger();
  return sync;
}
