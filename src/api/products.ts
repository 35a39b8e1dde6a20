/** Product management calls of docs/spec.md §7 (GET /products with filters; admin create/update/delete). */
import { LIMITS } from '../../domain/constants';
import { MSG } from '../../domain/messages';
import type { IvaRate } from '../../domain/invoicing/codes';
import type { ProductDto } from '../../domain/schemas/products';
import type { PriceChangeDto } from '../../domain/schemas/price-update';
import { apiCall } from './client';

export type Product = ProductDto;

export interface ProductQuery {
  search?: string;
  active?: boolean;
  categoryId?: number | null;
  brandId?: number | null;
  lowStock?: boolean;
  page?: number;
  limit?: number;
}

/** The payload of the product form (decimal money, integer stock). */
export interface ProductPayload {
  code: string | null;
  name: string;
  description: string | null;
  categoryId: number | null;
  brandId: number | null;
  price: number;
  cost: number;
  stock: number;
  minStock: number;
  image: string | null;
  showInCatalog: boolean;
  active: boolean;
  /** IVA rate in percent (21, 10.5, 27, 0): Factura A/B break amounts down by it. */
  ivaRate: IvaRate;
}

export const fetchProducts = (query: ProductQuery) =>
  apiCall<Product[]>('get', 'products', {
    query: { ...query, limit: query.limit ?? LIMITS.productManagementLimit },
    errorMessage: MSG.productsListError,
  });

export const createProduct = (payload: ProductPayload) =>
  apiCall<Product>('post', 'products', { json: payload, errorMessage: MSG.productCreateError });

/** An edit: the changed fields, with `base` (what the editor loaded) so the server can refuse a stale one (409). */
export const updateProduct = (id: number, payload: Partial<ProductPayload> & { base?: Partial<ProductPayload> }) =>
  apiCall<Product>('put', `products/${id}`, { json: payload, errorMessage: MSG.productUpdateError });

export const deleteProduct = (id: number) => apiCall<undefined>('delete', `products/${id}`, { errorMessage: MSG.productDeleteError });

/** Bulk price update (issue #15): the same body previews and applies. */
export interface PriceUpdatePayload {
  scope: 'category' | 'brand' | 'selection';
  categoryId?: number;
  brandId?: number;
  productIds?: number[];
  mode: 'percent' | 'amount';
  value: number;
  rounding: 'none' | '10' | '100' | '99';
}

export const previewPrices = (payload: PriceUpdatePayload) =>
  apiCall<PriceChangeDto[]>('post', 'products/prices/preview', { json: payload, errorMessage: MSG.pricesPreviewError });

export const applyPrices = (payload: PriceUpdatePayload) =>
  apiCall<{ updated: number; revision: number | null }>('post', 'products/prices', { json: payload, errorMessage: MSG.pricesUpdateError });
