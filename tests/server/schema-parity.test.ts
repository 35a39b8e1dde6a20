/**
 * Both dialects have the same schema (issue #20): a real SQLite file migrated with drizzle/ and a real
 * PostgreSQL database migrated with drizzle-pg/, compared by introspection (PRAGMA table_info, index_list,
 * index_info, foreign_key_list, sqlite_master on one side; information_schema and pg_catalog on the other):
 * tables, columns (name, type family, nullability, default, filled in by the database), primary keys, unique constraints and indexes
 * (columns, uniqueness, partial predicate), foreign keys and triggers. What each dialect has that the other
 * cannot is listed below by name; anything else one side gains and the other lacks fails this test.
 */
import { is } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import type * as pgSchema from '../../server/db/pg/schema';
import { migratePg } from '../../server/db/pg-store';
import * as sqliteSchema from '../../server/db/schema';
import { testDatabase } from '../helpers/postgres';

const FTS_TABLES = ['products_fts', 'sales_fts', 'sale_items_fts', 'customers_fts'];
/** SQLite's FTS5 search tables and their shadow tables; on PostgreSQL the trigram indexes below do their work. */
const SQLITE_ONLY_TABLES = FTS_TABLES.flatMap((t) => [t, `${t}_config`, `${t}_data`, `${t}_docsize`, `${t}_idx`]).sort();
/** The triggers that keep them in step with products, sales and sale_items (PostgreSQL indexes the columns themselves). */
const SQLITE_ONLY_TRIGGERS = FTS_TABLES.flatMap((t) => [`${t}_ad`, `${t}_ai`, `${t}_au`]).sort();
/** The trigram GIN indexes over products.search_text (drizzle-pg/0001), the sales search's texts (drizzle-pg/0007) and customers.search_text (drizzle-pg/0008). */
const POSTGRES_ONLY_INDEXES = [
  'customers.customers_search_trgm_idx',
  'products.products_search_trgm_idx',
  'sale_items.sale_items_product_trgm_idx',
  'sales.sales_customer_trgm_idx',
  'sales.sales_number_trgm_idx',
];

interface Column {
  name: string;
  family: 'integer' | 'boolean' | 'text' | 'real' | 'other';
  notNull: boolean;
  default: string | null;
  /** Filled in by the database when omitted: SQLite's INTEGER PRIMARY KEY (rowid), PostgreSQL's identity. */
  generated: boolean;
}
interface Index {
  name: string;
  unique: boolean;
  columns: string[];
  where: string | null;
}
interface Schema {
  tables: string[];
  columns: Record<string, Column[]>;
  primaryKeys: Record<string, string[]>;
  indexes: Record<string, Index[]>;
  foreignKeys: Record<string, string[]>;
  triggers: string[];
}

/** Type families: SQLite's declared types, and PostgreSQL's (int4 and int8 are both integers; booleans are told apart below). */
const SQLITE_FAMILY: Record<string, Column['family']> = { integer: 'integer', text: 'text', real: 'real' };

/** A default as a comparable token: the ISO-now expression of either dialect → 'now', quotes and casts dropped. */
function normalizeDefault(value: string | null): string | null {
  if (value === null) return null;
  if (/strftime\('%Y-%m-%dT%H:%M:%fZ',\s*'now'\)|statement_timestamp\(\)/.test(value)) return 'now';
  const bare = value.replace(/::[a-z ]+$/i, '').replace(/^\((.*)\)$/, '$1');
  return bare.replace(/^'(.*)'$/, '$1');
}

/** A partial index's predicate with quotes, table prefixes and parentheses dropped, lower case. */
const normalizePredicate = (where: string | null): string | null =>
  where === null ? null : where.replace(/::[a-z]+/g, '').replace(/"[a-z_]+"\."|[`"()]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();

const sqliteTables = (Object.values(sqliteSchema) as unknown[]).filter((v): v is SQLiteTable => is(v, SQLiteTable));
const booleanColumns = new Set(
  sqliteTables.flatMap((t) => {
    const { name, columns } = getTableConfig(t);
    return columns.filter((c) => c.columnType === 'SQLiteBoolean').map((c) => `${name}.${c.name}`);
  }),
);

