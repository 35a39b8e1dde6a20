/**
 * What a finished sync makes stale on the staff screens (issue #17 item 10): sales that reached the
 * server change the sales list, the dashboard's figures and the stock; a catalogue pull changes the
 * products. The TanStack Query caches of those screens are invalidated on the engine's events, so an
 * open dashboard or sales list refetches instead of showing the numbers from before the sync.
 */
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { productKeys } from '../features/products/queries';
import { saleKeys, salesSummaryKeys } from '../features/sales/queries';
import type { SyncEngine } from '../offline/engine';
import { syncEngine } from '../sync/instance';

/** Query-key prefixes refreshed when sales were delivered (or refused) and when the catalogue changed. */
export const AFTER_SALES: readonly QueryKey[] = [saleKeys.all, salesSummaryKeys.all, productKeys.all];
export const AFTER_CATALOG: readonly QueryKey[] = [productKeys.all];

/** Subscribes `client` to the engine's events; returns the unsubscribe function. */
export function invalidateOnSync(engine: Pick<SyncEngine, 'subscribe'>, client: Pick<QueryClient, 'invalidateQueries'>): () => void {
  return engine.subscribe((event) => {
    const keys = event.type === 'synced' || event.type === 'rejected' ? AFTER_SALES : event.type === 'catalog' ? AFTER_CATALOG : [];
    for (const queryKey of keys) void client.invalidateQueries({ queryKey });
  });
}

/** Keeps this screen's query cache in step with the sync engine while mounted. */
export function useSyncRefreshesQueries(): void {
  const client = useQueryClient();
  useEffect(() => invalidateOnSync(syncEngine(), client), [client]);
}
