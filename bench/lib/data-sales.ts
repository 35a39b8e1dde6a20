/**
 * The sales database: the catalogue database plus `count` sales spread evenly over SALES_YEAR (ids grow
 * with the date, as in a real shop), 1–5 lines each (about 3), popular products sold more often,
 * payment methods in realistic shares and 2% cancelled. Every line has its 'sale' stock movement (and a
 * 'cancel' one for cancelled sales) and products.stock is moved by the same totals, so stock = Σ ledger.
 * Sales carry local_date; the sales rollups are built by the triggers of drizzle/0004_sales_rollup_triggers.sql.
 */
import { randomUUID } from 'node:crypto';
import { cachedDatabase } from './data';
import { seededRandom } from './vocabulary';

export const SALES_YEAR = 2025;
const METHODS: [string, number][] = [['efectivo', 0.5], ['tarjeta', 0.3], ['transferencia', 0.15], ['mercadopago', 0.05]];
const DEVICES = ['0b5e8f9c-1c1e-4c52-9a57-3f2d7f6e1a01', '6a1d2c3b-4e5f-4a7b-8c9d-0e1f2a3b4c02'];
const CHUNK = 25_000;

interface Product {
  id: number;
  name: string;
  priceCents: number;
  costCents: number;
}

export function salesDatabase(catalogFile: string, products: number, count: number): Promise<string> {
  return cachedDatabase(`ventas-v2-${products}-${count}`, ({ sqlite }) => {
    const random = seededRandom(count);
    const catalog = sqlite.prepare('SELECT id, name, price_cents AS priceCents, cost_cents AS costCents FROM products ORDER BY id').all() as Product[];
    const insertSale = sqlite.prepare(
      `INSERT INTO sales (sale_number, client_sale_id, device_id, device_seq, user_id, payment_method, payment_status, subtotal_cents,
         discount_cents, total_cents, cost_cents, sale_date, local_date, created_at, cancelled_at, cancelled_by)
       VALUES (?, ?, ?, ?, 1, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertItem = sqlite.prepare(
      `INSERT INTO sale_items (sale_id, product_id, product_name, quantity, unit_price_cents, unit_cost_cents, subtotal_cents)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertMovement = sqlite.prepare('INSERT INTO stock_movements (product_id, delta, reason, sale_id, user_id, created_at) VALUES (?, ?, ?, ?, 1, ?)');
    const seqs = DEVICES.map(() => 0);
    const stockDelta = new Map<number, number>();
    const start = Date.UTC(SALES_YEAR, 0, 1, 3);
    const span = Date.UTC(SALES_YEAR + 1, 0, 1, 3) - start;

    sqlite.transaction(() => {
      DEVICES.forEach((id, i) => sqlite.prepare(`INSERT INTO devices (id, name, user_id) VALUES (?, ?, 1)`).run(id, `Caja ${i + 1}`));
    })();
    const writeSale = (i: number) => {
      const at = new Date(start + ((i + random()) * span) / count);
      const iso = at.toISOString();
      const local = new Date(at.getTime() - 3 * 3600_000).toISOString();
      const device = i % DEVICES.length;
      seqs[device] += 1;
      const lines = new Map<number, number>();
      const wanted = 1 + Math.floor(random() * 5);
      while (lines.size < wanted) lines.set(Math.floor(random() * random() * catalog.length), 1 + Math.floor(random() * 3));
      const priced = [...lines].map(([index, quantity]) => ({ product: catalog[index], quantity }));
      const subtotal = priced.reduce((sum, line) => sum + line.product.priceCents * line.quantity, 0);
      const cost = priced.reduce((sum, line) => sum + line.product.costCents * line.quantity, 0);
      let roll = random();
      const method = METHODS.find(([, share]) => (roll -= share) < 0)?.[0] ?? 'efectivo';
      const cancelled = random() < 0.02;
      const number = `V${local.slice(0, 10).replace(/-/g, '')}-${String(i + 1).padStart(4, '0')}`;
      const { lastInsertRowid: saleId } = insertSale.run(
        number, randomUUID(), DEVICES[device], seqs[device], method, cancelled ? 'cancelado' : 'pagado', subtotal, subtotal, cost, iso, local.slice(0, 10), iso,
        cancelled ? iso : null, cancelled ? 1 : null,
      );
      for (const { product, quantity } of priced) {
        insertItem.run(saleId, product.id, product.name, quantity, product.priceCents, product.costCents, product.priceCents * quantity);
        insertMovement.run(product.id, -quantity, 'sale', saleId, iso);
        if (cancelled) insertMovement.run(product.id, quantity, 'cancel', saleId, iso);
        else stockDelta.set(product.id, (stockDelta.get(product.id) ?? 0) - quantity);
      }
    };
    for (let from = 0; from < count; from += CHUNK) {
      sqlite.transaction(() => {
        for (let i = from; i < Math.min(count, from + CHUNK); i++) writeSale(i);
      })();
    }
    sqlite.transaction(() => {
      const moveStock = sqlite.prepare('UPDATE products SET stock = stock + ? WHERE id = ?');
      for (const [id, delta] of stockDelta) moveStock.run(delta, id);
      DEVICES.forEach((id, i) => sqlite.prepare('UPDATE devices SET last_seq = ? WHERE id = ?').run(seqs[i], id));
      sqlite.prepare(`UPDATE configuration SET valor = ? WHERE categoria = 'ventas' AND clave = 'numero_actual'`).run(String(count + 1));
    })();
  }, catalogFile);
}
