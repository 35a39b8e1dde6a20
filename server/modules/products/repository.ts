/**
 * SQL for products. Stock is never written here (see stock/repository.ts); soft-deleted rows
 * (deleted_at set) are invisible to every read. The catalogue query filters on the columns of
 * products_catalog_idx and, when searching, narrows by the FTS5 trigram table products_fts.
 */
import { and, asc, count, eq, getTableColumns, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { brands, categories, products } from '../../db/schema';
import { bySql, exec, first, isPg, type Q } from '../../db/store';
import { likePattern, type SearchTerms } from './search';

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;

export interface ProductFilters {
  search?: SearchTerms | null;
  active?: boolean;
  categoryId?: number;
  brandId?: number;
  lowStock?: boolean;
}

export interface Page {
  limit: number;
  offset: number;
}

const { costCents: _cost, ...publicColumns } = getTableColumns(products);
const withNames = {
  ...getTableColumns(products),
  categoryName: categories.name,
  brandName: brands.name,
};
const catalogColumns = { ...publicColumns, categoryName: categories.name, brandName: brands.name };

/** The columns through which a product points to a category or a brand. */
export type ProductReference = 'categoryId' | 'brandId';

export type ProductWithNames = ProductRow & { categoryName: string | null; brandName: string | null };
export type CatalogRow = Omit<ProductWithNames, 'costCents'>;

const alive = isNull(products.deletedAt);

/**
 * Every word of the search must appear. SQLite: words of 3+ characters through the FTS5 trigram table
 * products_fts, shorter ones as LIKE. PostgreSQL: every word as search_text LIKE '%word%' (escaped), which
 * the pg_trgm GIN index products_search_trgm_idx serves (drizzle-pg/0001).
 */
function searchCondition(q: Q, terms: SearchTerms | null | undefined): SQL | undefined {
  if (!terms) return undefined;
  const like = (pattern: string) => sql`${products.searchText} LIKE ${pattern} ESCAPE '\\'`;
  const sqlite = terms.likes.map(like);
  if (terms.match) sqlite.unshift(sql`${products.id} IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ${terms.match})`);
  const postgres = terms.words.map((word) => like(likePattern(word)));
  return bySql(q, { sqlite: and(...sqlite)!, postgres: and(...postgres)! });
}

function listWhere(q: Q, f: ProductFilters): SQL | undefined {
  return and(
    alive,
    f.active === undefined ? undefined : eq(products.active, f.active),
    f.categoryId ? eq(products.categoryId, f.categoryId) : undefined,
    f.brandId ? eq(products.brandId, f.brandId) : undefined,
    f.lowStock ? lte(products.stock, products.minStock) : undefined,
    searchCondition(q, f.search),
  );
}

/**
 * Browsing walks products_catalog_idx (active, show_in_catalog, deleted_at, name) in name order and
 * stops at the page. Searching drives from the FTS matches instead (rowid lookups, then a sort of the
 * matches only): the unary + keeps SQLite from walking the whole index to test each row against them,
 * which costs milliseconds per query on a 50,000-product catalogue when a term is rare.
 */
function catalogWhere(q: Q, f: Pick<ProductFilters, 'search' | 'categoryId'>): SQL | undefined {
  return and(
    // The unary + is SQLite's planner hint; PostgreSQL has no unary + on a boolean.
    f.search?.match ? bySql(q, { sqlite: sql`+${products.active} = 1`, postgres: sql`${products.active}` }) : eq(products.active, true),
    eq(products.showInCatalog, true),
    alive,
    f.categoryId ? eq(products.categoryId, f.categoryId) : undefined,
    searchCondition(q, f.search),
  );
}

/**
 * Name order (id breaks ties). PostgreSQL's planner takes `active = true` as fixing a column of
 * products_catalog_idx but not `deleted_at IS NULL`, so to it the index is ordered by (deleted_at, name):
 * ordering by deleted_at first (NULL on every row the catalogue shows, so the same order) lets it walk the
 * index and stop at the page instead of sorting every visible product (tests/server/catalog.test.ts).
 */
const catalogOrder = (q: Q) => (isPg(q) ? [asc(products.deletedAt), asc(products.name), asc(products.id)] : [asc(products.name), asc(products.id)]);

const withNamesQuery = (q: Q) =>
  q
    .select(withNames)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(brands, eq(brands.id, products.brandId));

const catalogSelect = (q: Q) =>
  q
    .select(catalogColumns)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(brands, eq(brands.id, products.brandId));

const countOf = async (q: Q, where: SQL | undefined) => (await first(q.select({ n: count() }).from(products).where(where)))?.n ?? 0;

export const productsRepository = {
  /** A non-deleted product with its category and brand names. */
  findById: (q: Q, id: number): Promise<ProductWithNames | undefined> => first(withNamesQuery(q).where(and(eq(products.id, id), alive))),

  /**
   * Locks the product's row until the unit ends, so an edit reads what it changes without a concurrent
   * edit in between. PostgreSQL only: SQLite's one writer already runs units one at a time.
   */
  lock: async (tx: Q, id: number): Promise<void> => {
    if (isPg(tx)) await exec(tx, sql`SELECT id FROM products WHERE id = ${id} FOR UPDATE`);
  },

  /** A non-deleted product holding `code`, other than `exceptId`. */
  findByCode: (q: Q, code: string, exceptId = 0) =>
    first(q.select({ id: products.id }).from(products).where(and(alive, eq(products.code, code), ne(products.id, exceptId))).limit(1)),

  list: async (q: Q, filters: ProductFilters, page: Page): Promise<{ rows: ProductWithNames[]; total: number }> => {
    const where = listWhere(q, filters);
    const rows = await withNamesQuery(q).where(where).orderBy(asc(products.name), asc(products.id)).limit(page.limit).offset(page.offset);
    return { rows, total: await countOf(q, where) };
  },

  /** The public catalogue page query (exported so tests can EXPLAIN it). Never selects cost. */
  catalogQuery: (q: Q, filters: Pick<ProductFilters, 'search' | 'categoryId'>, page: Page) =>
    catalogSelect(q)
      .where(catalogWhere(q, filters))
      .orderBy(...catalogOrder(q))
      .limit(page.limit)
      .offset(page.offset),

  /** How many products the public catalogue shows for these filters (exported, as catalogQuery, for the bench's baseline). */
  catalogCountQuery: (q: Q, filters: Pick<ProductFilters, 'search' | 'categoryId'>) => q.select({ n: count() }).from(products).where(catalogWhere(q, filters)),

  catalog: async (q: Q, filters: Pick<ProductFilters, 'search' | 'categoryId'>, page: Page): Promise<{ rows: CatalogRow[]; total: number }> => {
    const rows = await productsRepository.catalogQuery(q, filters, page);
    return { rows, total: (await first(productsRepository.catalogCountQuery(q, filters)))?.n ?? 0 };
  },

  /** Every product ever created, deleted ones included (the demo seeds only an empty shop). */
  countAll: (q: Q) => countOf(q, undefined),

  insert: async (q: Q, row: NewProductRow) => (await first(q.insert(products).values(row).returning({ id: products.id })))!,

  update: (q: Q, id: number, patch: Partial<NewProductRow>) => q.update(products).set(patch).where(eq(products.id, id)),

  softDelete: (q: Q, id: number) => q.update(products).set({ deletedAt: new Date().toISOString(), active: false }).where(eq(products.id, id)),

  /** Whether a category or brand with this id exists and is not deleted (products point only to live ones). */
  referenceExists: async (q: Q, column: ProductReference, id: number): Promise<boolean> =>
    (column === 'categoryId'
      ? await first(q.select({ id: categories.id }).from(categories).where(and(eq(categories.id, id), isNull(categories.deletedAt))))
      : await first(q.select({ id: brands.id }).from(brands).where(and(eq(brands.id, id), isNull(brands.deletedAt))))) !== undefined,

  /** Live products that point to this category or brand. */
  countUsing: (q: Q, column: ProductReference, id: number) => countOf(q, and(alive, eq(products[column], id))),

  /** Products of a deleted category or brand move to another one or to none (each gets a new revision, so devices pull it). */
  reassign: (q: Q, column: ProductReference, fromId: number, toId: number | null) =>
    q.update(products).set({ [column]: toId }).where(eq(products[column], fromId)),
};
