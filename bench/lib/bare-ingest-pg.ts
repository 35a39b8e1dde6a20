/**
 * Baseline process of the sync ingest scenario on PostgreSQL (sync-ingest-pg), the floor for that work
 * (issue #39 item 1): the same rows as bare-ingest.ts, written by a bare `pg` client the fastest fair way —
 * batched: one transaction per batch of sales holding one statement per table (the products' names and
 * costs for the whole batch, the sale numbers from the same counter UPSERT advanced by the batch's size,
 * the sale rows, the item rows and the stock movements as multi-row inserts from arrays, one stock update
 * per product with the batch's total, the device's last sequence); COMMIT waits for its WAL flush (the
 * bench cluster's synchronous_commit=on, the server's policy too) — on a copy of the same catalogue
 * database. The rollup and revision triggers of the schema run here too. No validation, HTTP or ORM.
 * Usage: `node --import tsx bench/lib/bare-ingest-pg.ts <postgres-url> <sales.json> <batch>`; prints
 * {"ms": <elapsed>} once every sale is committed.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { PushedSale } from '../../domain/schemas/sync';

const [url, salesFile, batchArg] = process.argv.slice(2);
const batch = Number(batchArg ?? 200);
const sales = JSON.parse(readFileSync(salesFile, 'utf8')) as PushedSale[];
const client = new pg.Client({ connectionString: url });
await client.connect();

const deviceId = 'ba5e0000-0000-4000-8000-000000000000';
await client.query('INSERT INTO devices (id, name, user_id) VALUES ($1, $2, 1)', [deviceId, 'Base']);
/** A named query is parsed and planned once per connection, as better-sqlite3's prepared statements. */
const statement = (name: string, text: string) => (values: unknown[]) => client.query({ name, text, values });
const products = statement('products', 'SELECT id, name, cost_cents AS "costCents" FROM products WHERE id = ANY($1::integer[])');
const takeNumbers = statement(
  'numbers',
  `INSERT INTO configuration (categoria, clave, valor, tipo, descripcion, es_editable) VALUES ('ventas', 'numero_actual', ($1::integer + 1)::text, 'number', 'Próximo número a asignar', false)
   ON CONFLICT (categoria, clave) DO UPDATE SET valor = (greatest(configuration.valor::integer, 1) + $1::integer)::text RETURNING valor`,
);
const insertSales = statement(
  'sales',
  `INSERT INTO sales (sale_number, client_sale_id, device_id, device_seq, user_id, payment_method, subtotal_cents, total_cents, cost_cents, sale_date)
   SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::integer[], $5::integer[], $6::text[], $7::bigint[], $8::bigint[], $9::bigint[], $10::text[])
   RETURNING id, client_sale_id AS "clientSaleId"`,
);
const insertItems = statement(
  'items',
  `INSERT INTO sale_items (sale_id, product_id, product_name, quantity, unit_price_cents, unit_cost_cents, subtotal_cents)
   SELECT * FROM unnest($1::integer[], $2::integer[], $3::text[], $4::integer[], $5::bigint[], $6::bigint[], $7::bigint[])`,
);
const moveStock = statement(
  'stock',
  'UPDATE products SET stock = products.stock + d.delta FROM unnest($1::integer[], $2::integer[]) AS d(id, delta) WHERE products.id = d.id',
);
const insertMovements = statement(
  'movements',
  `INSERT INTO stock_movements (product_id, delta, reason, sale_id, user_id)
   SELECT product_id, delta, 'sale', sale_id, user_id FROM unnest($1::integer[], $2::integer[], $3::integer[], $4::integer[]) AS m(product_id, delta, sale_id, user_id)`,
);
const advanceDevice = statement('device', 'UPDATE devices SET last_seq = greatest(last_seq, $1) WHERE id = $2');

async function writeBatch(slice: PushedSale[]) {
  const ids = [...new Set(slice.flatMap((sale) => sale.items.map((item) => item.productId)))];
  const known = new Map(((await products([ids])).rows as { id: number; name: string; costCents: number }[]).map((p) => [p.id, p]));
  const last = Number(((await takeNumbers([slice.length])).rows[0] as { valor: string }).valor);
  const lines = slice.map((sale) => sale.items.map((item) => ({ ...item, cents: Math.round(item.unitPrice * 100), ...known.get(item.productId)! })));
  const columns: unknown[][] = Array.from({ length: 10 }, () => []);
  slice.forEach((sale, i) => {
    const subtotal = lines[i].reduce((sum, l) => sum + l.cents * l.quantity, 0);
    const cost = lines[i].reduce((sum, l) => sum + l.costCents * l.quantity, 0);
    const row = [`BASE-${last - slice.length + 1 + i}`, sale.clientSaleId, deviceId, sale.deviceSeq, sale.sellerId, sale.paymentMethod, subtotal, subtotal, cost, sale.capturedAt];
    row.forEach((value, c) => columns[c].push(value));
  });
  const saleIds = new Map(((await insertSales(columns)).rows as { id: number; clientSaleId: string }[]).map((r) => [r.clientSaleId, r.id]));
  const items: unknown[][] = Array.from({ length: 7 }, () => []);
  const movements: unknown[][] = Array.from({ length: 4 }, () => []);
  const stock = new Map<number, number>();
  slice.forEach((sale, i) => {
    const saleId = saleIds.get(sale.clientSaleId);
    for (const l of lines[i]) {
      [saleId, l.productId, l.name, l.quantity, l.cents, l.costCents, l.cents * l.quantity].forEach((value, c) => items[c].push(value));
      [l.productId, -l.quantity, saleId, sale.sellerId].forEach((value, c) => movements[c].push(value));
      stock.set(l.productId, (stock.get(l.productId) ?? 0) - l.quantity);
    }
  });
  await insertItems(items);
  await moveStock([[...stock.keys()], [...stock.values()]]);
  await insertMovements(movements);
  await advanceDevice([Math.max(...slice.map((sale) => sale.deviceSeq)), deviceId]);
}

const start = performance.now();
for (let i = 0; i < sales.length; i += batch) {
  await client.query('BEGIN');
  await writeBatch(sales.slice(i, i + batch));
  await client.query('COMMIT');
}
const ms = performance.now() - start;
await client.end();
console.log(JSON.stringify({ ms }));
