/** SQL for brands. Deleted rows keep their id (soft delete) so old products and sync tombstones resolve. */
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands } from '../../db/schema';

export type BrandRow = typeof brands.$inferSelect;
export type NewBrandRow = typeof brands.$inferInsert;

const alive = isNull(brands.deletedAt);

export const brandsRepository = {
  list: (db: Db, active?: boolean) =>
    db
      .select()
      .from(brands)
      .where(active === undefined ? alive : and(alive, eq(brands.isActive, active)))
      .orderBy(asc(brands.name))
      .all(),
  /** A brand that is not deleted. */
  findById: (db: Db, id: number) => db.select().from(brands).where(and(eq(brands.id, id), alive)).get(),
  /** A non-deleted brand with this name (case-insensitive), other than `exceptId`. */
  findByName: (db: Db, name: string, exceptId = 0) =>
    db
      .select({ id: brands.id })
      .from(brands)
      .where(and(alive, sql`lower(${brands.name}) = lower(${name})`, ne(brands.id, exceptId)))
      .get(),
  insert: (db: Db, row: NewBrandRow) => db.insert(brands).values(row).returning().get(),
  update: (db: Db, id: number, patch: Partial<NewBrandRow>) => db.update(brands).set(patch).where(eq(brands.id, id)).returning().get(),
  softDelete: (db: Db, id: number) =>
    db.update(brands).set({ deletedAt: new Date().toISOString(), isActive: false }).where(eq(brands.id, id)).run(),
};
