/**
 * SQL of the ledger write (ledger-write.ts): the statements one sale runs, as bare better-sqlite3
 * statements prepared once per connection. A sale runs about fifteen of them, and the ORM's work per
 * call (filling placeholders, mapping rows) cost more than SQLite's own (issue #17 item 6), so this hot
 * path speaks SQL directly; everything else reads through drizzle (repository.ts). They run on the
 * unit's SQLite connection (legacySqlite(tx): the same connection, inside the caller's transaction).
 * On PostgreSQL the same statements run through drizzle on the unit's `tx` (onPostgres). There units run
 * concurrently, so storedSale first takes a transaction-scoped advisory lock on the clientSaleId: a second
 * unit writing the same sale waits for the first to end, then reads the committed sale (READ COMMITTED: each
 * statement sees the last commit) and replies `duplicate` instead of failing on the unique index; and
 * lockProducts holds the sale's products (in id order) before their stock is read, so two sales of the
 * last unit cannot both see it in stock.
 */
import { and, eq, sql } from 'drizzle-orm';
import { onPostgres, preparedPerConnection } from '../../db/prepared';
import { devices, saleItems, sales, users, products } from '../../db/schema';
import { exec, first, legacySqlite, type Q } from '../../db/store';

/** What a replay needs of the stored sale (its outcome and flags). */
export interface StoredSale {
  id: number;
  saleNumber: string;
  deviceSeq: number | null;
  flagOversold: boolean;
  flagPriceChanged: boolean;
  flagPaymentReview: boolean;
  reviewNote: string | null;
}

/** A product as a sale line needs it, soft-deleted ones included (a captured sale of a deleted product still lands). */
export interface LedgerProduct {
  id: number;
  name: string;
  priceCents: number;
  ivaRateBp: number;
  costCents: number;
  stock: number;
  active: boolean;
  deletedAt: string | null;
}

export interface LedgerSaleInsert {
  saleNumber: string;
  clientSaleId: string | null;
  deviceId: string | null;
  deviceSeq: number | null;
  userId: number;
  customerName: string | null;
  customerDocument: string | null;
  customerEmail: string | null;
  paymentMethod: string;
  paymentStatus: string;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  costCents: number;
  notes: string | null;
  flagOversold: boolean;
  flagPriceChanged: boolean;
  saleDate: string;
  localDate: string;
  preferenceId: string | null;
  externalReference: string | null;
  cashSessionId: string | null;
  reviewNote: string | null;
  bodyHash: string | null;
  syncBatchId: number | null;
}

export interface LedgerItemInsert {
  saleId: number;
  productId: number;
  productName: string;
  quantity: number;
  unitPriceCents: number;
  unitCostCents: number;
  subtotalCents: number;
  catalogPriceCents: number | null;
  ivaRateBp: number;
}

const SALE_COLUMNS: Record<keyof LedgerSaleInsert, string> = {
  saleNumber: 'sale_number', clientSaleId: 'client_sale_id', deviceId: 'device_id', deviceSeq: 'device_seq', userId: 'user_id',
  customerName: 'customer_name', customerDocument: 'customer_document', customerEmail: 'customer_email', paymentMethod: 'payment_method',
  paymentStatus: 'payment_status', subtotalCents: 'subtotal_cents', discountCents: 'discount_cents', totalCents: 'total_cents',
  costCents: 'cost_cents', notes: 'notes', flagOversold: 'flag_oversold', flagPriceChanged: 'flag_price_changed', saleDate: 'sale_date',
  localDate: 'local_date', preferenceId: 'preference_id', externalReference: 'external_reference', cashSessionId: 'cash_session_id',
  reviewNote: 'review_note', bodyHash: 'body_hash', syncBatchId: 'sync_batch_id',
};
const ITEM_COLUMNS: Record<keyof LedgerItemInsert, string> = {
  saleId: 'sale_id', productId: 'product_id', productName: 'product_name', quantity: 'quantity', unitPriceCents: 'unit_price_cents',
  unitCostCents: 'unit_cost_cents', subtotalCents: 'subtotal_cents', catalogPriceCents: 'catalog_price_cents', ivaRateBp: 'iva_rate_bp',
};
const insertSql = (table: string, columns: Record<string, string>) =>
  `INSERT INTO ${table} (${Object.values(columns).join(', ')}) VALUES (${Object.keys(columns).map((k) => `@${k}`).join(', ')})`;