function sqliteSchemaOf(file: string): Schema {
  const { sqlite } = openDatabase(file);
  try {
    const all = <T>(query: string, ...params: unknown[]) => sqlite.prepare(query).all(...params) as T[];
    const tables = all<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '__drizzle_migrations' ORDER BY name",
    ).map((r) => r.name).sort();
    const schema: Schema = { tables, columns: {}, primaryKeys: {}, indexes: {}, foreignKeys: {}, triggers: [] };
    for (const table of tables.filter((t) => !SQLITE_ONLY_TABLES.includes(t))) {
      const info = all<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>(`PRAGMA table_info(${table})`);
      const rowid = info.filter((c) => c.pk > 0).length === 1 ? info.find((c) => c.pk === 1 && c.type.toLowerCase() === 'integer')?.name : undefined;
      schema.columns[table] = info.map((c) => ({
        name: c.name,
        family: booleanColumns.has(`${table}.${c.name}`) ? 'boolean' : (SQLITE_FAMILY[c.type.toLowerCase()] ?? 'other'),
        notNull: c.notnull === 1 || c.pk > 0,
        default: normalizeDefault(c.dflt_value),
        generated: c.name === rowid,
      }));
      schema.primaryKeys[table] = info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name);
      schema.indexes[table] = all<{ name: string; unique: number; origin: string; partial: number }>(`PRAGMA index_list(${table})`)
        .filter((i) => i.origin !== 'pk')
        .map((i) => {
          const definition = all<{ sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?", i.name)[0]?.sql ?? '';
          return {
            name: i.name,
            unique: i.unique === 1,
            columns: all<{ name: string }>(`PRAGMA index_info(${i.name})`).map((c) => c.name),
            where: normalizePredicate(i.partial ? definition.replace(/^.*?\bWHERE\b/is, '') : null),
          };
        })
        .sort((a, b) => a.name.localeCompare(b.name));
      schema.foreignKeys[table] = all<{ table: string; from: string; to: string }>(`PRAGMA foreign_key_list(${table})`)
        .map((f) => `${f.from} → ${f.table}.${f.to}`)
        .sort();
    }
    schema.triggers = all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name").map((r) => r.name);
    return schema;
  } finally {
    sqlite.close();
  }
}

const PG_FAMILY: Record<string, Column['family']> = { integer: 'integer', bigint: 'integer', smallint: 'integer', boolean: 'boolean', text: 'text', 'double precision': 'real' };

