/** SQL for brands. Deleted rows keep their id (soft delete) so old products and sync tombstones resolve. */
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { brands } from '../../db/schema';
import { first, type Q } from '../../db/store';

export type BrandRow = typeof brands.$inferSelect;
export type NewBrandRow = typeof brands.$inferInsert;

const alive = isNull(brands.deletedAt);

export const brandsRepository = {
  list: (q: Q, active?: boolean) =>
    q
      .select()
      .from(brands)
      .where(active === undefined ? alive : and(alive, eq(brands.isActive, active)))
      .orderBy(asc(brands.name), asc(brands.id)),
  /** A brand that is not deleted. */
  findById: (q: Q, id: number) => first(q.select().from(brands).where(and(eq(brands.id, id), alive))),
  /** A non-deleted brand with this name (case-insensitive), other than `exceptId`. */
  findByName: (q: Q, name: string, exceptId = 0) =>
    first(
      q
        .select({ id: brands.id })
        .from(brands)
        .where(and(alive, sql`lower(${brands.name}) = lower(${name})`, ne(brands.id, exceptId)))
        .limit(1),
    ),
  insert: async (q: Q, row: NewBrandRow) => (await first(q.insert(brands).values(row).returning()))!,
  update: (q: Q, id: number, patch: Partial<NewBrandRow>) => first(q.update(brands).set(patch).where(eq(brands.id, id)).returning()),
  softDelete: (q: Q, id: number) => q.update(brands).set({ deletedAt: new Date().toISOString(), isActive: false }).where(eq(brands.id, id)),
};
