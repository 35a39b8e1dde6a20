/**
 * Baseline process of the sync ingest scenario on PostgreSQL (sync-ingest-pg), the floor for that work:
 * bare-ingest.ts's statements written for PostgreSQL and sent by a bare `pg` client — one transaction
 * per batch holding, per sale, the sale number from the same counter UPSERT, the product's name and cost,
 * the sale row, and per item its row, one stock update and one stock movement, then the device's last
 * sequence; COMMIT waits for its WAL flush (the bench cluster's synchronous_commit=on, the server's policy
 * too) — on a copy of the same catalogue database. The rollup and revision triggers of the schema run here
 * too. No validation, HTTP or ORM. Usage:
 * `node --import tsx bench/lib/bare-ingest-pg.ts <postgres-url> <sales.json> <batch>`; prints {"ms": <elapsed>}
 * once every sale is committed.
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
const product = statement('product', 'SELECT name, cost_cents AS "costCents" FROM products WHERE id = $1');
const insertSale = statement(
  'sale',
  `INSERT INTO sales (sale_number, client_sale_id, device_id, device_seq, user_id, payment_method, subtotal_cents, total_cents, cost_cents, sale_date)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
);
const insertItem = statement(
  'item',
  'INSERT INTO sale_items (sale_id, product_id, product_name, quantity, unit_price_cents, unit_cost_cents, subtotal_cents) VALUES ($1, $2, $3, $4, $5, $6, $7)',
);
const moveStock = statement('stock', 'UPDATE products SET stock = stock + $1 WHERE id = $2');
const insertMovement = statement('movement', `INSERT INTO stock_movements (product_id, delta, reason, sale_id, user_id) VALUES ($1, $2, 'sale', $3, $4)`);
const takeNumber = statement(
  'number',
  `INSERT INTO configuration (categoria, clave, valor, tipo, descripcion, es_editable) VALUES ('ventas', 'numero_actual', '2', 'number', 'Próximo número a asignar', false)
   ON CONFLICT (categoria, clave) DO UPDATE SET valor = (greatest(configuration.valor::integer, 1) + 1)::text RETURNING valor`,
);
const advanceDevice = statement('device', 'UPDATE devices SET last_seq = greatest(last_seq, $1) WHERE id = $2');

async function writeSale(sale: PushedSale) {
  const lines = [];
  for (const item of sale.items) {
    const { rows } = await product([item.productId]);
    lines.push({ ...item, cents: Math.round(item.unitPrice * 100), ...(rows[0] as { name: string; costCents: number }) });
  }
  const subtotal = lines.reduce((sum, l) => sum + l.cents * l.quantity, 0);
  const cost = lines.reduce((sum, l) => sum + l.costCents * l.quantity, 0);
  const number = ((await takeNumber([])).rows[0] as { valor: string }).valor;
  const { rows } = await insertSale([`BASE-${number}`, sale.clientSaleId, deviceId, sale.deviceSeq, sale.sellerId, sale.paymentMethod, subtotal, subtotal, cost, sale.capturedAt]);
  const saleId = (rows[0] as { id: number }).id;
  for (const l of lines) {
    await insertItem([saleId, l.productId, l.name, l.quantity, l.cents, l.costCents, l.cents * l.quantity]);
    await moveStock([-l.quantity, l.productId]);
    await insertMovement([l.productId, -l.quantity, saleId, sale.sellerId]);
  }
  await advanceDevice([sale.deviceSeq, deviceId]);
}

const start = performance.now();
for (let i = 0; i < sales.length; i += batch) {
  await client.query('BEGIN');
  for (const sale of sales.slice(i, i + batch)) await writeSale(sale);
  await client.query('COMMIT');
}
const ms = performance.now() - start;
await client.end();
console.log(JSON.stringify({ ms }));
