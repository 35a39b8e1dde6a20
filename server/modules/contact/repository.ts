/**
 * SQL for contact messages, joined with the enquired product and the responder. Search folds case
 * and accents on both sides (fold_text: registered on every SQLite connection by server/db/client.ts
 * and sqlite-store.ts; an SQL function of drizzle-pg/0001 on PostgreSQL, equal to domain/text.ts foldText).
 */
import { and, type AnyColumn, count, desc, eq, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ContactStatus } from '../../../domain/constants';
import { foldText } from '../../../domain/text';
import { contactMessages, products, users } from '../../db/schema';
import { affected, first, type Q } from '../../db/store';

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

function detailQuery(q: Q) {
  return q
    .select(detailColumns)
    .from(contactMessages)
    .leftJoin(products, eq(products.id, contactMessages.productId))
    .leftJoin(users, eq(users.id, contactMessages.respondedBy));
}
export type ContactDetailRow = Awaited<ReturnType<typeof detailQuery>>[number];

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

/** PostgreSQL's sum() is a bigint (a string in node-postgres): mapped to a number on both dialects. */
const countWhen = (condition: SQL) => sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`.mapWith(Number);

export const contactRepository = {
  insert: async (q: Q, row: NewContactRow) => (await first(q.insert(contactMessages).values(row).returning({ id: contactMessages.id })))!,
  productExists: async (q: Q, id: number) =>
    (await first(q.select({ id: products.id }).from(products).where(and(eq(products.id, id), isNull(products.deletedAt))))) !== undefined,
  findById: (q: Q, id: number) => first(detailQuery(q).where(eq(contactMessages.id, id))),
  findStatus: (q: Q, id: number) => first(q.select({ status: contactMessages.status }).from(contactMessages).where(eq(contactMessages.id, id))),
  /** One page, newest first, and the number of rows matching the filters. */
  list: async (q: Q, filters: ContactFilters, page: number, limit: number) => {
    const where = whereOf(filters);
    const rows = await detailQuery(q)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit)
      .offset((page - 1) * limit);
    const total = (await first(q.select({ n: count() }).from(contactMessages).where(where)))?.n ?? 0;
    return { rows, total };
  },
  /** Counts in one pass: per status, and created since each of the given UTC ISO instants. */
  stats: async (q: Q, todayStart: string, weekStart: string) =>
    (await first(
      q
        .select({
          total: count(),
          nuevos: countWhen(sql`${contactMessages.status} = 'nuevo'`),
          leidos: countWhen(sql`${contactMessages.status} = 'leido'`),
          respondidos: countWhen(sql`${contactMessages.status} = 'respondido'`),
          archivados: countWhen(sql`${contactMessages.status} = 'archivado'`),
          hoy: countWhen(gte(contactMessages.createdAt, todayStart)!),
          estaSemana: countWhen(gte(contactMessages.createdAt, weekStart)!),
        })
        .from(contactMessages),
    ))!,
  update: async (q: Q, id: number, patch: ContactPatch) =>
    affected(
      await q
        .update(contactMessages)
        .set({ ...patch, updatedAt: new Date().toISOString() })
        .where(eq(contactMessages.id, id)),
    ),
  delete: async (q: Q, id: number) => affected(await q.delete(contactMessages).where(eq(contactMessages.id, id))),
};
