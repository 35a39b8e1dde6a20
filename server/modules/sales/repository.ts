/** SQL for sales and their items (numbering: numbering-repository.ts; dashboard: summary-repository.ts). */
import { and, count, desc, eq, gte, isNotNull, lte, ne, not, or, sql, type SQL } from 'drizzle-orm';
import type { PaymentMethod, PaymentStatus } from '../../../domain/constants';
import { foldText } from '../../../domain/text';
import { devices, products, saleItems, sales, users } from '../../db/schema';
import { bySql, first, type Q } from '../../db/store';
import { countsAsRevenue } from './revenue-sql';

export type SaleRow = typeof sales.$inferSelect;
export type SaleWithUser = SaleRow & { userFullName: string; deviceName: string | null; cancelledByName: string | null };

export interface SaleFilters {
  startIso?: string;
  endIso?: string;
  paymentMethod?: PaymentMethod;
  status?: PaymentStatus;
  flagged?: boolean;
  search?: string;
  userId?: number;
}

/** A LIKE pattern matching `text` anywhere, with its own % and _ taken literally (customer and product names are compared folded: no case, no accents). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The FTS5 query that narrows a search to its candidates (SQLite's sales_fts and sale_items_fts,
 * drizzle/0017), or null when the search has no part the trigram index can take (then the LIKE scans).
 * The parts are the runs of 3+ printable ASCII characters of the folded search: every code point whose
 * fold is ASCII is folded the same way by the tokenizer (remove_diacritics 1) except five that fold to
 * ; ` = < > (U+037E, U+1FEF, U+2260, U+226E, U+226F), so those five split runs too. Then every row the
 * exact LIKE finds holds each run and the MATCH is a superset of it (tests/server/sales-search.test.ts
 * checks every code point). Runs of other scripts (Greek accents, say) are left to the LIKE.
 */
export function salesSearchMatch(search: string): string | null {
  const runs = foldText(search)
    .split(/[^\x21-\x7e]|[;`=<>]/)
    .filter((run) => run.length >= 3);
  return runs.length ? runs.map((run) => `"${run.replace(/"/g, '""')}"`).join(' AND ') : null;
}

/**
 * A sale whose number holds the search (ASCII case folded), or whose customer or one of whose product
 * names holds it folded (domain/text.ts). When the search has a run of 3+ characters it is answered from
 * the trigram indexes: on SQLite the FTS tables give the candidates (salesSearchMatch) and the same LIKE
 * as without them picks among those; on PostgreSQL each LIKE takes its own trigram GIN index
 * (drizzle-pg/0007), so the OR becomes a union of three index reads. Shorter searches scan.
 */
function searchWhere(q: Q, search: string): SQL {
  const folded = containing(foldText(search));
  // SQLite's LIKE ignores ASCII case, PostgreSQL's does not: ILIKE there.
  const numberLike = bySql(q, {
    sqlite: sql`${sales.saleNumber} LIKE ${containing(search)} ESCAPE '\\'`,
    postgres: sql`${sales.saleNumber} ILIKE ${containing(search)} ESCAPE '\\'`,
  });
  // fold_text: a function of the server's connections on SQLite (domain/text.ts), of drizzle-pg/0001 on PostgreSQL.
  const customerLike = sql`fold_text(${sales.customerName}) LIKE ${folded} ESCAPE '\\'`;
  const productLike = (items: SQL) => sql`fold_text(${items}.product_name) LIKE ${folded} ESCAPE '\\'`;
  const scan = or(numberLike, customerLike, sql`exists (select 1 from ${saleItems} where ${saleItems.saleId} = ${sales.id} and ${productLike(sql.raw('sale_items'))})`) as SQL;
  const match = salesSearchMatch(search);
  if (!match) return scan;
  return bySql(q, {
    sqlite: and(
      sql`${sales.id} IN (SELECT rowid FROM sales_fts WHERE sales_fts MATCH ${match}
        UNION SELECT si.sale_id FROM sale_items si WHERE si.id IN (SELECT rowid FROM sale_items_fts WHERE sale_items_fts MATCH ${match}))`,
      scan,
    )!,
    postgres: sql`${sales.id} IN (SELECT s2.id FROM sales s2 WHERE s2.sale_number ILIKE ${containing(search)} ESCAPE '\\'
      UNION SELECT s2.id FROM sales s2 WHERE fold_text(s2.customer_name) LIKE ${folded} ESCAPE '\\'
      UNION SELECT si.sale_id FROM sale_items si WHERE ${productLike(sql.raw('si'))})`,
  });
}

const saleWithUser = {
  sale: sales,
  userFullName: users.fullName,
  deviceName: devices.name,
  cancelledByName: sql<string | null>`(select full_name from users c where c.id = ${sales.cancelledBy})`,
};

/**
 * A sale the owner should look at: an offline anomaly or a review note, unless it was cancelled since
 * (its stock went back), or a payment in review (which matters most on a cancelled sale).
 */
