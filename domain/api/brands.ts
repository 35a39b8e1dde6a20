/** Brands (docs/spec.md §7): reads need a session; writes are admin only. */
import { z } from '../schemas/common';
import { activeQuery, brandCreateBody, brandDto, brandUpdateBody, deleteInUseQuery, productsInUse } from '../schemas/products';
import { idParam } from '../schemas/common';
import { endpoint } from './endpoint';

export const brandsApi = {
  list: endpoint('GET /brands', { query: activeQuery, reply: z.array(brandDto) }),
  get: endpoint('GET /brands/:id', { params: idParam, reply: brandDto }),
  create: endpoint('POST /brands', { body: brandCreateBody, reply: brandDto, status: 201 }),
  update: endpoint('PUT /brands/:id', { params: idParam, body: brandUpdateBody, reply: brandDto }),
  /** Without `products`, a brand in use answers 409 with `data.products` (how many use it). */
  remove: endpoint('DELETE /brands/:id', { params: idParam, query: deleteInUseQuery, reply: productsInUse }),
};
