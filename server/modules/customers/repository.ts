/**
 * SQL of the customer file (server/db/schema/customers.ts has the invariants). The search walks the FTS5
 * trigram table customers_fts on SQLite (words of 3+ characters; shorter ones as LIKE) and the trigram GIN
 * index customers_search_trgm_idx on PostgreSQL; browsing walks customers_name_idx (active, name).
 */
import { and, asc, count, eq, gt, ne, sql, type SQL } from 'drizzle-orm';
import { customerAliases, customers } from '../../db/schema';
import { bySql, exec, first, isPg, type Q } from '../../db/store';
import { likePattern } from '../products/search';
import type { CustomerRow } from './dto';

export type NewCustomerRow = Omit<typeof customers.$inferInsert, 'id' | 'revision' | 'createdAt' | 'updatedAt' | 'balanceCents'>;
export type CustomerPatch = Partial<Omit<NewCustomerRow, 'uuid' | 'createdByDeviceId' | 'createdByUserId'>>;

export interface CustomerFilters {
  /** Folded words (customerSearchWords): every one must appear. */
  words: string[];
  active?: boolean;
  account?: boolean;
}

const TRIGRAM = 3;

function searchCondition(q: Q, words: string[]): SQL | undefined {
  if (words.length === 0) return undefined;
  const like = (word: string) => sql`${customers.searchText} LIKE ${likePattern(word)} ESCAPE '\\'`;
  const long = words.filter((w) => [...w].length >= TRIGRAM);
  const short = words.filter((w) => [...w].length < TRIGRAM);
  const sqlite: SQL[] = short.map(like);
  if (long.length) {
    const match = long.map((w) => `"${w.replace(/"/g, '""')}"`).join(' AND ');
    sqlite.unshift(sql`${customers.id} IN (SELECT rowid FROM customers_fts WHERE customers_fts MATCH ${match})`);
  }
  return bySql(q, { sqlite: and(...sqlite)!, postgres: and(...words.map(like))! });
}

const listWhere = (q: Q, f: CustomerFilters): SQL | undefined =>
  and(
    f.active === undefined ? undefined : eq(customers.active, f.active),
    f.account === undefined ? undefined : eq(customers.accountEnabled, f.account),
    searchCondition(q, f.words),
  );

export const customersRepository = {
  findById: (q: Q, id: number): Promise<CustomerRow | undefined> => first(q.select().from(customers).where(eq(customers.id, id))),

  /** The customer a uuid names: its own, or an alias a device gave it. */
  findByUuid: async (q: Q, uuid: string): Promise<CustomerRow | undefined> =>
    (await first(q.select().from(customers).where(eq(customers.uuid, uuid)))) ??
    first(q.select({ c: customers }).from(customerAliases).innerJoin(customers, eq(customers.id, customerAliases.customerId)).where(eq(customerAliases.uuid, uuid))).then((r) => r?.c),

  /** The customer holding this document (any state), other than `exceptId`. */
  findByDocument: (q: Q, docType: number, docNumber: string, exceptId = 0): Promise<CustomerRow | undefined> =>
    first(q.select().from(customers).where(and(eq(customers.docType, docType), eq(customers.docNumber, docNumber), ne(customers.id, exceptId))).limit(1)),

  /** Every customer (the import plans against the whole file: a shop's customers, not its sales). */
  all: (q: Q): Promise<CustomerRow[]> => q.select().from(customers).orderBy(asc(customers.id)),

  /** Locks the customer's row until the unit ends (PostgreSQL; SQLite's one writer already serialises units). */
  lock: async (tx: Q, id: number): Promise<void> => {
    if (isPg(tx)) await exec(tx, sql`SELECT id FROM customers WHERE id = ${id} FOR UPDATE`);
  },

  list: async (q: Q, filters: CustomerFilters, page: { limit: number; offset: number }): Promise<{ rows: CustomerRow[]; total: number }> => {
    const where = listWhere(q, filters);
    const rows = await q.select().from(customers).where(where).orderBy(asc(customers.name), asc(customers.id)).limit(page.limit).offset(page.offset);
    const total = (await first(q.select({ n: count() }).from(customers).where(where)))?.n ?? 0;
    return { rows, total };
  },

  /** The next `limit` customers after id `afterId` (the export writes by pages). */
  exportPage: (q: Q, afterId: number, limit: number): Promise<CustomerRow[]> => q.select().from(customers).where(gt(customers.id, afterId)).orderBy(asc(customers.id)).limit(limit),

  insert: async (tx: Q, row: NewCustomerRow): Promise<CustomerRow> => (await tx.insert(customers).values(row).returning())[0],

  update: (tx: Q, id: number, patch: CustomerPatch): Promise<CustomerRow | undefined> => first(tx.update(customers).set(patch).where(eq(customers.id, id)).returning()),

  /** Records that a device's uuid names this customer (a second tablet created the same document offline). */
  insertAlias: async (tx: Q, uuid: string, customerId: number, deviceId: string | null): Promise<void> => {
    await tx.insert(customerAliases).values({ uuid, customerId, deviceId }).onConflictDoNothing();
  },
};
