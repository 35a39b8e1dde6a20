/** SQL for users. */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { first, isPg, rows, type Q } from '../../db/store';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
type UserPatch = Partial<Omit<NewUserRow, 'id' | 'tokenVersion' | 'updatedAt'>>;

export const usersRepository = {
  findById: (q: Q, id: number) => first(q.select().from(users).where(eq(users.id, id))),
  findByUsername: (q: Q, username: string) => first(q.select().from(users).where(eq(users.username, username))),
  list: (q: Q) => q.select().from(users).orderBy(asc(users.username)),
  count: async (q: Q) => (await first(q.select({ n: count() }).from(users)))?.n ?? 0,
  /**
   * The active admins' ids, held by this unit until it ends (PostgreSQL: FOR UPDATE, so two units that
   * demote or disable admins run one after the other and the second sees the first's result; SQLite
   * writes one unit at a time already).
   */
  lockActiveAdmins: async (tx: Q): Promise<number[]> => {
    if (isPg(tx)) return (await rows<{ id: number }>(tx, sql`SELECT id FROM users WHERE role = 'admin' AND active = true ORDER BY id FOR UPDATE`)).map((r) => r.id);
    return (await tx.select({ id: users.id }).from(users).where(and(eq(users.role, 'admin'), eq(users.active, true))).orderBy(asc(users.id))).map((r) => r.id);
  },
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
