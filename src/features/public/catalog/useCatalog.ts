/**
 * Catalogue query state (docs/spec.md §4): the search text is applied 500 ms after typing stops, trimmed;
 * changing search or category resets the page to 1. A failed load is logged and shows as an empty
 * catalogue (one page, zero items), as docs/spec.md §8 says.
 * The results remember the query they answer: until the current query's answer arrives the page is
 * loading, so a count or a card list is never shown under a search it does not belong to. The one
 * exception is a change of page under the same search and category: the previous page's cards stay
 * (`pageLoading`, shown dimmed with a hint) until the next page arrives, so the grid never blanks.
 */
import { useDebouncedValue } from '@mantine/hooks';
import { startTransition, useEffect, useState } from 'react';
import { LIMITS, TIMINGS } from '../../../../domain/constants';
import { fetchCatalog, fetchPublicCategories, type CatalogProduct, type NamedRef } from '../../../api/catalog';

interface CatalogQuery {
  search: string;
  categoryId: number | null;
  page: number;
}

interface CatalogState {
  products: CatalogProduct[];
  totalItems: number;
  totalPages: number;
  /** The query these results answer (null before the first answer). */
  answers: CatalogQuery | null;
}

export function useCatalog() {
  const [searchInput, setSearchInput] = useState('');
  const [debouncedSearch] = useDebouncedValue(searchInput.trim(), TIMINGS.searchDebounceMs);
  const [query, setQuery] = useState<CatalogQuery>({ search: '', categoryId: null, page: 1 });
  const [state, setState] = useState<CatalogState>({ products: [], totalItems: 0, totalPages: 1, answers: null });

  useEffect(() => {
    setQuery((q) => (q.search === debouncedSearch ? q : { ...q, search: debouncedSearch, page: 1 }));
  }, [debouncedSearch]);

  useEffect(() => {
    const controller = new AbortController();
    fetchCatalog({ page: query.page, search: query.search, categoryId: query.categoryId }, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      if (!result.success) {
        console.error(result.message);
        setState({ products: [], totalItems: 0, totalPages: 1, answers: query });
        return;
      }
      const totalItems = result.pagination?.totalItems ?? result.pagination?.total ?? result.data.length;
      const totalPages = result.pagination?.totalPages ?? Math.max(1, Math.ceil(totalItems / LIMITS.catalogPageSize));
      // A page of cards is rendered in slices (a transition), not in one long task.
      startTransition(() => setState({ products: result.data, totalItems, totalPages: Math.max(1, totalPages), answers: query }));
    });
    return () => controller.abort();
  }, [query]);

  const setCategoryId = (categoryId: number | null) => setQuery((q) => ({ ...q, categoryId, page: 1 }));
  const setPage = (page: number) => setQuery((q) => ({ ...q, page }));
  const clearFilters = () => {
    setSearchInput('');
    setQuery({ search: '', categoryId: null, page: 1 });
  };

  const answers = state.answers;
  const pending = answers !== query;
  const pageLoading = pending && answers !== null && answers.search === query.search && answers.categoryId === query.categoryId;
  const loading = pending && !pageLoading;
  return {
    products: state.products,
    totalItems: state.totalItems,
    totalPages: state.totalPages,
    /** Nothing to show for the current search and category yet (placeholders). */
    loading,
    /** The previous page's cards are shown while the requested page loads. */
    pageLoading,
    /** Loading, or the typed search is not applied yet (debounce pending). */
    searching: pending || searchInput.trim() !== query.search,
    searchInput,
    setSearchInput,
    categoryId: query.categoryId,
    setCategoryId,
    page: query.page,
    setPage,
    /** A search or a category is applied (or being typed). */
    filtersActive: Boolean(searchInput.trim() || query.search || query.categoryId),
    clearFilters,
  };
}

/** Public categories; a failure is logged and leaves the list empty (docs/spec.md §8). */
export function usePublicCategories(): NamedRef[] {
  const [categories, setCategories] = useState<NamedRef[]>([]);
  useEffect(() => {
    fetchPublicCategories().then((result) => {
      if (result.success) setCategories(result.data);
      else console.error(result.message);
    });
  }, []);
  return categories;
}
