/**
 * The catalogue API scenario's queries: a pool of distinct catalogue pages (searches for the generated
 * catalogue's words, one and two at a time, and category browsing, each on its first pages) that the
 * load walks in order, so no page repeats while sales keep emptying the server's page cache; and, for
 * the baseline, the very SQL the route runs for each page — built by the server's own repository
 * (productsRepository.catalogQuery and catalogCountQuery on the dialect's drizzle) and run by a bare driver.
 */
import { LIMITS } from '../../domain/constants';
import type { Q } from '../../server/db/store';
import { productsRepository } from '../../server/modules/products/repository';
import { searchTerms } from '../../server/modules/products/search';
import { BRANDS, CATEGORIES, TYPES, VARIANTS } from './vocabulary';

export interface CatalogPage {
  search?: string;
  categoryId?: number;
  page: number;
}

/** One page's two statements, as the route runs them (rows of the page, then the total). */
export interface CatalogStatements {
  page: number;
  rows: { sql: string; params: unknown[] };
  count: { sql: string; params: unknown[] };
}

const PAGES = 3;

/** Distinct catalogue pages, in a fixed order that spreads the searches (same list on every run). */
export function catalogPool(): CatalogPage[] {
  const words = [...new Set([...TYPES.flatMap(([type]) => type.split(' ')), ...BRANDS, ...VARIANTS].map((w) => w.toLowerCase()).filter((w) => w.length >= 3))];
  const searches = [...words, ...words.flatMap((a, i) => words.slice(i + 1, i + 4).map((b) => `${a} ${b}`))];
  const pool: CatalogPage[] = [];
  for (let page = 1; page <= PAGES; page++) {
    for (const search of searches) pool.push({ search, page });
    CATEGORIES.forEach((_, i) => pool.push({ categoryId: i + 1, page }));
  }
  return pool;
}

export function catalogPath(entry: CatalogPage): string {
  const query = new URLSearchParams();
  if (entry.search) query.set('search', entry.search);
  if (entry.categoryId) query.set('categoryId', String(entry.categoryId));
  query.set('page', String(entry.page));
  return `/api/products/catalog?${query}`;
}

/** The route's SQL for each page of the pool, built for `q`'s dialect. */
export function catalogStatements(q: Q, pool: CatalogPage[]): CatalogStatements[] {
  const limit = LIMITS.catalogPageSize;
  return pool.map((entry) => {
    const filters = { search: searchTerms(entry.search), categoryId: entry.categoryId };
    return {
      page: entry.page,
      rows: productsRepository.catalogQuery(q, filters, { limit, offset: (entry.page - 1) * limit }).toSQL(),
      count: productsRepository.catalogCountQuery(q, filters).toSQL(),
    };
  });
}
