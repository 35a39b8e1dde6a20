/**
 * A year of sales written in bulk by SQL (the growth and busy-day scenarios, issue #39 items 5 and 9): the
 * catalogue database plus `count` sales spread evenly over SALES_YEAR (ids grow with the date), 1–5
 * distinct lines each (about 3, popular products sold more often), payment methods in realistic shares,
 * 2 % cancelled, 0.1 % flagged (a price changed offline), a customer name on 10 % of them (one of
 * CUSTOMERS). A million sales take seconds rather than minutes: the rows are made by INSERT … SELECT over
 * temporary tables, not one statement per row.
 * Invariants kept as the server keeps them: every line has its 'sale' stock movement (and a 'cancel' one
 * for a cancelled sale) and products.stock moves by the same totals (stock = Σ ledger); what the insert
 * triggers of sales and sale_items maintain is exactly what they would have written: the triggers are
 * dropped for the load and put back with their own SQL, then the rollups are rebuilt from the raw rows by
 * the statements of the migration that last rebuilt them, and the search indexes (FTS5 tables over sales
 * and sale_items) by FTS5's 'rebuild', as their migration does. An insert trigger of another kind stops
 * the build: this file must learn what it maintains first.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cachedDatabase } from './data';
import { catalogDatabase } from './data-catalog';
import { SALES_YEAR } from './data-sales';
import { REPO_ROOT } from './paths';

const DEVICES = ['3c0d3a52-7f7e-4b8e-9d43-5b1a0c2e9f01', '8e4f1b2a-2d3c-4e5f-8a9b-0c1d2e3f4a02'];
const FIRST = ['Valeria', 'Martín', 'Lucía', 'Diego', 'Camila', 'Federico', 'Sofía', 'Gonzalo', 'Florencia', 'Matías', 'Agustina', 'Nicolás', 'Julieta', 'Santiago', 'Romina', 'Pablo', 'Carolina', 'Ezequiel', 'Micaela', 'Leandro'];
const LAST = ['Quiroga', 'Fernández', 'Gómez', 'Sosa', 'Benítez', 'Acosta', 'Medina', 'Herrera', 'Aguirre', 'Pereyra', 'Giménez', 'Molina', 'Castro', 'Ledesma', 'Villalba', 'Ojeda', 'Cabrera', 'Ríos', 'Luna', 'Vera'];
/** 400 customers ("Valeria Quiroga" … "Leandro Vera"), each on about 1 sale in 4,000. */
export const CUSTOMERS = FIRST.flatMap((first) => LAST.map((last) => `${first} ${last}`));
/** Insert triggers this file rebuilds after: the rollups' (drizzle/0014) and the search indexes' (drizzle/0017). */
const REBUILT_TRIGGER = /_(rollup|fts)_ai$/;
const ROLLUP_TABLES = ['sales_daily', 'product_sales_daily', 'product_sales_monthly', 'product_sales_yearly'];

/** The top-level DELETE/INSERT statements of the newest migration that rebuilds the rollups from the raw rows. */
function rollupRebuild(): string[] {
  const dir = path.join(REPO_ROOT, 'drizzle');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql')).sort().reverse()) {
    const statements = readFileSync(path.join(dir, file), 'utf8').split('--> statement-breakpoint').map((s) => s.replace(/^\s*--.*$/gm, '').trim());
    const rebuild = statements.filter((s) => ROLLUP_TABLES.some((t) => s.startsWith(`DELETE FROM ${t}`) || s.startsWith(`INSERT INTO ${t}`)));
    if (rebuild.some((s) => s.startsWith('DELETE FROM sales_daily'))) return rebuild;
  }
  throw new Error('Ninguna migración reconstruye los acumulados de ventas');
}

