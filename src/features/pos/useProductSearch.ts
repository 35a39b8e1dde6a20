/**
 * POS search over the in-memory product index (offline/product-index.ts): instant on 50,000 products.
 * Performance marks for the bench: `pos-search-start` when the text changes (markSearchStart), and
 * `pos-search-end` once the matching cards are painted, measured as `pos-search`.
 */
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { productIndex, type SearchResult } from '../../offline/product-index';

export function markSearchStart(): void {
  performance.mark('pos-search-start');
}

export function useProductSearch(query: string, limit: number): SearchResult & { loaded: boolean } {
  // `rev` changes when the index changed. Followed as a transition (not useSyncExternalStore, whose
  // updates render in one blocking task): the grid that appears once the catalogue has loaded, or
  // that follows a pull, renders in short slices (issue #17). Typing is still rendered at once.
  const [rev, setRev] = useState(productIndex.revision);
  useEffect(() => {
    const follow = () => startTransition(() => setRev(productIndex.revision));
    follow();
    return productIndex.subscribe(follow);
  }, []);
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
