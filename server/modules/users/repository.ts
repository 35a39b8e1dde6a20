/** SQL for users. */
import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export const usersRepository = {
  findById: (db: Db, id: number) => db.select().from(users).where(eq(users.id, id)).get(),
  findByUsername: (db: Db, username: string) => db.select().from(users).where(eq(users.username, username)).get(),
  list: (db: Db) => db.select().from(users).orderBy(asc(users.username)).all(),
  count: (db: Db) => db.select({ n: count() }).from(users).get()?.n ?? 0,
  insert: (db: Db, row: NewUserRow) => db.insert(users).values(row).returning().get(),
  update: (db: Db, id: number, patch: Partial<NewUserRow>) =>
    db
      .update(users)
      .set({ ...patch, updatedAt: new Date().toISOString() })
      .where(eq(users.id, id))
      .returning()
      .get(),
};
