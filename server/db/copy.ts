/**
 * Moving a shop from its SQLite file into an empty PostgreSQL database (`npm run db:copy -- --to <url>`).
 *
 * Invariants:
 * - the target must be empty (no row beyond what its migrations insert), or nothing is written;
 * - all rows are copied in one PostgreSQL transaction, read from one SQLite snapshot: a failure leaves the
 *   target as empty as it was;
 * - the rows already hold what triggers compute (catalogue revisions, sales rollups), so the target's own
 *   triggers are off during the copy (ALTER TABLE … DISABLE TRIGGER USER: the owner may, no superuser
 *   needed on a managed provider) and back on before the commit;
 * - tables go in foreign-key order, each in id order; every id sequence ends past its largest id;
 * - afterwards, per table, the row count and the sum of every numeric column are compared on both sides
 *   (money, quantities and stock ledger included): any difference is an error;
 * - after the commit the target is ANALYZEd, so the planner knows the copied tables at once instead of
 *   after autovacuum's first pass (a freshly copied shop otherwise plans its first queries blind).
 */
import type Database from 'better-sqlite3';
import type { Pool, PoolClient } from 'pg';

/** SQLite tables with no PostgreSQL counterpart: the FTS5 search indexes (products, sales, customers) and their shadow tables. */
const SQLITE_ONLY = /^(products_fts.*|sales_fts.*|sale_items_fts.*|customers_fts.*|sqlite_.*|__drizzle_migrations)$/;
const PG_BOOKKEEPING = new Set(['__drizzle_migrations']);
/** Rows the migrations themselves insert (the revision counter, the monotributo table's seed): replaced by the source's own. */
const SEEDED_BY_MIGRATIONS: Record<string, number> = { sync_state: 1, monotributo_settings: 1 };

export interface TableCopy {
  table: string;
  rows: number;
}

export interface CopyReport {
  tables: TableCopy[];
  ms: number;
}

