/**
 * The back office's sales search through its text indexes (issue #39 item 5): SQLite's FTS5 trigram tables
 * sales_fts and sale_items_fts (drizzle/0017), PostgreSQL's trigram GIN indexes (drizzle-pg/0007). The
 * results are those of the plain LIKE semantics (sale number with ASCII case folded; customer and product
 * names folded: no case, no accents, spaces collapsed), computed here by brute force over a generated shop
 * with accents written both ways, doubled spaces, LIKE wildcards, quotes and Greek; searches of 1–2
 * characters (and of scripts the tokenizer does not fold) still find what the LIKE finds.
 */
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { migrationsFolder } from '../../server/db/migrations-folder';
import { foldText } from '../../domain/text';
import { salesRepository, salesSearchMatch } from '../../server/modules/sales/repository';
import { buildApp, testDialect } from '../helpers/server';
import { sqlRun, sqlValue } from '../helpers/sql';

const migration = readFileSync(path.join(import.meta.dirname, '../../drizzle/0017_sales_search.sql'), 'utf8');
const tokenizer = /CREATE VIRTUAL TABLE sales_fts USING fts5\(.*tokenize='([^']+)'\)/.exec(migration)![1];

describe('salesSearchMatch: the FTS query is a superset of the LIKE', () => {
  it('finds, for every code point whose fold is ASCII, a text holding it by its fold (the tokenizer folds it the same way)', () => {
    const db = new Database(':memory:');
    db.exec(`CREATE VIRTUAL TABLE t USING fts5(x, tokenize='${tokenizer}')`);
    const insert = db.prepare('INSERT INTO t (rowid, x) VALUES (?, ?)');
    const found = db.prepare('SELECT 1 FROM t WHERE rowid = ? AND t MATCH ?');
    const texts = new Map<number, string>();
    for (let c = 0x80; c < 0x30000; c++) {
      if (c >= 0xd800 && c < 0xe000) continue;
      const text = `ab${String.fromCodePoint(c)}cd`;
      if (/^[\x20-\x7e]*$/.test(foldText(text))) texts.set(c, text);
    }
    db.transaction(() => texts.forEach((text, c) => insert.run(c, text)))();
    const missed = [...texts].filter(([c, text]) => {
      const match = salesSearchMatch(text);
      return match !== null && !found.get(c, match);
    });
    expect(texts.size).toBeGreaterThan(500); // Latin letters with accents, combining marks, compatibility forms
    expect(missed.map(([c]) => c.toString(16))).toEqual([]);
    db.close();
  });

  it('takes the runs of 3+ characters of the folded search, quoted; null when there is none', () => {
    expect(salesSearchMatch('Pérez')).toBe('"perez"');
    expect(salesSearchMatch('  ramón   DÍAZ ')).toBe('"ramon" AND "diaz"');
    expect(salesSearchMatch('o"brien')).toBe('"o""brien"');
    expect(salesSearchMatch('de la 100%_')).toBe('"100%_"');
    expect(salesSearchMatch('ab')).toBeNull();
    expect(salesSearchMatch('ω μέγα')).toBeNull();
    expect(salesSearchMatch('a≠b')).toBeNull();
  });
});

const { s, admin } = await buildApp();
const userId = (await s.call({ method: 'GET', url: '/api/auth/me', token: admin })).body.data.id as number;
const productId = (await s.call({ method: 'POST', url: '/api/products', token: admin, payload: { name: 'Genérico', price: 100, stock: 10 } })).body.data.id as number;

const CUSTOMERS = ['Ramón Díaz', 'LUCÍA  PÉREZ', 'Jose\u0301 Nun\u0303ez', 'Ωμέγα Ltda', 'Ñandú 100%_', 'O"Brien', 'Ågård Ølsen', 'ana maría', null];
const PRODUCTS = ['Yerba Mate Suave', 'Queso cremoso', 'Café Torrado', 'Leche Descremada 1L', 'Galletitas Ñoquis', 'Αλεύρι ό', 'Jugo 50% naranja', 'pan_lactal', 'Té  de   Tilo'];
interface GenSale {
  id: number;
  number: string;
  customer: string | null;
  products: string[];
}

