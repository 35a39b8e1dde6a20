/** SQL for categories. Deleted rows keep their id (soft delete) so old products and sync tombstones resolve. */
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { categories } from '../../db/schema';
import { first, type Q } from '../../db/store';

export type CategoryRow = typeof categories.$inferSelect;
export type NewCategoryRow = typeof categories.$inferInsert;

const alive = isNull(categories.deletedAt);

export const categoriesRepository = {
  list: (q: Q, active?: boolean) =>
    q
      .select()
      .from(categories)
      .where(active === undefined ? alive : and(alive, eq(categories.isActive, active)))
      .orderBy(asc(categories.order), asc(categories.name), asc(categories.id)),
  /** A category that is not deleted. */
  findById: (q: Q, id: number) => first(q.select().from(categories).where(and(eq(categories.id, id), alive))),
  /** A non-deleted category with this name (case-insensitive), other than `exceptId`. */
  findByName: (q: Q, name: string, exceptId = 0) =>
    first(
      q
        .select({ id: categories.id })
        .from(categories)
        .where(and(alive, sql`lower(${categories.name}) = lower(${name})`, ne(categories.id, exceptId)))
        .limit(1),
    ),
  insert: async (q: Q, row: NewCategoryRow) => (await first(q.insert(categories).values(row).returning()))!,
  update: (q: Q, id: number, patch: Partial<NewCategoryRow>) => first(q.update(categories).set(patch).where(eq(categories.id, id)).returning()),
  softDelete: (q: Q, id: number) =>
    q.update(categories).set({ deletedAt: new Date().toISOString(), isActive: false }).where(eq(categories.id, id)),
};
