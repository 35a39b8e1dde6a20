/**
 * SQL of the bulk price update. Invariant: one bulk update is ONE catalogue revision — the counter is
 * bumped once and every changed product is stamped with it directly (the products_revision_au trigger
 * only fires when the revision is left unchanged), so a tablet pulls all the new prices at once.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { bumpRevision } from '../../db/revision-repository';
import { products } from '../../db/schema';
import type { Q } from '../../db/store';

export type PriceScope = { categoryId: number } | { brandId: number } | { productIds: number[] };

export function productsInScope(q: Q, scope: PriceScope) {
  const where =
    'categoryId' in scope
      ? eq(products.categoryId, scope.categoryId)
      : 'brandId' in scope
        ? eq(products.brandId, scope.brandId)
        : inArray(products.id, scope.productIds);
  return q
    .select({ id: products.id, code: products.code, name: products.name, priceCents: products.priceCents })
    .from(products)
    .where(and(isNull(products.deletedAt), where))
    .orderBy(products.name, products.id);
}

/**
 * Writes the new prices under one new revision; returns it. Runs in the caller's unit.
 * products_revision_au (SQLite's and drizzle-pg/0001's) skips rows whose revision the update sets itself.
 */
export async function setPrices(tx: Q, changes: { id: number; priceCents: number }[]): Promise<number> {
  const revision = await bumpRevision(tx);
  const updatedAt = new Date().toISOString();
  for (const change of changes) {
    await tx.update(products).set({ priceCents: change.priceCents, revision, updatedAt }).where(eq(products.id, change.id));
  }
  return revision;
}
