/** SQL of the product import: the lookups a plan is computed from (its writes are the products repository's). */
import { and, isNotNull, isNull } from 'drizzle-orm';
import { brands, categories, products } from '../../db/schema';
import type { Q } from '../../db/store';

export function productsWithCode(q: Q) {
  return q
    .select({
      id: products.id,
      code: products.code,
      name: products.name,
      description: products.description,
      priceCents: products.priceCents,
      costCents: products.costCents,
      minStock: products.minStock,
      categoryId: products.categoryId,
      brandId: products.brandId,
      ivaRateBp: products.ivaRateBp,
      active: products.active,
      showInCatalog: products.showInCatalog,
    })
    .from(products)
    .where(and(isNull(products.deletedAt), isNotNull(products.code)));
}
export type ImportedProductRow = Awaited<ReturnType<typeof productsWithCode>>[number];

export const namedRefs = async (q: Q) => ({
  categories: await q.select({ id: categories.id, name: categories.name }).from(categories).where(isNull(categories.deletedAt)),
  brands: await q.select({ id: brands.id, name: brands.name }).from(brands).where(isNull(brands.deletedAt)),
});
