/**
 * Public catalogue calls (docs/spec.md §7): GET /products/catalog, falling back to GET /products with the same
 * filters and limit 1000 when the catalogue call fails; public categories.
 */
import { LIMITS } from '../../domain/constants';
import { PUBLIC_MSG } from '../../domain/public-messages';
import { apiCall, type ApiResult } from './client';

export interface NamedRef {
  id: number;
  name: string;
}

export interface CatalogProduct {
  id: number;
  code: string | null;
  name: string;
  description: string | null;
  /** Number or numeric string (docs/spec.md §3). */
  price: number | string;
  stock?: number | null;
  minStock?: number;
  categoryId: number | null;
  brandId: number | null;
  image: string | null;
  category: NamedRef | null;
  brand: NamedRef | null;
}

export interface CatalogQuery {
  page: number;
  limit?: number;
  search?: string;
  categoryId?: number | null;
}

export async function fetchCatalog(query: CatalogQuery, signal?: AbortSignal): Promise<ApiResult<CatalogProduct[]>> {
  const filters = { search: query.search?.trim() || undefined, categoryId: query.categoryId ?? undefined };
  const result = await apiCall<CatalogProduct[]>('get', 'products/catalog', {
    public: true,
    signal,
    errorMessage: PUBLIC_MSG.catalogError,
    query: { page: query.page, limit: query.limit ?? LIMITS.catalogPageSize, ...filters },
  });
  if (result.success || signal?.aborted) return result;
  return apiCall<CatalogProduct[]>('get', 'products', {
    signal,
    noRedirect: true,
    errorMessage: PUBLIC_MSG.productsListError,
    query: { ...filters, limit: LIMITS.catalogFallbackLimit },
  });
}

export const fetchPublicCategories = () =>
  apiCall<NamedRef[]>('get', 'categories/public', { public: true, errorMessage: PUBLIC_MSG.categoriesListError });
