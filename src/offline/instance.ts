/**
 * This tab's sync engine, wired to the real API and to every trigger of design.md §4 rule 9: start,
 * `online` (and `offline` as a hint), focus and becoming visible again, a 30 s timer, each recorded
 * sale (notifySaleRecorded), and the service worker's Background Sync wake-up (message SYNC_OUTBOX,
 * registered under SYNC_TAG when sales wait for the network). Also asks for persistent storage (rule 11).
 */
import { getToken } from '../api/session';
import { syncTransport } from '../api/sync';
import { createSyncEngine, type SyncEngine } from './engine';

export const SYNC_TAG = 'mostrador-outbox';
export const SYNC_MESSAGE = 'SYNC_OUTBOX';
const TIMER_MS = 30_000;

type SyncCapableRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/** Asks the browser to wake us when connectivity returns (Chromium's Background Sync; a no-op elsewhere). */
async function registerBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = (await navigator.serviceWorker.getRegistration()) as SyncCapableRegistration | undefined;
  await registration?.sync?.register(SYNC_TAG).catch(() => undefined);
}

let engine: SyncEngine | null = null;
let persisted: boolean | null = null;

export function syncEngine(): SyncEngine {
  engine ??= createSyncEngine({ transport: syncTransport, hasSession: () => Boolean(getToken()), onWaiting: () => void registerBackgroundSync() });
  return engine;
}

/** Whether the browser granted persistent storage (null until asked). */
export const storagePersisted = () => persisted;

let started = false;

/** Starts syncing in this tab (idempotent). */
export function startSync(): SyncEngine {
  const sync = syncEngine();
  if (started) return sync;
  started = true;
  void navigator.storage?.persist?.().then((granted) => {
    persisted = granted;
  });
  window.addEventListener('online', () => void sync.requestSync());
  window.addEventListener('offline', () => sync.markOffline());
  window.addEventListener('focus', () => void sync.requestSync());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void sync.requestSync();
  });
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    if (event.data?.type === SYNC_MESSAGE) void sync.requestSync();
  });
  setInterval(() => sync.tick(), TIMER_MS);
  void sync.requestSync();
  return sync;
}

/** A sale was written to the outbox: push it now if we can. */
export function notifySaleRecorded(): void {
  void syncEngine().requestSync();
}
