/**
 * Top-bar slot for the POS sync-status indicator (online/offline, pending sales, last sync). The
 * indicator and the offline layer (Dexie, sync engine) load as their own chunk, so the staff shell
 * paints first; mounting it starts this tab's sync engine.
 */
import { lazy, Suspense } from 'react';

const SyncIndicator = lazy(() => import('../../offline-ui/SyncIndicator'));

export function SyncStatusSlot() {
  return (
    <Suspense fallback={null}>
      <SyncIndicator />
    </Suspense>
  );
}
