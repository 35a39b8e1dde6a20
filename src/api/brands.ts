/** Brands (docs/spec.md §7): list (optionally only active ones) and admin create/update/delete. */
import { MSG } from '../../domain/messages';
import type { BrandDto, DeleteInUseQuery } from '../../domain/schemas/products';
import { apiCall } from './client';

export type Brand = BrandDto;

export interface BrandPayload {
  name: string;
  description: string | null;
  isActive?: boolean;
}

export const fetchBrands = (active?: boolean) => apiCall<Brand[]>('get', 'brands', { query: { active }, errorMessage: MSG.brandsListError });

export const createBrand = (payload: BrandPayload) => apiCall<Brand>('post', 'brands', { json: payload, errorMessage: MSG.brandCreateError });

export const updateBrand = (id: number, payload: BrandPayload) =>
  apiCall<Brand>('put', `brands/${id}`, { json: payload, errorMessage: MSG.brandUpdateError });

/** Without `what`, a brand in use answers 409 with `data.products` (how many use it). */
export const deleteBrand = (id: number, what: DeleteInUseQuery = {}) =>
  apiCall<{ products: number }>('delete', `brands/${id}`, { query: { ...what }, errorMessage: MSG.brandDeleteError });
