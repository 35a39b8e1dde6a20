/** React bindings of the offline layer: engine status, outbox lists and counts, last sync (all live). */
import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import { db, getMeta, type OutboxEntry } from '../offline/db';
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
