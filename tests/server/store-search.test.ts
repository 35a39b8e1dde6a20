/**
 * Accent-insensitive search on both dialects (issue #20), on the demo catalogue as the server seeds it
 * (DEMO_DATA) on SQLite, copied into PostgreSQL: PostgreSQL's fold_text (drizzle-pg/0001) equals
 * domain/text.ts foldText on every demo text and on many accented, upper-case and oddly spaced strings;
 * a search finds the same products on both (SQLite: the FTS5 trigram table products_fts as the products
 * repository queries it; PostgreSQL: search_text LIKE per folded word, served by the trigram index).
 */
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { foldText } from '../../domain/text';
import { pgStore } from '../../server/db/pg-store';
import { brands, businessInfo, categories, products } from '../../server/db/schema';
import { rows, type Q } from '../../server/db/store';
import { searchTerms } from '../../server/modules/products/search';
import { testDatabase } from '../helpers/postgres';
import { buildApp } from '../helpers/server';

const { s } = await buildApp({ env: { DEMO_DATA: 'true' } });
const sqlite = s.app.store;
const postgres = await pgStore(await testDatabase());
afterAll(() => postgres.close());

const demo = await sqlite.read(async (q) => ({
  categories: await q.select().from(categories),
  brands: await q.select().from(brands),
  products: await q.select().from(products),
  business: await q.select().from(businessInfo).where(eq(businessInfo.id, 1)),
}));
await postgres.write(async (tx) => {
  await tx.insert(categories).values(demo.categories);
  await tx.insert(brands).values(demo.brands);
  await tx.insert(products).values(demo.products);
});

/** fold_text of each string on PostgreSQL, in one query. */
const foldOnPostgres = (texts: (string | null)[]) =>
  postgres.read(async (q) =>
    (
      await rows<{ f: string }>(
        q,
        sql`SELECT fold_text(t.v) AS f FROM jsonb_array_elements(${JSON.stringify(texts)}::jsonb) WITH ORDINALITY AS e(j, n), LATERAL (SELECT e.j #>> '{}' AS v) t ORDER BY e.n`,
      )
    ).map((r) => r.f),
  );

const demoTexts = [
  ...demo.categories.flatMap((c) => [c.name, c.description]),
  ...demo.brands.map((b) => b.name),
  ...demo.products.flatMap((p) => [p.name, p.code, p.description]),
  ...Object.values(demo.business[0]).filter((v): v is string => typeof v === 'string'),
];

/** Product ids found for `raw` on SQLite, as the products repository searches (FTS5 MATCH + LIKE for short words). */
async function searchSqlite(raw: string): Promise<number[]> {
  const terms = searchTerms(raw)!;
  const conditions = terms.likes.map((pattern) => sql`${products.searchText} LIKE ${pattern} ESCAPE '\\'`);
  if (terms.match) conditions.unshift(sql`${products.id} IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ${terms.match})`);
  return sqlite.read(async (q) => (await q.select({ id: products.id }).from(products).where(sql.join(conditions, sql` AND `))).map((r) => r.id).sort((a, b) => a - b));
}

/** Product ids found for `raw` on PostgreSQL: every word folded in SQL, matched with LIKE on search_text. */
async function searchPostgres(raw: string): Promise<number[]> {
  const words = raw.split(/\s+/).filter(Boolean);
  const conditions = words.map(
    (w) => sql`${products.searchText} LIKE '%' || replace(replace(replace(fold_text(${w}), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`,
  );
  return postgres.read(async (q: Q) => (await q.select({ id: products.id }).from(products).where(sql.join(conditions, sql` AND `))).map((r) => r.id).sort((a, b) => a - b));
}

describe('search on both dialects (demo catalogue)', () => {
  it('the demo catalogue is there, on both', async () => {
    expect(demo.products.length).toBeGreaterThanOrEqual(40);
    expect(await postgres.read((q) => q.select({ id: products.id }).from(products))).toHaveLength(demo.products.length);
  });

  it('fold_text on PostgreSQL equals foldText on every demo text, as written and in upper case', async () => {
    const texts = demoTexts.flatMap((t) => (t === null ? [t] : [t, t.toUpperCase(), `  ${t.toLocaleUpperCase('es-AR')}\t`]));
    expect(texts.length).toBeGreaterThan(300);
    expect(await foldOnPostgres(texts)).toEqual(texts.map((t) => foldText(t)));
  });

  it("every demo product's search_text is fold_text of its name, code and description on PostgreSQL", async () => {
    const mismatched = await postgres.read((q) =>
      rows<{ id: number }>(q, sql`SELECT id FROM products WHERE search_text <> fold_text(concat_ws(' ', name, code, description))`),
    );
    expect(mismatched).toEqual([]);
  });

  it('fold_text equals foldText on many accented, upper-case, decomposed and oddly spaced strings', async () => {
    const alphabet = [
      ...'aeiouAEIOUnNcCyYsSzZ 0123456789-.,/%_\\"\'',
      ...'áéíóúàèìòùâêîôûäëïöüãõñçÁÉÍÓÚÀÈÌÒÙÂÊÎÔÛÄËÏÖÜÃÕÑÇýÿÝŸøØåÅæÆœŒßẞ',
      ...'ąćęłńśźżĄĆĘŁŃŚŹŻčďěňřšťůžČĎĚŇŘŠŤŮŽőűŐŰİıǅǈǋ',
      ...'ΑΒΓΣσςΆΈάέЖжЁёЙй',
      '\u0301', '\u0303', '\u0308', '\u0327', '\u030c', '\u0336', '\u20dd',
      '\t', '\n', '\r', '\u00a0', '\u2003', '\u202f', '\u3000', '\ufeff', '\u2028',
      'ﬁ', '½', '²', 'Ⅻ', '™', 'ℌ', '€', '😀', '👍🏽',
    ];
    const strings = fc.sample(fc.array(fc.constantFrom(...alphabet), { maxLength: 24 }).map((chars) => chars.join('')), { numRuns: 2000, seed: 20 });
    const texts = [null, '', ' ', ...strings];
    const folded = await foldOnPostgres(texts);
    const differences = texts.map((t, i) => ({ t, js: foldText(t), pg: folded[i] })).filter((d) => d.js !== d.pg);
    expect(differences).toEqual([]);
  });

  it('a search finds the same products on both, for every demo word and for accented or upper-case queries', async () => {
    const words = [...new Set(demo.products.flatMap((p) => p.searchText.split(' ')))].filter((w) => [...w].length >= 3);
    const queries = [
      ...words,
      ...words.map((w) => w.toUpperCase()),
      'CÁMARA web',
      'camara WEB full',
      'Batería 20.000',
      'teclado ESPAÑOL',
      'Lápiz TÁCTIL',
      'usb c',
      'wi fi',
      'hdmi 2 m',
      'Cárgádor   rápido',
      'ñ',
      'inexistente',
    ];
    expect(words.length).toBeGreaterThan(100);
    for (const query of queries) expect({ query, ids: await searchPostgres(query) }).toEqual({ query, ids: await searchSqlite(query) });
    expect(await searchPostgres('CÁMARA web')).toHaveLength(2);
  });

  it('the search over search_text uses the trigram index on PostgreSQL', async () => {
    const plan = await postgres.write(async (tx) => {
      await rows(tx, sql`SET LOCAL enable_seqscan = off`);
      return rows<{ 'QUERY PLAN': string }>(tx, sql`EXPLAIN SELECT id FROM products WHERE search_text LIKE '%camara%'`);
    });
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('products_search_trgm_idx');
  });
});
