/** SQL for users. */
import { asc, count, eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { first, type Q } from '../../db/store';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
type UserPatch = Partial<Omit<NewUserRow, 'id' | 'tokenVersion' | 'updatedAt'>>;

export const usersRepository = {
  findById: (q: Q, id: number) => first(q.select().from(users).where(eq(users.id, id))),
  findByUsername: (q: Q, username: string) => first(q.select().from(users).where(eq(users.username, username))),
  list: (q: Q) => q.select().from(users).orderBy(asc(users.username)),
  count: async (q: Q) => (await first(q.select({ n: count() }).from(users)))?.n ?? 0,
  insert: async (q: Q, row: NewUserRow) => (await first(q.insert(users).values(row).returning()))!,
  /** `revokeSessions` bumps token_version in the same statement, so concurrent bumps never collapse into one. */
  update: (q: Q, id: number, patch: UserPatch, revokeSessions = false) =>
    first(
      q
        .update(users)
        .set({ ...patch, ...(revokeSessions ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}), updatedAt: new Date().toISOString() })
        .where(eq(users.id, id))
        .returning(),
    ),
};