/** A deterministic shop of 240 sales, each with 1–3 lines, written as the ledger writes them (so through the triggers). */
async function generate(): Promise<GenSale[]> {
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const pick = <T,>(list: T[]) => list[Math.floor(random() * list.length)];
  const out: GenSale[] = [];
  for (let i = 0; i < 240; i++) {
    const id = 5000 + i;
    out.push({ id, number: i % 7 === 0 ? `CAEA-${String(i).padStart(5, '0')}` : `V2025${String(i).padStart(6, '0')}`, customer: pick(CUSTOMERS), products: Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(PRODUCTS)) });
  }
  const values = out.map(() => "(?, ?, ?, ?, 'efectivo', 'pagado', 100, 100, '2025-06-01T15:00:00.000Z', '2025-06-01')").join(', ');
  await sqlRun(s.app, `INSERT INTO sales (id, sale_number, user_id, customer_name, payment_method, payment_status, subtotal_cents, total_cents, sale_date, local_date) VALUES ${values}`, ...out.flatMap((g) => [g.id, g.number, userId, g.customer]));
  const lines = out.flatMap((g) => g.products.map((name) => [g.id, productId, name]));
  await sqlRun(s.app, `INSERT INTO sale_items (sale_id, product_id, product_name, quantity, unit_price_cents, subtotal_cents) VALUES ${lines.map(() => '(?, ?, ?, 1, 100, 100)').join(', ')}`, ...lines.flat());
  return out;
}
const shop = await generate();

const asciiLower = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
/** The LIKE semantics, by brute force. */
const expected = (search: string) =>
  shop
    .filter((g) => asciiLower(g.number).includes(asciiLower(search)) || foldText(g.customer).includes(foldText(search)) || g.products.some((p) => foldText(p).includes(foldText(search))))
    .map((g) => g.id);

async function searched(search: string): Promise<{ ids: number[]; n: number }> {
  return s.app.store.read(async (q) => {
    const rows = await salesRepository.list(q, { search }, 0, 10_000);
    const { n } = await salesRepository.count(q, { search });
    return { ids: rows.map((r) => r.id).filter((id) => id >= 5000).sort((a, b) => a - b), n };
  });
}

