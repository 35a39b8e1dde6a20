/**
 * Public catalogue calls (docs/spec.md §7): GET /products/catalog, falling back to GET /products with the same
 * filters and limit 1000 when the catalogue call fails; public categories.
 */
import { LIMITS } from '../../domain/constants';
import { PUBLIC_MSG } from '../../domain/public-messages';
import type { CatalogItemDto } from '../../domain/schemas/products';
import { api, type ApiResult, type ReplyData } from './client';

/** A product of the public catalogue (never the cost). */
export type CatalogProduct = CatalogItemDto;
/** A public category: id and name. */
export type NamedRef = ReplyData<'GET /categories/public'>[number];

export interface CatalogQuery {
  page: number;
  limit?: number;
  search?: string;
  categoryId?: number | null;
}

export async function fetchCatalog(query: CatalogQuery, signal?: AbortSignal): Promise<ApiResult<CatalogProduct[]>> {
  const filters = { search: query.search?.trim() || undefined, categoryId: query.categoryId ?? undefined };
  const result = await api('GET /products/catalog', {
    public: true,
    signal,
    errorMessage: PUBLIC_MSG.catalogError,
    query: { page: query.page, limit: query.limit ?? LIMITS.catalogPageSize, ...filters },
  });
  if (result.success || signal?.aborted) return result;
  return api('GET /products', {
    signal,
    noRedirect: true,
    errorMessage: PUBLIC_MSG.productsListError,
    query: { ...filters, limit: LIMITS.catalogFallbackLimit },
  });
}

export const fetchPublicCategories = () => api('GET /categories/public', { public: true, errorMessage: PUBLIC_MSG.categoriesListError });
