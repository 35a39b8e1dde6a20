/**
 * SQL for products. Stock is never written here (see stock/repository.ts); soft-deleted rows
 * (deleted_at set) are invisible to every read. The catalogue query filters on the columns of
 * products_catalog_idx and, when searching, narrows by the FTS5 trigram table products_fts.
 */
import { and, asc, count, eq, getTableColumns, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { first, type Q } from '../../db/store';
import { brands, categories, products } from '../../db/schema';
import type { SearchTerms } from './search';

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

function searchConditions(terms: SearchTerms | null | undefined): SQL[] {
  if (!terms) return [];
  const conditions = terms.likes.map((pattern) => sql`${products.searchText} LIKE ${pattern} ESCAPE '\\'`);
  if (terms.match) conditions.unshift(sql`${products.id} IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ${terms.match})`);
  return conditions;
}

function listWhere(f: ProductFilters): SQL | undefined {
  return and(
    alive,
    f.active === undefined ? undefined : eq(products.active, f.active),
    f.categoryId ? eq(products.categoryId, f.categoryId) : undefined,
    f.brandId ? eq(products.brandId, f.brandId) : undefined,
    f.lowStock ? lte(products.stock, products.minStock) : undefined,
    ...searchConditions(f.search),
  );
}

/**
 * Browsing walks products_catalog_idx (active, show_in_catalog, deleted_at, name) in name order and
 * stops at the page. Searching drives from the FTS matches instead (rowid lookups, then a sort of the
 * matches only): the unary + keeps SQLite from walking the whole index to test each row against them,
 * which costs milliseconds per query on a 50,000-product catalogue when a term is rare.
 */
function catalogWhere(f: Pick<ProductFilters, 'search' | 'categoryId'>): SQL | undefined {
  return and(
    f.search?.match ? sql`+${products.active} = 1` : eq(products.active, true),
    eq(products.showInCatalog, true),
    alive,
    f.categoryId ? eq(products.categoryId, f.categoryId) : undefined,
    ...searchConditions(f.search),
  );
}

const withNamesQuery = (db: Db) =>
  db
    .select(withNames)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(brands, eq(brands.id, products.brandId));

const catalogSelect = (db: Db) =>
  db
    .select(catalogColumns)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(brands, eq(brands.id, products.brandId));

export const productsRepository = {
  /** A non-deleted product with its category and brand names. */
  findById: (db: Db, id: number): ProductWithNames | undefined =>
    withNamesQuery(db).where(and(eq(products.id, id), alive)).get(),

  /** A non-deleted product holding `code`, other than `exceptId`. */
  findByCode: (db: Db, code: string, exceptId = 0) =>
    db.select({ id: products.id }).from(products).where(and(alive, eq(products.code, code), ne(products.id, exceptId))).get(),

  list: (db: Db, filters: ProductFilters, page: Page): { rows: ProductWithNames[]; total: number } => {
    const where = listWhere(filters);
    const rows = withNamesQuery(db).where(where).orderBy(asc(products.name), asc(products.id)).limit(page.limit).offset(page.offset).all();
    const total = db.select({ n: count() }).from(products).where(where).get()?.n ?? 0;
    return { rows, total };
  },

  /** The public catalogue page query (exported so tests can EXPLAIN it). Never selects cost. */
  catalogQuery: (db: Db, filters: Pick<ProductFilters, 'search' | 'categoryId'>, page: Page) =>
    catalogSelect(db)
      .where(catalogWhere(filters))
      .orderBy(asc(products.name), asc(products.id))
      .limit(page.limit)
      .offset(page.offset),

  catalog: (db: Db, filters: Pick<ProductFilters, 'search' | 'categoryId'>, page: Page): { rows: CatalogRow[]; total: number } => {
    const rows = productsRepository.catalogQuery(db, filters, page).all();
    const total = db.select({ n: count() }).from(products).where(catalogWhere(filters)).get()?.n ?? 0;
    return { rows, total };
  },

  /** Every product ever created, deleted ones included (the demo seeds only an empty shop). */
  countAll: (db: Db) => db.select({ n: count() }).from(products).get()?.n ?? 0,

  insert: (db: Db, row: NewProductRow) => db.insert(products).values(row).returning({ id: products.id }).get(),

  update: (db: Db, id: number, patch: Partial<NewProductRow>) => db.update(products).set(patch).where(eq(products.id, id)).run(),

  softDelete: (db: Db, id: number) =>
    db.update(products).set({ deletedAt: new Date().toISOString(), active: false }).where(eq(products.id, id)).run(),

  /** Whether a category or brand with this id exists and is not deleted (products point only to live ones). */
  referenceExists: (db: Db, column: ProductReference, id: number): boolean =>
    column === 'categoryId'
      ? db.select({ id: categories.id }).from(categories).where(and(eq(categories.id, id), isNull(categories.deletedAt))).get() !== undefined
      : db.select({ id: brands.id }).from(brands).where(and(eq(brands.id, id), isNull(brands.deletedAt))).get() !== undefined,

  /** Live products that point to this category or brand. */
  countUsing: async (q: Q, column: ProductReference, id: number) =>
    (await first(q.select({ n: count() }).from(products).where(and(alive, eq(products[column], id)))))?.n ?? 0,

  /** Products of a deleted category or brand move to another one or to none (each gets a new revision, so devices pull it). */
  reassign: (q: Q, column: ProductReference, fromId: number, toId: number | null) =>
    q.update(products).set({ [column]: toId }).where(eq(products[column], fromId)),
};
