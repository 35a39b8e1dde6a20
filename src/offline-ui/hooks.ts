/** React bindings of the offline layer: engine status, outbox lists and counts, last sync, a lost database (all live), the browser's storage. */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { db, getMeta, type OutboxEntry, type StorageLost } from '../offline/db';
import { readStorageState, type StorageState } from '../offline/storage';
import { countUnsynced } from '../offline/outbox';
import type { SyncStatus } from '../offline/engine';
import { syncEngine } from '../sync/instance';

const subscribe = (onChange: () => void) => syncEngine().subscribe((event) => event.type === 'status' && onChange());
const snapshot = () => syncEngine().getStatus();

export function useSyncStatus(): SyncStatus & { isOnline: boolean } {
  const status = useSyncExternalStore(subscribe, snapshot);
  return { ...status, isOnline: status.online ?? navigator.onLine };
}

export interface OutboxCounts {
  pending: number;
  rejected: number;
}

export function useOutboxCounts(): OutboxCounts {
  return (
    useLiveQuery(async () => ({
      pending: await countUnsynced(),
      rejected: await db.outbox.where('status').equals('rejected').count(),
    })) ?? { pending: 0, rejected: 0 }
  );
}

export interface OutboxLists {
  pending: OutboxEntry[];
  rejected: OutboxEntry[];
  recent: OutboxEntry[];
}

/**
 * Pending and rejected sales (oldest first) and the 10 most recently synced, read only while `enabled`
 * (the sync panel is open): each read walks every pending entry, and a live query runs again on every
 * outbox write, so an always-on read cost a 5,000-sale drain seconds of the page's time (issue #17).
 */
export function useOutboxLists(enabled: boolean): OutboxLists | undefined {
  return useLiveQuery(async () => {
    if (!enabled) return undefined;
    return {
      pending: await db.outbox.where('status').anyOf('pending', 'syncing').sortBy('deviceSeq'),
      rejected: await db.outbox.where('status').equals('rejected').sortBy('deviceSeq'),
      recent: (await db.outbox.where('status').equals('synced').toArray())
        .sort((a, b) => (b.syncedAt ?? '').localeCompare(a.syncedAt ?? '') || b.deviceSeq - a.deviceSeq)
        .slice(0, 10),
    };
  }, [enabled]);
}

export function useLastSyncAt(): string | undefined {
  return useLiveQuery(() => getMeta('lastSyncAt'));
}

/** The evidence that this device's database was lost (device.ts), until the cashier dismisses it. */
export function useStorageLost(): StorageLost | undefined {
  return useLiveQuery(() => getMeta('storageLost'));
}

/** Persistent storage and free space, read when `enabled` turns on (the sync panel opens) and every `refreshMs` while it stays on. */
export function useStorageState(enabled: boolean, refreshMs = 10_000): StorageState | null {
  const [state, setState] = useState<StorageState | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const read = () => void readStorageState().then((next) => live && setState(next));
    read();
    const timer = setInterval(read, refreshMs);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [enabled, refreshMs]);
  return state;
}