interface PgColumn {
  name: string;
  type: string;
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function targetTables(client: PoolClient): Promise<Map<string, PgColumn[]>> {
  const { rows } = await client.query<{ table_name: string; column_name: string; data_type: string }>(
    `SELECT table_name, column_name, data_type FROM information_schema.columns
      WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
  );
  const tables = new Map<string, PgColumn[]>();
  for (const row of rows) {
    if (PG_BOOKKEEPING.has(row.table_name)) continue;
    if (!tables.has(row.table_name)) tables.set(row.table_name, []);
    tables.get(row.table_name)!.push({ name: row.column_name, type: row.data_type });
  }
  return tables;
}

/** Tables ordered so every table comes after the tables its foreign keys point to. */
function foreignKeyOrder(sqlite: Database.Database, tables: string[]): string[] {
  const deps = new Map(
    tables.map((t) => [t, new Set((sqlite.pragma(`foreign_key_list(${q(t)})`) as { table: string }[]).map((fk) => fk.table).filter((d) => d !== t))]),
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...deps.get(t)!].every((d) => placed.has(d) || !deps.has(d)));
    if (!ready.length) throw new Error(`Claves foráneas en ciclo entre: ${tables.filter((t) => !placed.has(t)).join(', ')}`);
    for (const t of ready) {
      ordered.push(t);
      placed.add(t);
    }
  }
  return ordered;
}

function sqliteTables(sqlite: Database.Database): string[] {
  return (sqlite.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).all() as { name: string }[])
    .map((r) => r.name)
    .filter((name) => !SQLITE_ONLY.test(name));
}

const toPg = (value: unknown, type: string): unknown => {
  if (value === null || value === undefined) return null;
  if (type === 'boolean') return value === 1 || value === true || value === '1';
  if (Buffer.isBuffer(value)) return value;
  return value;
};

/** Numeric columns whose sums are compared after the copy. */
const isNumeric = (type: string) => ['integer', 'bigint', 'smallint', 'numeric'].includes(type);

async function insertBatch(client: PoolClient, table: string, columns: PgColumn[], batch: Record<string, unknown>[]): Promise<void> {
  const values: unknown[] = [];
  const tuples = batch.map((row) => {
    const marks = columns.map((column) => {
      values.push(toPg(row[column.name], column.type));
      return `$${values.length}`;
    });
    return `(${marks.join(',')})`;
  });
  await client.query(`INSERT INTO ${q(table)} (${columns.map((c) => q(c.name)).join(',')}) VALUES ${tuples.join(',')}`, values);
}

async function setSequences(client: PoolClient, table: string, columns: PgColumn[]): Promise<void> {
  for (const column of columns) {
    const { rows } = await client.query<{ seq: string | null }>(`SELECT pg_get_serial_sequence($1, $2) AS seq`, [q(table), column.name]);
    const seq = rows[0]?.seq;
    if (!seq) continue;
    await client.query(`SELECT setval($1::regclass, COALESCE((SELECT max(${q(column.name)}) FROM ${q(table)}), 0) + 1, false)`, [seq]);
  }
}

async function verify(sqlite: Database.Database, client: PoolClient, table: string, columns: PgColumn[]): Promise<number> {
  const numeric = columns.filter((c) => isNumeric(c.type) || c.type === 'boolean');
  const sums = (dialect: 'sqlite' | 'pg') =>
    [
      'count(*) AS n',
      ...numeric.map((c, i) => (dialect === 'pg' && c.type === 'boolean' ? `COALESCE(sum(${q(c.name)}::int), 0) AS s${i}` : `COALESCE(sum(${q(c.name)}), 0) AS s${i}`)),
    ].join(', ');
  const here = sqlite.prepare(`SELECT ${sums('sqlite')} FROM ${q(table)}`).get() as Record<string, number | bigint>;
  const there = (await client.query(`SELECT ${sums('pg')} FROM ${q(table)}`)).rows[0] as Record<string, string | number>;
  for (const key of Object.keys(here)) {
    if (String(here[key]) !== String(there[key])) {
      const what = key === 'n' ? 'filas' : `suma de ${numeric[Number(key.slice(1))].name}`;
      throw new Error(`La copia de ${table} no coincide (${what}: SQLite ${here[key]}, PostgreSQL ${there[key]}).`);
    }
  }
  return Number(here.n);
}

/**
 * Copies every table of `sqlite` into the already migrated, empty PostgreSQL behind `pool`.
 * `progress` hears one line per table.
 */
export async function copySqliteToPostgres(sqlite: Database.Database, pool: Pool, progress: (line: string) => void = () => {}): Promise<CopyReport> {
  const started = Date.now();
  const client = await pool.connect();
  try {
    const target = await targetTables(client);
    const source = sqliteTables(sqlite);
    const missing = source.filter((t) => !target.has(t));
    const extra = [...target.keys()].filter((t) => !source.includes(t));
    if (missing.length || extra.length) throw new Error(`Los esquemas no coinciden (solo en SQLite: ${missing.join(', ') || '—'}; solo en PostgreSQL: ${extra.join(', ') || '—'}). ¿Están las dos bases en la misma versión?`);
    for (const table of target.keys()) {
      const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${q(table)}`);
      if (Number(rows[0].n) > (SEEDED_BY_MIGRATIONS[table] ?? 0)) throw new Error(`La base de destino no está vacía: ${table} tiene ${rows[0].n} filas. db:copy solo copia a una base vacía.`);
    }
    const order = foreignKeyOrder(sqlite, source);
    const tables: TableCopy[] = [];
    sqlite.exec('BEGIN');
    await client.query('BEGIN');
    try {
      for (const table of order) await client.query(`ALTER TABLE ${q(table)} DISABLE TRIGGER USER`);
      for (const table of Object.keys(SEEDED_BY_MIGRATIONS)) await client.query(`DELETE FROM ${q(table)}`);
      for (const table of order) {
        const columns = target.get(table)!;
        const sourceColumns = new Set((sqlite.pragma(`table_info(${q(table)})`) as { name: string }[]).map((c) => c.name));
        const absent = columns.filter((c) => !sourceColumns.has(c.name)).map((c) => c.name);
        if (absent.length) throw new Error(`${table}: columnas que SQLite no tiene: ${absent.join(', ')}`);
        const perBatch = Math.max(1, Math.min(2000, Math.floor(60_000 / columns.length)));
        const pk = (sqlite.pragma(`table_info(${q(table)})`) as { name: string; pk: number }[]).filter((c) => c.pk > 0).map((c) => q(c.name));
        const statement = sqlite.prepare(`SELECT * FROM ${q(table)}${pk.length ? ` ORDER BY ${pk.join(', ')}` : ''}`);
        let batch: Record<string, unknown>[] = [];
        let count = 0;
        for (const row of statement.iterate() as Iterable<Record<string, unknown>>) {
          batch.push(row);
          if (batch.length === perBatch) {
            await insertBatch(client, table, columns, batch);
            count += batch.length;
            batch = [];
          }
        }
        if (batch.length) await insertBatch(client, table, columns, batch);
        count += batch.length;
        await setSequences(client, table, columns);
        tables.push({ table, rows: count });
        progress(`${table}: ${count} filas`);
      }
      for (const table of order) await client.query(`ALTER TABLE ${q(table)} ENABLE TRIGGER USER`);
      for (const table of order) await verify(sqlite, client, table, target.get(table)!);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      sqlite.exec('COMMIT');
    }
    await client.query('ANALYZE');
    return { tables, ms: Date.now() - started };
  } finally {
    client.release();
  }
}
