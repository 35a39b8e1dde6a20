/** Categories (docs/spec.md §7): list (optionally only active ones) and admin create/update/delete. */
import type { EndpointByKey } from '../../domain/api';
import { MSG } from '../../domain/messages';
import type { CategoryDto, DeleteInUseQuery } from '../../domain/schemas/products';
import { api, type ApiArgs } from './client';

export type Category = CategoryDto;

export const fetchCategories = (active?: boolean) => api('GET /categories', { query: { active }, errorMessage: MSG.categoriesListError });

export const createCategory = (payload: ApiArgs<EndpointByKey<'POST /categories'>>['json']) =>
  api('POST /categories', { json: payload, errorMessage: MSG.categoryCreateError });

export const updateCategory = (id: number, payload: ApiArgs<EndpointByKey<'PUT /categories/:id'>>['json']) =>
  api('PUT /categories/:id', { params: { id }, json: payload, errorMessage: MSG.categoryUpdateError });

/** Without `what`, a category in use answers 409 with `data.products` (how many use it). */
export const deleteCategory = (id: number, what: DeleteInUseQuery = {}) =>
  api('DELETE /categories/:id', { params: { id }, query: { ...what }, errorMessage: MSG.categoryDeleteError });
