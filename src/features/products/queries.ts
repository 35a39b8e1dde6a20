/**
 * TanStack Query keys of the catalogue screens, built here and nowhere else. Every product key starts
 * with 'products', so invalidating `productKeys.all` (after an edit, a sale, a sync) refreshes the product
 * list and the dashboard's low-stock table together.
 */
import type { ProductQuery } from '../../api/products';

export const productKeys = {
  all: ['products'] as const,
  management: (query: ProductQuery) => ['products', 'management', query] as const,
  lowStock: ['products', 'low-stock'] as const,
};

export const stockHistoryKeys = {
  all: ['stock-history'] as const,
  page: (productId: number | undefined, page: number) => ['stock-history', productId, page] as const,
};

export const categoryKeys = { all: ['categories'] as const };
export const brandKeys = { all: ['brands'] as const };