/** `count` sales over the `products`-product catalogue; cached like every generated database. */
export async function bulkSalesDatabase(products: number, count: number): Promise<string> {
  const catalog = await catalogDatabase(products);
  return cachedDatabase(`ventas-sql-${products}-${count}`, ({ sqlite }) => {
    const start = Date.UTC(SALES_YEAR, 0, 1, 3);
    const span = Date.UTC(SALES_YEAR + 1, 0, 1, 3) - start;
    const triggers = sqlite
      .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ('sales', 'sale_items') AND sql LIKE '%AFTER INSERT ON%'`)
      .all() as { name: string; sql: string }[];
    const unknown = triggers.filter((t) => !REBUILT_TRIGGER.test(t.name));
    if (unknown.length) throw new Error(`data-sales-bulk: no sé reconstruir lo que mantiene ${unknown.map((t) => t.name).join(', ')}`);
    const searchIndexes = (sqlite.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%fts5%' AND (sql LIKE '%content=''sales''%' OR sql LIKE '%content=''sale_items''%')`).all() as { name: string }[]).map((t) => t.name);
    const rand = (n: number) => `abs(random() % ${n})`;
    const unit = `(abs(random() % 1000000) / 1000000.0)`;
    sqlite.pragma('temp_store = MEMORY');
    sqlite.transaction(() => {
      triggers.forEach((t) => sqlite.exec(`DROP TRIGGER ${t.name}`));
      DEVICES.forEach((id, i) => sqlite.prepare('INSERT INTO devices (id, name, user_id) VALUES (?, ?, 1)').run(id, `Caja ${i + 1}`));
      sqlite.exec(`CREATE TEMP TABLE cat AS SELECT row_number() OVER (ORDER BY id) - 1 AS idx, id, name, price_cents AS price, cost_cents AS cost FROM products`);
      sqlite.exec('CREATE TEMP TABLE customers (n INTEGER PRIMARY KEY, name TEXT NOT NULL)');
      const customer = sqlite.prepare('INSERT INTO temp.customers VALUES (?, ?)');
      CUSTOMERS.forEach((name, n) => customer.run(n, name));
      const base = (sqlite.prepare('SELECT coalesce(max(id), 0) + 1 AS base FROM sales').get() as { base: number }).base;
      // One row per sale: its time (growing with i), line count, method roll, cancelled, flagged, customer.
      sqlite.exec(`CREATE TEMP TABLE g AS
        WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${count - 1})
        SELECT i, ${base} + i AS id, ${start} + CAST((i + ${unit}) * ${span} / ${count} AS INTEGER) AS at_ms, 1 + ${rand(5)} AS lines,
          ${rand(1000)} AS method_roll, ${rand(1000)} < 20 AS cancelled, ${rand(1000)} = 0 AS flagged,
          CASE WHEN ${rand(10)} = 0 THEN ${rand(CUSTOMERS.length)} END AS customer,
          lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-a' || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))) AS uuid
        FROM n`);
      sqlite.exec(`ALTER TABLE g ADD COLUMN sale_date TEXT; ALTER TABLE g ADD COLUMN local_date TEXT;
        UPDATE g SET sale_date = strftime('%Y-%m-%dT%H:%M:%fZ', at_ms / 1000.0, 'unixepoch'), local_date = date(at_ms / 1000 - 10800, 'unixepoch')`);
      // Lines: skewed product picks (popular ones first), materialised before deduplicating (random() once per row).
      sqlite.exec(`CREATE TEMP TABLE k AS WITH RECURSIVE k(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM k WHERE k < 5) SELECT k FROM k`);
      sqlite.exec(`CREATE TEMP TABLE picks AS SELECT g.i, CAST((SELECT count(*) FROM cat) * ${unit} * ${unit} AS INTEGER) AS idx, 1 + ${rand(3)} AS qty FROM g JOIN k ON k.k <= g.lines`);
      sqlite.exec(`CREATE TEMP TABLE gi AS SELECT p.i, c.id AS product_id, c.name, max(p.qty) AS qty, c.price, c.cost FROM picks p JOIN cat c USING (idx) GROUP BY p.i, p.idx ORDER BY p.i, p.idx;
        CREATE INDEX temp.gi_i ON gi (i); DROP TABLE picks`);
      sqlite.exec(`INSERT INTO sales (id, sale_number, client_sale_id, device_id, device_seq, user_id, customer_name, payment_method, payment_status,
          subtotal_cents, discount_cents, total_cents, cost_cents, flag_price_changed, sale_date, local_date, created_at, cancelled_at, cancelled_by)
        SELECT g.id, 'V' || replace(g.local_date, '-', '') || '-' || printf('%04d', g.id), g.uuid,
          CASE g.i % 2 WHEN 0 THEN '${DEVICES[0]}' ELSE '${DEVICES[1]}' END, g.i / 2 + 1, 1, cu.name,
          CASE WHEN g.method_roll < 500 THEN 'efectivo' WHEN g.method_roll < 800 THEN 'tarjeta' WHEN g.method_roll < 950 THEN 'transferencia' ELSE 'mercadopago' END,
          CASE WHEN g.cancelled THEN 'cancelado' ELSE 'pagado' END, t.sub, 0, t.sub, t.cost, g.flagged, g.sale_date, g.local_date, g.sale_date,
          CASE WHEN g.cancelled THEN g.sale_date END, CASE WHEN g.cancelled THEN 1 END
        FROM g JOIN (SELECT i, sum(price * qty) AS sub, sum(cost * qty) AS cost FROM gi GROUP BY i) t USING (i) LEFT JOIN customers cu ON cu.n = g.customer
        ORDER BY g.i`);
      sqlite.exec(`INSERT INTO sale_items (sale_id, product_id, product_name, quantity, unit_price_cents, unit_cost_cents, subtotal_cents)
        SELECT ${base} + i, product_id, name, qty, price, cost, price * qty FROM gi ORDER BY i, product_id`);
      sqlite.exec(`INSERT INTO stock_movements (product_id, delta, reason, sale_id, user_id, created_at)
        SELECT product_id, delta, reason, sale_id, 1, created_at FROM (
          SELECT gi.i, 0 AS o, gi.product_id, -gi.qty AS delta, 'sale' AS reason, g.id AS sale_id, g.sale_date AS created_at FROM gi JOIN g USING (i)
          UNION ALL
          SELECT gi.i, 1, gi.product_id, gi.qty, 'cancel', g.id, g.sale_date FROM gi JOIN g USING (i) WHERE g.cancelled
        ) ORDER BY i, o, product_id`);
      sqlite.exec(`UPDATE products SET stock = stock + d.delta FROM (SELECT gi.product_id, -sum(gi.qty) AS delta FROM gi JOIN g USING (i) WHERE NOT g.cancelled GROUP BY gi.product_id) d
        WHERE products.id = d.product_id`);
      DEVICES.forEach((id, d) => sqlite.prepare('UPDATE devices SET last_seq = (SELECT count(*) FROM temp.g WHERE i % 2 = ?) WHERE id = ?').run(d, id));
      sqlite.prepare(`UPDATE configuration SET valor = ? WHERE categoria = 'ventas' AND clave = 'numero_actual'`).run(String(base + count));
      triggers.forEach((t) => sqlite.exec(t.sql));
      rollupRebuild().forEach((sql) => sqlite.exec(sql));
      searchIndexes.forEach((name) => sqlite.exec(`INSERT INTO ${name}(${name}) VALUES ('rebuild')`));
      sqlite.exec('DROP TABLE temp.g; DROP TABLE temp.gi; DROP TABLE temp.k; DROP TABLE temp.cat; DROP TABLE temp.customers');
    })();
  }, catalog);
}
