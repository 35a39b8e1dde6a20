/** Categories (docs/spec.md §7): list (optionally only active ones) and admin create/update/delete. */
import { MSG } from '../../domain/messages';
import type { CategoryDto, DeleteInUseQuery } from '../../domain/schemas/products';
import { apiCall } from './client';

export type Category = CategoryDto;

export interface CategoryPayload {
  name: string;
  description: string | null;
  order: number;
  isActive?: boolean;
}

export const fetchCategories = (active?: boolean) =>
  apiCall<Category[]>('get', 'categories', { query: { active }, errorMessage: MSG.categoriesListError });

export const createCategory = (payload: CategoryPayload) =>
  apiCall<Category>('post', 'categories', { json: payload, errorMessage: MSG.categoryCreateError });

export const updateCategory = (id: number, payload: CategoryPayload) =>
  apiCall<Category>('put', `categories/${id}`, { json: payload, errorMessage: MSG.categoryUpdateError });

/** Without `what`, a category in use answers 409 with `data.products` (how many use it). */
export const deleteCategory = (id: number, what: DeleteInUseQuery = {}) =>
  apiCall<{ products: number }>('delete', `categories/${id}`, { query: { ...what }, errorMessage: MSG.categoryDeleteError });
