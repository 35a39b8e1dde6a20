/**
 * SQL of the product import: the lookups a plan is computed from, and the one-revision stamp. Invariant:
 * an applied import is ONE catalogue revision — after its inserts and updates (each bumped by the
 * triggers), every touched product is stamped with one fresh revision, so a tablet pulls them together.
 */
import { and, inArray, isNotNull, isNull } from 'drizzle-orm';
import { bumpRevision } from '../../db/revision-repository';
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

/**
 * Stamps the products with one new catalogue revision; returns it. Runs in the import's unit.
 * The revision triggers (SQLite's and drizzle-pg/0001's) leave a revision the update sets itself.
 */
export async function stampRevision(tx: Q, ids: number[]): Promise<number> {
  const revision = await bumpRevision(tx);
  for (let i = 0; i < ids.length; i += 500) {
    await tx.update(products).set({ revision }).where(inArray(products.id, ids.slice(i, i + 500)));
  }
  return revision;
}