type Flag = 0 | 1;
type StoredRow = Omit<StoredSale, 'flagOversold' | 'flagPriceChanged' | 'flagPaymentReview'> & { flagOversold: Flag; flagPriceChanged: Flag; flagPaymentReview: Flag };
type ProductRow = Omit<LedgerProduct, 'active'> & { active: Flag };
type SaleParams = Omit<LedgerSaleInsert, 'flagOversold' | 'flagPriceChanged'> & { flagOversold: Flag; flagPriceChanged: Flag };

const prepared = preparedPerConnection((db) => {
  const sqlite = db.$client;
  return {
    byClientSaleId: sqlite.prepare<[string], StoredRow>(
      `SELECT id, sale_number AS saleNumber, device_seq AS deviceSeq, flag_oversold AS flagOversold, flag_price_changed AS flagPriceChanged,
              flag_payment_review AS flagPaymentReview, review_note AS reviewNote
       FROM sales WHERE client_sale_id = ?`,
    ),
    deviceSeqTaken: sqlite.prepare<[string, number], number>('SELECT 1 FROM sales WHERE device_id = ? AND device_seq = ?').pluck(),
    lastSeq: sqlite.prepare<[string], number>('SELECT last_seq FROM devices WHERE id = ?').pluck(),
    userExists: sqlite.prepare<[number], number>('SELECT 1 FROM users WHERE id = ?').pluck(),
    product: sqlite.prepare<[number], ProductRow>(
      `SELECT id, name, price_cents AS priceCents, iva_rate_bp AS ivaRateBp, cost_cents AS costCents, stock, active, deleted_at AS deletedAt
       FROM products WHERE id = ?`,
    ),
    insertSale: sqlite.prepare<[SaleParams], number>(`${insertSql('sales', SALE_COLUMNS)} RETURNING id`).pluck(),
    insertItem: sqlite.prepare<[LedgerItemInsert]>(insertSql('sale_items', ITEM_COLUMNS)),
    advanceDeviceSeq: sqlite.prepare<[number, string]>('UPDATE devices SET last_seq = max(last_seq, ?) WHERE id = ?'),
  };
});

const statements = (tx: Q) => prepared(legacySqlite(tx));

const storedColumns = {
  id: sales.id,
  saleNumber: sales.saleNumber,
  deviceSeq: sales.deviceSeq,
  flagOversold: sales.flagOversold,
  flagPriceChanged: sales.flagPriceChanged,
  flagPaymentReview: sales.flagPaymentReview,
  reviewNote: sales.reviewNote,
};
const productColumns = {
  id: products.id,
  name: products.name,
  priceCents: products.priceCents,
  ivaRateBp: products.ivaRateBp,
  costCents: products.costCents,
  stock: products.stock,
  active: products.active,
  deletedAt: products.deletedAt,
};

/** The same statements on PostgreSQL, through drizzle on the unit's `tx`. */
const pg = {
  storedSale: async (tx: Q, clientSaleId: string): Promise<StoredSale | undefined> => {
    await exec(tx, sql`SELECT pg_advisory_xact_lock(hashtextextended(${clientSaleId}, 0))`);
    return first(tx.select(storedColumns).from(sales).where(eq(sales.clientSaleId, clientSaleId)));
  },
  deviceSeqTaken: async (tx: Q, deviceId: string, deviceSeq: number): Promise<boolean> =>
    (await first(tx.select({ id: sales.id }).from(sales).where(and(eq(sales.deviceId, deviceId), eq(sales.deviceSeq, deviceSeq))).limit(1))) !== undefined,
  lastSeq: async (tx: Q, deviceId: string): Promise<number> => (await first(tx.select({ lastSeq: devices.lastSeq }).from(devices).where(eq(devices.id, deviceId))))?.lastSeq ?? 0,
  userExists: async (tx: Q, userId: number): Promise<boolean> => (await first(tx.select({ id: users.id }).from(users).where(eq(users.id, userId)))) !== undefined,
  product: (tx: Q, id: number): Promise<LedgerProduct | undefined> => first(tx.select(productColumns).from(products).where(eq(products.id, id))),
  insertSale: async (tx: Q, row: LedgerSaleInsert): Promise<number> => (await first(tx.insert(sales).values(row as typeof sales.$inferInsert).returning({ id: sales.id })))!.id,
  insertItem: async (tx: Q, row: LedgerItemInsert): Promise<void> => {
    await tx.insert(saleItems).values(row);
  },
  advanceDeviceSeq: async (tx: Q, deviceId: string, deviceSeq: number): Promise<void> => {
    await tx.update(devices).set({ lastSeq: sql`greatest(${devices.lastSeq}, ${deviceSeq})` }).where(eq(devices.id, deviceId));
  },
};

