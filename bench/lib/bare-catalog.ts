/**
 * Baseline process of the catalogue API scenario: bare Fastify (no plugins, no schemas, no cache) whose
 * GET /bare/:i runs page i's two statements — the SQL the real route runs, from catalog-queries.ts — on the
 * same catalogue with a bare driver (better-sqlite3 prepared statements, or a `pg` pool of the server's
 * size with named statements) and answers the rows as they come, with the total. Started like the real
 * server: `node --import tsx bench/lib/bare-catalog.ts <sqlite-file | postgres-url> <statements.json>`.
 */
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { CatalogStatements } from './catalog-queries';

const [database, statementsFile] = process.argv.slice(2);
const pages = JSON.parse(readFileSync(statementsFile, 'utf8')) as CatalogStatements[];

type Run = (i: number) => Promise<{ rows: unknown[]; total: number }>;

function sqliteRunner(file: string): { run: Run; close: () => void } {
  const sqlite = new Database(file, { readonly: true });
  const prepared = new Map<string, Database.Statement>();
  const statement = (sql: string) => prepared.get(sql) ?? prepared.set(sql, sqlite.prepare(sql)).get(sql)!;
  return {
    run: async (i) => {
      const { rows, count } = pages[i];
      return { rows: statement(rows.sql).all(...rows.params), total: (statement(count.sql).get(...count.params) as { n: number }).n };
    },
    close: () => sqlite.close(),
  };
}

function pgRunner(url: string): { run: Run; close: () => Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const names = new Map<string, string>();
  const named = (text: string) => names.get(text) ?? names.set(text, `s${names.size}`).get(text)!;
  return {
    run: async (i) => {
      const { rows, count } = pages[i];
      const [page, total] = await Promise.all([
        pool.query({ name: named(rows.sql), text: rows.sql, values: rows.params }),
        pool.query({ name: named(count.sql), text: count.sql, values: count.params }),
      ]);
      return { rows: page.rows, total: Number((total.rows[0] as { n: number | string }).n) };
    },
    close: () => pool.end(),
  };
}

const runner = database.startsWith('postgres://') ? pgRunner(database) : sqliteRunner(database);
const app = Fastify({ logger: false });
app.get<{ Params: { i: string } }>('/bare/:i', async (req) => {
  const i = Number(req.params.i);
  const { rows, total } = await runner.run(i);
  return { success: true, data: rows, pagination: { page: pages[i].page, total } };
});
app.get('/api/health', async () => ({ success: true }));

const close = async () => {
  await app.close();
  await runner.close();
  process.exit(0);
};
process.on('SIGINT', close);
process.on('SIGTERM', close);

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