async function postgresSchemaOf(url: string): Promise<Schema> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const all = async <T>(query: string, ...params: unknown[]) => (await client.query(query, params)).rows as T[];
    const tables = (await all<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1")).map((r) => r.name).sort();
    const schema: Schema = { tables, columns: {}, primaryKeys: {}, indexes: {}, foreignKeys: {}, triggers: [] };
    for (const table of tables) {
      const columns = await all<{ name: string; type: string; nullable: string; dflt: string | null; identity: string }>(
        `SELECT column_name AS name, data_type AS type, is_nullable AS nullable, column_default AS dflt, is_identity AS identity
           FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
        table,
      );
      schema.columns[table] = columns.map((c) => ({
        name: c.name,
        family: PG_FAMILY[c.type] ?? 'other',
        notNull: c.nullable === 'NO',
        default: normalizeDefault(c.dflt),
        generated: c.identity === 'YES',
      }));
      const indexes = await all<{ name: string; unique: boolean; primary: boolean; columns: string[]; predicate: string | null }>(
        `SELECT i.relname AS name, x.indisunique AS unique, x.indisprimary AS primary, x.predicate,
                array(SELECT a.attname FROM unnest(x.indkey) WITH ORDINALITY k(attnum, n)
                      JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum ORDER BY k.n)::text[] AS columns
           FROM (SELECT *, pg_get_expr(indpred, indrelid) AS predicate FROM pg_index) x
           JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
          WHERE t.relname = $1 AND t.relnamespace = 'public'::regnamespace`,
        table,
      );
      schema.primaryKeys[table] = indexes.find((i) => i.primary)?.columns ?? [];
      schema.indexes[table] = indexes
        .filter((i) => !i.primary)
        .map((i) => ({ name: i.name, unique: i.unique, columns: i.columns, where: normalizePredicate(i.predicate) }))
        .sort((a, b) => a.name.localeCompare(b.name));
      schema.foreignKeys[table] = (
        await all<{ fk: string }>(
          `SELECT a.attname || ' → ' || r.relname || '.' || ra.attname AS fk
             FROM pg_constraint c
             JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
             JOIN pg_class r ON r.oid = c.confrelid
             JOIN pg_attribute ra ON ra.attrelid = c.confrelid AND ra.attnum = c.confkey[1]
            WHERE c.contype = 'f' AND c.conrelid = ('public.' || $1)::regclass`,
          table,
        )
      )
        .map((r) => r.fk)
        .sort();
    }
    schema.triggers = (
      await all<{ name: string }>("SELECT DISTINCT trigger_name AS name FROM information_schema.triggers WHERE trigger_schema = 'public' ORDER BY 1")
    ).map((r) => r.name);
    return schema;
  } finally {
    await client.end();
  }
}

/*
 * The JS types Drizzle gives each table's rows (select and insert) are the same on both schemas, so code
 * typed against the SQLite schema runs unchanged on PostgreSQL. Checked by the compiler (npm run
 * typecheck): a table whose types differ makes `sameRowTypes` fail to compile, naming the table.
 */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Select<T> = T extends { $inferSelect: infer R } ? R : never;
type Insert<T> = T extends { $inferInsert: infer R } ? R : never;
type SQLiteSchema = typeof sqliteSchema;
type PgSchema = typeof pgSchema;
type Mismatched = {
  [K in keyof SQLiteSchema]: K extends keyof PgSchema
    ? Equal<Select<SQLiteSchema[K]>, Select<PgSchema[K]>> extends true
      ? Equal<Insert<SQLiteSchema[K]>, Insert<PgSchema[K]>> extends true
        ? never
        : `${K} (insert)`
      : `${K} (select)`
    : `${K} (missing)`;
}[keyof SQLiteSchema];
const sameRowTypes: [Mismatched] extends [never] ? true : Mismatched = true;
const sameExports: Equal<keyof SQLiteSchema, keyof PgSchema> = true;

const dir = mkdtempSync(path.join(tmpdir(), 'mostrador-parity-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const sqliteSide = sqliteSchemaOf(path.join(dir, 'parity.db'));
const url = await testDatabase();
await migratePg(url); // already migrated (template): a second run must be a no-op
const postgresSide = await postgresSchemaOf(url);

describe('schema parity (SQLite ↔ PostgreSQL)', () => {
  it('the dialect-only objects listed here exist where they are said to', () => {
    expect(sqliteSide.tables).toEqual(expect.arrayContaining(SQLITE_ONLY_TABLES));
    expect(sqliteSide.triggers).toEqual(expect.arrayContaining(SQLITE_ONLY_TRIGGERS));
  });

  it('the two Drizzle schemas export the same tables with the same row types (checked at compile time)', () => {
    expect([sameRowTypes, sameExports]).toEqual([true, true]);
  });

  it('has the same tables, each of them in the Drizzle schema', () => {
    const common = sqliteSide.tables.filter((t) => !SQLITE_ONLY_TABLES.includes(t));
    expect(postgresSide.tables).toEqual(common);
    expect(common).toEqual(sqliteTables.map((t) => getTableConfig(t).name).sort());
  });

  it.each(Object.keys(sqliteSide.columns))('%s: same columns (name, type family, NOT NULL, default), primary key, indexes and foreign keys', (table) => {
    const byName = (columns: Column[]) => [...columns].sort((a, b) => a.name.localeCompare(b.name));
    expect(byName(postgresSide.columns[table] ?? [])).toEqual(byName(sqliteSide.columns[table]));
    expect(postgresSide.primaryKeys[table]).toEqual(sqliteSide.primaryKeys[table]);
    expect(postgresSide.indexes[table].filter((i) => !POSTGRES_ONLY_INDEXES.includes(`${table}.${i.name}`))).toEqual(sqliteSide.indexes[table]);
    expect(postgresSide.foreignKeys[table]).toEqual(sqliteSide.foreignKeys[table]);
  });

  it('the PostgreSQL-only search index exists, on products.search_text', () => {
    expect(postgresSide.indexes.products).toContainEqual({ name: 'products_search_trgm_idx', unique: false, columns: ['search_text'], where: null });
  });

  it('every SQLite trigger has its PostgreSQL trigger of the same name, and PostgreSQL has no other', () => {
    expect(postgresSide.triggers).toEqual(sqliteSide.triggers.filter((t) => !SQLITE_ONLY_TRIGGERS.includes(t)));
  });
});
