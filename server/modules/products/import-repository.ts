/**
 * SQL of the product import: the lookups a plan is computed from, and the one-revision stamp. Invariant:
 * an applied import is ONE catalogue revision — after its inserts and updates (each bumped by the
 * triggers), every touched product is stamped with one fresh revision, so a tablet pulls them together.
 */
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands, categories, products, syncState } from '../../db/schema';

export function productsWithCode(db: Db) {
  return db
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
    .where(and(isNull(products.deletedAt), isNotNull(products.code)))
    .all();
}
export type ImportedProductRow = ReturnType<typeof productsWithCode>[number];

export const namedRefs = (db: Db) => ({
  categories: db.select({ id: categories.id, name: categories.name }).from(categories).where(isNull(categories.deletedAt)).all(),
  brands: db.select({ id: brands.id, name: brands.name }).from(brands).where(isNull(brands.deletedAt)).all(),
});

/** Stamps the products with one new catalogue revision; returns it. Call inside the import's transaction. */
export function stampRevision(db: Db, ids: number[]): number {
  const bumped = db
    .update(syncState)
    .set({ revision: sql`${syncState.revision} + 1` })
    .where(eq(syncState.id, 1))
    .returning({ revision: syncState.revision })
    .get();
  if (!bumped) throw new Error('sync_state sin fila');
  for (let i = 0; i < ids.length; i += 500) {
    db.update(products).set({ revision: bumped.revision }).where(inArray(products.id, ids.slice(i, i + 500))).run();
  }
  return bumped.revision;
}
