/**
 * The client's calls are typed from the endpoint descriptions the server registers (domain/api): these
 * checks run in `npm run typecheck` (each @ts-expect-error fails the typecheck if the error disappears)
 * and the expectTypeOf assertions also run here.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { BrandDto, CatalogItemDto, ProductDto } from '../../domain/schemas/products';
import type { ApiArgs, ReplyData } from '../../src/api/client';
import type { EndpointByKey } from '../../domain/api';

describe('typed API client', () => {
  it('gives a call the reply data its endpoint describes', () => {
    expectTypeOf<ReplyData<'GET /brands/:id'>>().toEqualTypeOf<BrandDto>();
    expectTypeOf<ReplyData<'GET /brands'>>().toEqualTypeOf<BrandDto[]>();
    expectTypeOf<ReplyData<'DELETE /brands/:id'>>().toEqualTypeOf<{ products: number }>();
  });

  it('refuses a screen that reads a field the reply does not have', () => {
    const readOrder = (brand: ReplyData<'GET /brands/:id'>) =>
      // @ts-expect-error a brand has no `order` (categories do): the typecheck fails if a screen reads it
      brand.order;
    expect(typeof readOrder).toBe('function');
  });

  it('requires the path params and the body the endpoint declares', () => {
    // @ts-expect-error PUT /brands/:id needs `params.id`
    const missingId: ApiArgs<EndpointByKey<'PUT /brands/:id'>> = { json: { name: 'Acme' } };
    // @ts-expect-error `name` must be text
    const badBody: ApiArgs<EndpointByKey<'POST /brands'>> = { json: { name: 3 } };
    expect([missingId, badBody]).toHaveLength(2);
  });

  it('types the catalogue and product replies from their schemas (the catalogue never has the cost)', () => {
    expectTypeOf<ReplyData<'GET /products/catalog'>>().toEqualTypeOf<CatalogItemDto[]>();
    expectTypeOf<ReplyData<'GET /products'>>().toEqualTypeOf<ProductDto[]>();
    expectTypeOf<ReplyData<'GET /products/catalog'>[number]['price']>().toEqualTypeOf<number>();
    const readCost = (item: ReplyData<'GET /products/catalog'>[number]) =>
      // @ts-expect-error the public catalogue carries no cost
      item.cost;
    expect(typeof readCost).toBe('function');
  });
});