/** The SQLite fast path: the prepared statements above. */
const lite = {
  storedSale: async (tx: Q, clientSaleId: string): Promise<StoredSale | undefined> => {
    const row = statements(tx).byClientSaleId.get(clientSaleId);
    return row && { ...row, flagOversold: row.flagOversold === 1, flagPriceChanged: row.flagPriceChanged === 1, flagPaymentReview: row.flagPaymentReview === 1 };
  },
  deviceSeqTaken: async (tx: Q, deviceId: string, deviceSeq: number): Promise<boolean> => statements(tx).deviceSeqTaken.get(deviceId, deviceSeq) !== undefined,
  lastSeq: async (tx: Q, deviceId: string): Promise<number> => statements(tx).lastSeq.get(deviceId) ?? 0,
  userExists: async (tx: Q, userId: number): Promise<boolean> => statements(tx).userExists.get(userId) !== undefined,
  product: async (tx: Q, id: number): Promise<LedgerProduct | undefined> => {
    const row = statements(tx).product.get(id);
    return row && { ...row, active: row.active === 1 };
  },
  insertSale: async (tx: Q, row: LedgerSaleInsert): Promise<number> =>
    statements(tx).insertSale.get({ ...row, flagOversold: row.flagOversold ? 1 : 0, flagPriceChanged: row.flagPriceChanged ? 1 : 0 })!,
  insertItem: async (tx: Q, row: LedgerItemInsert): Promise<void> => {
    statements(tx).insertItem.run(row);
  },
  advanceDeviceSeq: async (tx: Q, deviceId: string, deviceSeq: number): Promise<void> => {
    statements(tx).advanceDeviceSeq.run(deviceSeq, deviceId);
  },
};

/** Row locks on the sale's products, in ascending id order (two sales lock them in the same order). */
async function lockProductsPg(tx: Q, ids: number[]): Promise<void> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  if (sorted.length) await exec(tx, sql`SELECT id FROM products WHERE id IN (${sql.join(sorted.map((id) => sql`${id}`), sql`, `)}) ORDER BY id FOR UPDATE`);
}

const on = (tx: Q) => (onPostgres(tx) ? pg : lite);

export const ledgerRepository = {
  /** The stored sale of this clientSaleId (on PostgreSQL after waiting for a unit writing the same one: see the header). */
  storedSale: (tx: Q, clientSaleId: string): Promise<StoredSale | undefined> => on(tx).storedSale(tx, clientSaleId),

  deviceSeqTaken: (tx: Q, deviceId: string, deviceSeq: number): Promise<boolean> => on(tx).deviceSeqTaken(tx, deviceId, deviceSeq),

  /** The device's last applied sequence (0 for an unknown device). */
  lastSeq: (tx: Q, deviceId: string): Promise<number> => on(tx).lastSeq(tx, deviceId),

  userExists: (tx: Q, userId: number): Promise<boolean> => on(tx).userExists(tx, userId),

  /** Holds these products until the unit ends (SQLite: its one writer already does; PostgreSQL: row locks). */
  lockProducts: async (tx: Q, ids: number[]): Promise<void> => {
    if (onPostgres(tx)) await lockProductsPg(tx, ids);
  },

  product: (tx: Q, id: number): Promise<LedgerProduct | undefined> => on(tx).product(tx, id),

  insertSale: (tx: Q, row: LedgerSaleInsert): Promise<number> => on(tx).insertSale(tx, row),

  insertItem: (tx: Q, row: LedgerItemInsert): Promise<void> => on(tx).insertItem(tx, row),

  /** Device's last applied sequence = max of what it had and this sale's. */
  advanceDeviceSeq: (tx: Q, deviceId: string, deviceSeq: number): Promise<void> => on(tx).advanceDeviceSeq(tx, deviceId, deviceSeq),
};
