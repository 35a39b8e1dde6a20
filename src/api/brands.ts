/** Brands (spec §7): list (optionally only active ones) and admin create/update/delete. */
import { MSG } from '../../domain/messages';
import type { BrandDto } from '../../domain/schemas/catalog';
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

export const deleteBrand = (id: number) => apiCall<undefined>('delete', `brands/${id}`, { errorMessage: MSG.brandDeleteError });
