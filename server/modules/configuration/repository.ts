/** SQL for configuration entries (primary key categoria + clave; the revision trigger stamps changes). */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { configuration } from '../../db/schema';

export type ConfigRow = typeof configuration.$inferSelect;
type NewConfigRow = Omit<typeof configuration.$inferInsert, 'revision' | 'updatedAt'>;

const byKey = (categoria: string, clave: string) => and(eq(configuration.categoria, categoria), eq(configuration.clave, clave));

export const configurationRepository = {
  list: (db: Db, categoria?: string) =>
    db
      .select()
      .from(configuration)
      .where(categoria === undefined ? undefined : eq(configuration.categoria, categoria))
      .orderBy(asc(configuration.categoria), asc(configuration.clave))
      .all(),
  categories: (db: Db) =>
    db.selectDistinct({ categoria: configuration.categoria }).from(configuration).orderBy(asc(configuration.categoria)).all().map((r) => r.categoria),
  find: (db: Db, categoria: string, clave: string) => db.select().from(configuration).where(byKey(categoria, clave)).get(),
  /** Inserts unless the key exists; returns undefined when it already did. */
  insertNew: (db: Db, row: NewConfigRow) => db.insert(configuration).values(row).onConflictDoNothing().returning().get(),
  setValue: (db: Db, categoria: string, clave: string, valor: string) =>
    db.update(configuration).set({ valor }).where(byKey(categoria, clave)).returning().get(),
};
