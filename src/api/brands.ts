/** Brands (docs/spec.md §7): list (optionally only active ones) and admin create/update/delete. */
import { MSG } from '../../domain/messages';
import type { BrandDto, DeleteInUseQuery } from '../../domain/schemas/products';
import type { EndpointByKey } from '../../domain/api';
import { api, type ApiArgs } from './client';

export type Brand = BrandDto;

export const fetchBrands = (active?: boolean) => api('GET /brands', { query: { active }, errorMessage: MSG.brandsListError });

export const createBrand = (payload: ApiArgs<EndpointByKey<'POST /brands'>>['json']) =>
  api('POST /brands', { json: payload, errorMessage: MSG.brandCreateError });

export const updateBrand = (id: number, payload: ApiArgs<EndpointByKey<'PUT /brands/:id'>>['json']) =>
  api('PUT /brands/:id', { params: { id }, json: payload, errorMessage: MSG.brandUpdateError });

/** Without `what`, a brand in use answers 409 with `data.products` (how many use it). */
export const deleteBrand = (id: number, what: DeleteInUseQuery = {}) =>
  api('DELETE /brands/:id', { params: { id }, query: { ...what }, errorMessage: MSG.brandDeleteError });
