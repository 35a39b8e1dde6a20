/** Categories (docs/spec.md §7): the public list is open; reads need a session; writes are admin only. */
import { activeQuery, categoryCreateBody, categoryDto, categoryUpdateBody, deleteInUseQuery, productsInUse, publicCategoryDto } from '../schemas/products';
import { idParam, z } from '../schemas/common';
import { endpoint } from './endpoint';

export const categoriesApi = {
  listPublic: endpoint('GET /categories/public', { reply: z.array(publicCategoryDto) }),
  list: endpoint('GET /categories', { query: activeQuery, reply: z.array(categoryDto) }),
  get: endpoint('GET /categories/:id', { params: idParam, reply: categoryDto }),
  create: endpoint('POST /categories', { body: categoryCreateBody, reply: categoryDto, status: 201 }),
  update: endpoint('PUT /categories/:id', { params: idParam, body: categoryUpdateBody, reply: categoryDto }),
  /** Without `products`, a category in use answers 409 with `data.products` (how many use it). */
  remove: endpoint('DELETE /categories/:id', { params: idParam, query: deleteInUseQuery, reply: productsInUse }),
};
