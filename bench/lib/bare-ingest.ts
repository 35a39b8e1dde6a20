/**
 * Baseline process of the sync ingest scenario, the floor for that work (issue #17 item 6): the same
 * sales written by bare better-sqlite3 in the same batches and with the same fsync policy as
 * POST /sync/push — one IMMEDIATE transaction per batch holding, per sale, the sale row (with its number
 * from the same counter UPSERT), its items (name and cost read from the product), one stock movement and
 * one stock update per item, and the device's last sequence; then one fsync of the -wal per batch, as
 * the server does before it replies — on a copy of the same database with the server's pragmas (WAL,
 * synchronous NORMAL, foreign keys, 32 MB cache) and the server's checkpoint policy (issue #39 item 1):
 * the writer's automatic checkpoint raised to the same fallback and PASSIVE checkpoints on a worker
 * thread a moment after commits (server/db/checkpointer.ts, the same module), so neither side pays
 * checkpoints inline that the other does not. The rollup triggers of the schema run here too.
 * No validation, HTTP or ORM. Usage:
 * `node --import tsx bench/lib/bare-ingest.ts <db> <sales.json> <batch>`; prints {"ms": <elapsed>,
 * "cpuMs": <CPU of every thread, the checkpointer's included>, "batchMs": <each batch's write and fsync>} once
 * every sale is committed and durable.
 */
import Database from 'better-sqlite3';
import { closeSync, fsyncSync, openSync, readFileSync } from 'node:fs';
import type { PushedSale } from '../../domain/schemas/sync';
import { startCheckpointer } from '../../server/db/checkpointer';

const [file, salesFile, batchArg] = process.argv.slice(2);
const batch = Number(batchArg ?? 200);
const sales = JSON.parse(readFileSync(salesFile, 'utf8')) as PushedSale[];
const sqlite = new Database(file);
sqlite.pragma('journal_mode = WAL');
sqlite.pragma('synchronous = NORMAL');
sqlite.pragma('foreign_keys = ON');
sqlite.pragma('cache_size = -32000');

const deviceId = 'ba5e0000-0000-4000-8000-000000000000';
sqlite.prepare('INSERT INTO devices (id, name, user_id) VALUES (?, ?, 1)').run(deviceId, 'Base');
const product = sqlite.prepare('SELECT name, cost_cents AS costCents FROM products WHERE id = ?');
const insertSale = sqlite.prepare(
  `INSERT INTO sales (sale_number, client_sale_id, device_id, device_seq, user_id, payment_method, subtotal_cents, total_cents, cost_cents, sale_date)
   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
);
const insertItem = sqlite.prepare(
  'INSERT INTO sale_items (sale_id, product_id, product_name, quantity, unit_price_cents, unit_cost_cents, subtotal_cents) VALUES (?, ?, ?, ?, ?, ?, ?)',
);
const moveStock = sqlite.prepare('UPDATE products SET stock = stock + ? WHERE id = ?');
const insertMovement = sqlite.prepare(`INSERT INTO stock_movements (product_id, delta, reason, sale_id, user_id) VALUES (?, ?, 'sale', ?, ?)`);
const takeNumber = sqlite.prepare(
  `INSERT INTO configuration (categoria, clave, valor, tipo, descripcion, es_editable) VALUES ('ventas', 'numero_actual', '2', 'number', 'Próximo número a asignar', 0)
   ON CONFLICT (categoria, clave) DO UPDATE SET valor = CAST(max(CAST(valor AS INTEGER), 1) + 1 AS TEXT) RETURNING valor`,
);
const advanceDevice = sqlite.prepare('UPDATE devices SET last_seq = max(last_seq, ?) WHERE id = ?');

function writeSale(sale: PushedSale) {
  const lines = sale.items.map((item) => ({ ...item, cents: Math.round(item.unitPrice * 100), ...(product.get(item.productId) as { name: string; costCents: number }) }));
  const subtotal = lines.reduce((sum, l) => sum + l.cents * l.quantity, 0);
  const cost = lines.reduce((sum, l) => sum + l.costCents * l.quantity, 0);
  const { lastInsertRowid: saleId } = insertSale.run(
    `BASE-${(takeNumber.get() as { valor: string }).valor}`, sale.clientSaleId, deviceId, sale.deviceSeq, sale.sellerId, sale.paymentMethod, subtotal, subtotal, cost, sale.capturedAt,
  );
  for (const l of lines) {
    insertItem.run(saleId, l.productId, l.name, l.quantity, l.cents, l.costCents, l.cents * l.quantity);
    moveStock.run(-l.quantity, l.productId);
    insertMovement.run(l.productId, -l.quantity, saleId, sale.sellerId);
  }
  advanceDevice.run(sale.deviceSeq, deviceId);
}

const writeBatch = sqlite.transaction((slice: PushedSale[]) => slice.forEach(writeSale));

function fsyncWal() {
  const fd = openSync(`${file}-wal`, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

const checkpointer = startCheckpointer(sqlite);
const cpu = process.cpuUsage();
const start = performance.now();
const batchMs: number[] = [];
for (let i = 0; i < sales.length; i += batch) {
  const batchStart = performance.now();
  writeBatch.immediate(sales.slice(i, i + batch));
  fsyncWal();
  batchMs.push(performance.now() - batchStart);
  checkpointer.noteCommit();
  // The server's loop turns between two pushes (the reply, the next request): so does this one, and
  // the checkpoint timer fires when it is due.
  await new Promise((resolve) => setImmediate(resolve));
}
const ms = performance.now() - start;
await checkpointer.stop();
const { user, system } = process.cpuUsage(cpu);
sqlite.close();
console.log(JSON.stringify({ ms, cpuMs: (user + system) / 1000, batchMs }));