const needsReview = or(
  and(or(eq(sales.flagOversold, true), eq(sales.flagPriceChanged, true), isNotNull(sales.reviewNote)), ne(sales.paymentStatus, 'cancelado')),
  eq(sales.flagPaymentReview, true),
) as SQL;

/**
 * Every sale needsReview can match carries one of these: the predicate of the partial index
 * sales_review_date_idx, written the same way so the planner takes that index (the flagged count and page
 * read the few flagged sales instead of scanning all of them).
 */
const mayNeedReview = sql`(${sales.flagOversold} OR ${sales.flagPriceChanged} OR ${sales.reviewNote} IS NOT NULL OR ${sales.flagPaymentReview})`;

function filterWhere(q: Q, f: SaleFilters): SQL | undefined {
  return and(
    f.startIso ? gte(sales.saleDate, f.startIso) : undefined,
    f.endIso ? lte(sales.saleDate, f.endIso) : undefined,
    f.paymentMethod ? eq(sales.paymentMethod, f.paymentMethod) : undefined,
    f.status ? eq(sales.paymentStatus, f.status) : undefined,
    f.userId ? eq(sales.userId, f.userId) : undefined,
    f.search ? searchWhere(q, f.search) : undefined,
    f.flagged === true ? and(mayNeedReview, needsReview) : undefined,
    f.flagged === false ? not(needsReview) : undefined,
  );
}

export const salesRepository = {
  /** The payments flow's lookup before a sale (the sale write path itself: ledger-repository.ts). */
  findByClientSaleId: (q: Q, clientSaleId: string): Promise<SaleRow | undefined> => first(q.select().from(sales).where(eq(sales.clientSaleId, clientSaleId))),

  /** A product a sale refers to, soft-deleted ones included (the payments flow prices its cart with it). */
  productById: (q: Q, id: number) =>
    first(
      q
        .select({ id: products.id, name: products.name, priceCents: products.priceCents, ivaRateBp: products.ivaRateBp, costCents: products.costCents, stock: products.stock, active: products.active, deletedAt: products.deletedAt })
        .from(products)
        .where(eq(products.id, id)),
    ),

  findWithUser: async (q: Q, id: number): Promise<SaleWithUser | undefined> => {
    const row = await first(
      q
        .select(saleWithUser)
        .from(sales)
        .innerJoin(users, eq(users.id, sales.userId))
        .leftJoin(devices, eq(devices.id, sales.deviceId))
        .where(eq(sales.id, id)),
    );
    return row && { ...row.sale, userFullName: row.userFullName, deviceName: row.deviceName, cancelledByName: row.cancelledByName };
  },

  items: (q: Q, saleId: number) => q.select().from(saleItems).where(eq(saleItems.saleId, saleId)).orderBy(saleItems.id),

  /** Marks a sale cancelled unless it already is; undefined when nothing changed. */
  markCancelled: (q: Q, id: number, userId: number, at: string) =>
    first(
      q
        .update(sales)
        .set({ paymentStatus: 'cancelado', cancelledAt: at, cancelledBy: userId })
        .where(and(eq(sales.id, id), ne(sales.paymentStatus, 'cancelado')))
        .returning({ id: sales.id }),
    ),

  /** A page of sales, newest first, with the seller's name and the number of items: the query, unexecuted (the tests EXPLAIN it). */
  listQuery: (q: Q, filters: SaleFilters, offset: number, limit: number) =>
    q
      .select({
        ...saleWithUser,
        itemCount: sql<number>`(select count(*) from ${saleItems} where ${saleItems.saleId} = ${sales.id})`,
      })
      .from(sales)
      .innerJoin(users, eq(users.id, sales.userId))
      .leftJoin(devices, eq(devices.id, sales.deviceId))
      .where(filterWhere(q, filters))
      .orderBy(desc(sales.saleDate), desc(sales.id))
      .limit(limit)
      .offset(offset),

  /** A page of sales (listQuery). */
  list: async (q: Q, filters: SaleFilters, offset: number, limit: number) =>
    (await salesRepository.listQuery(q, filters, offset, limit)).map((row) => ({
      ...row.sale,
      userFullName: row.userFullName,
      deviceName: row.deviceName,
      cancelledByName: row.cancelledByName,
      itemCount: Number(row.itemCount),
    })),

  /** The count's query, unexecuted (the tests EXPLAIN it: the flagged count walks sales_review_date_idx). */
  countQuery: (q: Q, filters: SaleFilters) =>
    q
      .select({ n: count(), totalCents: sql<number>`coalesce(sum(case when ${countsAsRevenue} then ${sales.totalCents} - ${sales.returnedCents} else 0 end), 0)` })
      .from(sales)
      .where(filterWhere(q, filters)),

  /** How many sales match, and their revenue (./revenue-sql.ts: paid, not refunded, net of returns). */
  count: async (q: Q, filters: SaleFilters) => {
    const row = await first(salesRepository.countQuery(q, filters));
    return { n: Number(row?.n ?? 0), totalCents: Number(row?.totalCents ?? 0) };
  },
};
