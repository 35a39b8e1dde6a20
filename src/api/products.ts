/** Product management calls of docs/spec.md §7 (GET /products with filters; admin create/update/delete). */
import { LIMITS } from '../../domain/constants';
import { MSG } from '../../domain/messages';
import type { ProductCreateInput, ProductDto } from '../../domain/schemas/products';
import type { PriceUpdateInput } from '../../domain/schemas/price-update';
import { api } from './client';

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

/** The payload of the product form: what the server's create schema yields (decimal money, integer stock). */
export type ProductPayload = ProductCreateInput;

export const fetchProducts = (query: ProductQuery) =>
  api('GET /products', {
    query: { ...query, limit: query.limit ?? LIMITS.productManagementLimit },
    errorMessage: MSG.productsListError,
  });

export const createProduct = (payload: ProductPayload) => api('POST /products', { json: payload, errorMessage: MSG.productCreateError });

/** An edit: the changed fields, with `base` (what the editor loaded) so the server can refuse a stale one (409). */
export const updateProduct = (id: number, payload: Partial<ProductPayload> & { base?: Partial<ProductPayload> }) =>
  api('PUT /products/:id', { params: { id }, json: payload, errorMessage: MSG.productUpdateError });

export const deleteProduct = (id: number) => api('DELETE /products/:id', { params: { id }, errorMessage: MSG.productDeleteError });

/** Bulk price update (issue #15): the same body previews and applies. */
export type PriceUpdatePayload = PriceUpdateInput;

export const previewPrices = (payload: PriceUpdatePayload) =>
  api('POST /products/prices/preview', { json: payload, errorMessage: MSG.pricesPreviewError });

export const applyPrices = (payload: PriceUpdatePayload) => api('POST /products/prices', { json: payload, errorMessage: MSG.pricesUpdateError });
