/**
 * SQL of the bulk price update. Invariant: one bulk update is ONE catalogue revision — the counter is
 * bumped once and every changed product is stamped with it directly (the products_revision_au trigger
 * only fires when the revision is left unchanged), so a tablet pulls all the new prices at once.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, syncState } from '../../db/schema';

export type PriceScope = { categoryId: number } | { brandId: number } | { productIds: number[] };

export function productsInScope(db: Db, scope: PriceScope) {
  const where =
    'categoryId' in scope
      ? eq(products.categoryId, scope.categoryId)
      : 'brandId' in scope
        ? eq(products.brandId, scope.brandId)
        : inArray(products.id, scope.productIds);
  return db
    .select({ id: products.id, code: products.code, name: products.name, priceCents: products.priceCents })
    .from(products)
    .where(and(isNull(products.deletedAt), where))
    .orderBy(products.name)
    .all();
}

/** Writes the new prices under one new revision; returns it. Call inside a transaction. */
export function setPrices(db: Db, changes: { id: number; priceCents: number }[]): number {
  const bumped = db
    .update(syncState)
    .set({ revision: sql`${syncState.revision} + 1` })
    .where(eq(syncState.id, 1))
    .returning({ revision: syncState.revision })
    .get();
  if (!bumped) throw new Error('sync_state sin fila');
  const updatedAt = new Date().toISOString();
  for (const change of changes) {
    db.update(products).set({ priceCents: change.priceCents, revision: bumped.revision, updatedAt }).where(eq(products.id, change.id)).run();
  }
  return bumped.revision;
}
