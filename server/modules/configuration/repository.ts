/**
 * SQL for configuration entries (primary key categoria + clave; the revision trigger stamps changes:
 * SQLite's, or drizzle-pg/0001's configuration_revision_* on PostgreSQL).
 */
import { and, asc, eq } from 'drizzle-orm';
import { configuration } from '../../db/schema';
import { first, type Q } from '../../db/store';

export type ConfigRow = typeof configuration.$inferSelect;
type NewConfigRow = Omit<typeof configuration.$inferInsert, 'revision' | 'updatedAt'>;

const byKey = (categoria: string, clave: string) => and(eq(configuration.categoria, categoria), eq(configuration.clave, clave));

export const configurationRepository = {
  list: (q: Q, categoria?: string) =>
    q
      .select()
      .from(configuration)
      .where(categoria === undefined ? undefined : eq(configuration.categoria, categoria))
      .orderBy(asc(configuration.categoria), asc(configuration.clave)),
  categories: async (q: Q) =>
    (await q.selectDistinct({ categoria: configuration.categoria }).from(configuration).orderBy(asc(configuration.categoria))).map((r) => r.categoria),
  find: (q: Q, categoria: string, clave: string) => first(q.select().from(configuration).where(byKey(categoria, clave))),
  /** Inserts unless the key exists; returns undefined when it already did. */
  insertNew: (q: Q, row: NewConfigRow) => first(q.insert(configuration).values(row).onConflictDoNothing().returning()),
  setValue: (q: Q, categoria: string, clave: string, valor: string) =>
    first(q.update(configuration).set({ valor }).where(byKey(categoria, clave)).returning()),
};
