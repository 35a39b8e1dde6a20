/**
 * POS search over the in-memory product index (offline/product-index.ts): instant on 50,000 products.
 * Performance marks for the bench: `pos-search-start` when the text changes (markSearchStart), and
 * `pos-search-end` once the matching cards are painted, measured as `pos-search`.
 */
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { productIndex, type SearchResult } from '../../offline/product-index';

const subscribe = (onChange: () => void) => productIndex.subscribe(onChange);
const revision = () => productIndex.revision;

export function markSearchStart(): void {
  performance.mark('pos-search-start');
}

export function useProductSearch(query: string, limit: number): SearchResult & { loaded: boolean } {
  const rev = useSyncExternalStore(subscribe, revision);
  // `rev` changes when the index changed in place.
  const result = useMemo(() => productIndex.search(query, limit), [query, limit, rev]);
  const measured = useRef('');

  useEffect(() => {
    if (measured.current === query) return;
    measured.current = query;
    if (!performance.getEntriesByName('pos-search-start', 'mark').length) return;
    requestAnimationFrame(() =>
      setTimeout(() => {
        performance.mark('pos-search-end');
        performance.measure('pos-search', 'pos-search-start', 'pos-search-end');
      }),
    );
  }, [query, result]);

  return { ...result, loaded: productIndex.loaded };
}
