/**
 * SQL for contact messages, joined with the enquired product and the responder. Search folds case
 * and accents on both sides (fold_text, registered on every connection by server/db/client.ts).
 */
import { and, type AnyColumn, count, desc, eq, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ContactStatus } from '../../../domain/constants';
import { foldText } from '../../../domain/text';
import type { Db } from '../../db/client';
import { contactMessages, products, users } from '../../db/schema';

type NewContactRow = typeof contactMessages.$inferInsert;
type ContactPatch = Partial<Pick<NewContactRow, 'status' | 'notes' | 'respondedAt' | 'respondedBy'>>;

export interface ContactFilters {
  status?: ContactStatus;
  /** Matched ignoring case and accents against name, email and subject. */
  search?: string | null;
  /** UTC ISO bounds, inclusive. */
  from?: string;
  to?: string;
}

const detailColumns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  phone: contactMessages.phone,
  subject: contactMessages.subject,
  message: contactMessages.message,
  status: contactMessages.status,
  notes: contactMessages.notes,
  productId: contactMessages.productId,
  productName: products.name,
  createdAt: contactMessages.createdAt,
  respondedAt: contactMessages.respondedAt,
  responderFullName: users.fullName,
  responderUsername: users.username,
};

function detailQuery(db: Db) {
  return db
    .select(detailColumns)
    .from(contactMessages)
    .leftJoin(products, eq(products.id, contactMessages.productId))
    .leftJoin(users, eq(users.id, contactMessages.respondedBy));
}
export type ContactDetailRow = NonNullable<ReturnType<ReturnType<typeof detailQuery>['get']>>;

const likeEscape = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereOf(f: ContactFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (f.status) conditions.push(eq(contactMessages.status, f.status));
  if (f.search) {
    const pattern = likeEscape(foldText(f.search));
    const matches = (column: AnyColumn) => sql`fold_text(${column}) LIKE ${pattern} ESCAPE '\\'`;
    conditions.push(or(matches(contactMessages.name), matches(contactMessages.email), matches(contactMessages.subject)));
  }
  if (f.from) conditions.push(gte(contactMessages.createdAt, f.from));
  if (f.to) conditions.push(lte(contactMessages.createdAt, f.to));
  return and(...conditions);
}

const countWhen = (condition: SQL) => sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;

export const contactRepository = {
  insert: (db: Db, row: NewContactRow) => db.insert(contactMessages).values(row).returning({ id: contactMessages.id }).get(),
  productExists: (db: Db, id: number) =>
    db.select({ id: products.id }).from(products).where(and(eq(products.id, id), isNull(products.deletedAt))).get() !== undefined,
  findById: (db: Db, id: number) => detailQuery(db).where(eq(contactMessages.id, id)).get(),
  findStatus: (db: Db, id: number) => db.select({ status: contactMessages.status }).from(contactMessages).where(eq(contactMessages.id, id)).get(),
  /** One page, newest first, and the number of rows matching the filters. */
  list: (db: Db, filters: ContactFilters, page: number, limit: number) => {
    const where = whereOf(filters);
    const rows = detailQuery(db)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit)
      .offset((page - 1) * limit)
      .all();
    const total = db.select({ n: count() }).from(contactMessages).where(where).get()?.n ?? 0;
    return { rows, total };
  },
  /** Counts in one pass: per status, and created since each of the given UTC ISO instants. */
  stats: (db: Db, todayStart: string, weekStart: string) =>
    db
      .select({
        total: count(),
        nuevos: countWhen(sql`${contactMessages.status} = 'nuevo'`),
        leidos: countWhen(sql`${contactMessages.status} = 'leido'`),
        respondidos: countWhen(sql`${contactMessages.status} = 'respondido'`),
        archivados: countWhen(sql`${contactMessages.status} = 'archivado'`),
        hoy: countWhen(gte(contactMessages.createdAt, todayStart)!),
        estaSemana: countWhen(gte(contactMessages.createdAt, weekStart)!),
      })
      .from(contactMessages)
      .get()!,
  update: (db: Db, id: number, patch: ContactPatch) =>
    db
      .update(contactMessages)
      .set({ ...patch, updatedAt: new Date().toISOString() })
      .where(eq(contactMessages.id, id))
      .run().changes,
  delete: (db: Db, id: number) => db.delete(contactMessages).where(eq(contactMessages.id, id)).run().changes,
};