describe(`GET /sales?search= on ${testDialect}: the indexed search finds what the LIKE finds`, () => {
  it('on a generated shop, for typed words, substrings of every text in other cases and accents, wildcards and 1–2 characters', async () => {
    const searches = new Set([
      'a', 'ra', 'é', 'ñ', '%', '_', '"', 'ío', '5', 'per', 'PÉREZ', 'perez', 'lucia perez', 'lucía  pérez', 'jose nunez', 'josé', 'núñez',
      'ωμέ', 'ωμεγα', 'μεγ', 'olsen', 'ølsen', 'agard', '100%_', '50% n', '0%_', 'v2025', 'V20250001', 'caea-0', 'yerba suave', 'mate suave',
      'xyz', 'ía d', 'o"b', '"brien', 'te de tilo', 'té de', 'tilo', 'pan_l', 'pan%l', 'ana maría', 'MARIA', 'ñoq', 'leche 1l', 'ό', 'αλευ',
    ]);
    let seed = 3;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const texts = [...CUSTOMERS.filter((c): c is string => c !== null), ...PRODUCTS, ...shop.slice(0, 20).map((g) => g.number)];
    for (let i = 0; i < 60; i++) {
      const text = texts[Math.floor(random() * texts.length)];
      const from = Math.floor(random() * text.length);
      const slice = text.slice(from, from + 1 + Math.floor(random() * 8)).trim();
      if (foldText(slice)) searches.add(random() < 0.5 ? slice.toUpperCase() : slice);
    }
    let indexed = 0;
    for (const search of searches) {
      if (salesSearchMatch(search)) indexed++;
      const want = expected(search);
      const got = await searched(search);
      expect(got.ids, search).toEqual(want);
      expect(got.n, search).toBe(want.length);
    }
    // Both paths ran: the trigram indexes for most searches, the LIKE alone for the short and Greek ones.
    expect(indexed).toBeGreaterThan(30);
    expect(searches.size - indexed).toBeGreaterThan(10);
  });

  it('follows a renamed customer and an edited line (the triggers keep the index in step)', async () => {
    const [first] = shop;
    await sqlRun(s.app, 'UPDATE sales SET customer_name = ? WHERE id = ?', 'Zoilo Quintana', first.id);
    await sqlRun(s.app, 'UPDATE sale_items SET product_name = ? WHERE sale_id = ?', 'Mermelada de higo', first.id);
    expect((await searched('zoilo')).ids).toEqual([first.id]);
    expect((await searched('higo')).ids).toEqual([first.id]);
    if (first.customer && foldText(first.customer).length >= 3) expect((await searched(first.customer)).ids).not.toContain(first.id);
    await sqlRun(s.app, 'DELETE FROM sale_items WHERE sale_id = ?', first.id);
    await sqlRun(s.app, 'DELETE FROM sales WHERE id = ?', first.id);
    expect((await searched('zoilo')).ids).toEqual([]);
    expect((await searched('higo')).ids).toEqual([]);
    if (testDialect === 'sqlite') {
      // The external-content tables still agree with their tables after the deletes (FTS5 integrity-check).
      await sqlRun(s.app, "INSERT INTO sales_fts (sales_fts, rank) VALUES ('integrity-check', 1)");
      await sqlRun(s.app, "INSERT INTO sale_items_fts (sale_items_fts, rank) VALUES ('integrity-check', 1)");
      expect(await sqlValue(s.app, 'SELECT count(*) FROM sales_fts')).toBe(await sqlValue(s.app, 'SELECT count(*) FROM sales'));
    }
  });
});

describe.runIf(testDialect === 'sqlite')('drizzle/0017 on a shop with sales', () => {
  it('indexes the sales and lines written before it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sales-fts-'));
    try {
      // The migrations up to 0016, then sales written the old way, then the server opens the file (0017).
      const before = path.join(dir, 'drizzle');
      cpSync(migrationsFolder, before, { recursive: true });
      // Later migrations go too: they were written for a database that has 0017's tables.
      const journalFile = path.join(before, 'meta/_journal.json');
      const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
      const later = journal.entries.filter((e) => e.tag >= '0017_sales_search');
      for (const e of later) rmSync(path.join(before, `${e.tag}.sql`));
      writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.tag < '0017_sales_search') }));
      const file = path.join(dir, 'shop.db');
      const old = new Database(file);
      old.pragma('foreign_keys = OFF');
      old.function('fold_text', { deterministic: true }, (value: unknown) => foldText(value === null ? null : String(value)));
      migrate(drizzle(old), { migrationsFolder: before });
      old.exec(`INSERT INTO sales (id, sale_number, user_id, customer_name, payment_method, subtotal_cents, total_cents, sale_date)
                VALUES (1, 'V1', 1, 'Lucía Pérez', 'efectivo', 100, 100, '2025-06-01T15:00:00.000Z');
                INSERT INTO sale_items (sale_id, product_id, product_name, quantity, unit_price_cents, subtotal_cents) VALUES (1, 1, 'Yerba Suave', 1, 100, 100)`);
      old.close();
      const { sqlite } = openDatabase(file);
      expect(sqlite.prepare('SELECT rowid FROM sales_fts WHERE sales_fts MATCH ?').pluck().all(salesSearchMatch('PEREZ'))).toEqual([1]);
      expect(sqlite.prepare('SELECT rowid FROM sale_items_fts WHERE sale_items_fts MATCH ?').pluck().all(salesSearchMatch('suave'))).toEqual([1]);
      sqlite.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
