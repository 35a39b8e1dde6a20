/** SQL for categories. Deleted rows keep their id (soft delete) so old products and sync tombstones resolve. */
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema';

export type CategoryRow = typeof categories.$inferSelect;
export type NewCategoryRow = typeof categories.$inferInsert;

const alive = isNull(categories.deletedAt);

export const categoriesRepository = {
  list: (db: Db, active?: boolean) =>
    db
      .select()
      .from(categories)
      .where(active === undefined ? alive : and(alive, eq(categories.isActive, active)))
      .orderBy(asc(categories.order), asc(categories.name))
      .all(),
  /** A category that is not deleted. */
  findById: (db: Db, id: number) => db.select().from(categories).where(and(eq(categories.id, id), alive)).get(),
  /** A non-deleted category with this name (case-insensitive), other than `exceptId`. */
  findByName: (db: Db, name: string, exceptId = 0) =>
    db
      .select({ id: categories.id })
      .from(categories)
      .where(and(alive, sql`lower(${categories.name}) = lower(${name})`, ne(categories.id, exceptId)))
      .get(),
  insert: (db: Db, row: NewCategoryRow) => db.insert(categories).values(row).returning().get(),
  update: (db: Db, id: number, patch: Partial<NewCategoryRow>) =>
    db.update(categories).set(patch).where(eq(categories.id, id)).returning().get(),
  softDelete: (db: Db, id: number) =>
    db.update(categories).set({ deletedAt: new Date().toISOString(), isActive: false }).where(eq(categories.id, id)).run(),
};
