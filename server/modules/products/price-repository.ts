/**
 * SQL of the bulk price update. Invariant: every changed product takes a revision of its own, from one
 * block reserved for the update (never one shared revision: a pull page ends at the last revision it
 * sent, so rows sharing one could be cut off, issue #29; the unique products_revision_idx refuses it).
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { reserveRevisions } from '../../db/revision-repository';
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
 * Writes the new prices, each row under the next revision of a reserved block; returns the last one.
 * Runs in the caller's unit. products_revision_au (SQLite's and drizzle-pg/0001's) skips rows whose
 * revision the update sets itself.
 */
export async function setPrices(tx: Q, changes: { id: number; priceCents: number }[]): Promise<number> {
  let revision = (await reserveRevisions(tx, changes.length)) - 1;
  const updatedAt = new Date().toISOString();
  for (const change of changes) {
    await tx.update(products).set({ priceCents: change.priceCents, revision: ++revision, updatedAt }).where(eq(products.id, change.id));
  }
  return revision;
}
