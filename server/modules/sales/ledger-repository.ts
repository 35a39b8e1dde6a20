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
import { eq, sql } from 'drizzle-orm';
import { onPostgres, preparedPerConnection } from '../../db/prepared';
import { devices, saleItems, sales } from '../../db/schema';
import { exec, first, legacySqlite, rows, type Q } from '../../db/store';

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

/** What the ledger write checks before writing (ledger-write.ts): the stored sale, else its sequence and seller. */
export interface SaleChecks {
  /** The sale already stored under this clientSaleId (then nothing else is read). */
  stored?: StoredSale;
  /** The device's (deviceId, deviceSeq) is already another sale's. */
  seqTaken: boolean;
  /** The device's last applied sequence (0 for an unknown device; read only when seqTaken). */
  lastSeq: number;
  userExists: boolean;
}

export interface CheckKeys {
  clientSaleId: string | null;
  deviceId: string | null;
  deviceSeq: number | null;
  sellerId: number;
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
  capturedAt: string | null;
  /** The customer from the customer file (issue #33), or null. */
  customerId: number | null;
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
  capturedAt: 'captured_at', customerId: 'customer_id',
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

/** The same statements on PostgreSQL, through drizzle on the unit's `tx`. */
const pg = {
  /** After the clientSaleId's advisory lock, ONE statement reads the stored sale and all the checks. */
  checks: async (tx: Q, keys: CheckKeys): Promise<SaleChecks> => {
    if (keys.clientSaleId) await exec(tx, sql`SELECT pg_advisory_xact_lock(hashtextextended(${keys.clientSaleId}, 0))`);
    const seq = keys.deviceId && keys.deviceSeq !== null ? keys.deviceSeq : null;
    const [row] = await rows<StoredSale & { found: boolean; seqTaken: boolean; lastSeq: number; userExists: boolean }>(
      tx,
      sql`SELECT s.id IS NOT NULL AS found, s.id, s.sale_number AS "saleNumber", s.device_seq AS "deviceSeq", s.flag_oversold AS "flagOversold",
                 s.flag_price_changed AS "flagPriceChanged", s.flag_payment_review AS "flagPaymentReview", s.review_note AS "reviewNote",
                 EXISTS (SELECT 1 FROM sales t WHERE t.device_id = ${keys.deviceId}::text AND t.device_seq = ${seq}::integer) AS "seqTaken",
                 coalesce((SELECT d.last_seq FROM devices d WHERE d.id = ${keys.deviceId}::text), 0) AS "lastSeq",
                 EXISTS (SELECT 1 FROM users u WHERE u.id = ${keys.sellerId}::integer) AS "userExists"
          FROM (SELECT 1) AS one LEFT JOIN sales s ON s.client_sale_id = ${keys.clientSaleId}::text`,
    );
    const { found, seqTaken, lastSeq, userExists, ...stored } = row;
    if (found) return { stored, seqTaken: false, lastSeq: 0, userExists: true };
    return { seqTaken, lastSeq: Number(lastSeq), userExists };
  },
  /** One statement: the row locks (in id order, see the header) and the rows. */
  products: async (tx: Q, ids: number[]): Promise<LedgerProduct[]> =>
    ids.length
      ? rows<LedgerProduct>(
          tx,
          sql`SELECT id, name, price_cents AS "priceCents", iva_rate_bp AS "ivaRateBp", cost_cents AS "costCents", stock, active, deleted_at AS "deletedAt"
              FROM products WHERE id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) ORDER BY id FOR UPDATE`,
        )
      : Promise.resolve([]),
  insertSale: async (tx: Q, row: LedgerSaleInsert): Promise<number> => (await first(tx.insert(sales).values(row as typeof sales.$inferInsert).returning({ id: sales.id })))!.id,
  insertItems: async (tx: Q, rows: LedgerItemInsert[]): Promise<void> => {
    if (rows.length) await tx.insert(saleItems).values(rows);
  },
  advanceDeviceSeq: async (tx: Q, deviceId: string, deviceSeq: number): Promise<void> => {
    await tx.update(devices).set({ lastSeq: sql`greatest(${devices.lastSeq}, ${deviceSeq})` }).where(eq(devices.id, deviceId));
  },
};

/** The SQLite fast path: the prepared statements above. */
const lite = {
  /** The prepared lookups one by one, each only when the one before asks for it. */
  checks: async (tx: Q, keys: CheckKeys): Promise<SaleChecks> => {
    const stored = keys.clientSaleId ? await lite.storedSale(tx, keys.clientSaleId) : undefined;
    if (stored) return { stored, seqTaken: false, lastSeq: 0, userExists: true };
    const seqTaken = keys.deviceId !== null && keys.deviceSeq !== null && (await lite.deviceSeqTaken(tx, keys.deviceId, keys.deviceSeq));
    const lastSeq = seqTaken ? await lite.lastSeq(tx, keys.deviceId!) : 0;
    return { seqTaken, lastSeq, userExists: await lite.userExists(tx, keys.sellerId) };
  },
  storedSale: async (tx: Q, clientSaleId: string): Promise<StoredSale | undefined> => {
    const row = statements(tx).byClientSaleId.get(clientSaleId);
    return row && { ...row, flagOversold: row.flagOversold === 1, flagPriceChanged: row.flagPriceChanged === 1, flagPaymentReview: row.flagPaymentReview === 1 };
  },
  deviceSeqTaken: async (tx: Q, deviceId: string, deviceSeq: number): Promise<boolean> => statements(tx).deviceSeqTaken.get(deviceId, deviceSeq) !== undefined,
  lastSeq: async (tx: Q, deviceId: string): Promise<number> => statements(tx).lastSeq.get(deviceId) ?? 0,
  userExists: async (tx: Q, userId: number): Promise<boolean> => statements(tx).userExists.get(userId) !== undefined,
  /** SQLite's one writer already holds them: one prepared lookup per product. */
  products: async (tx: Q, ids: number[]): Promise<LedgerProduct[]> => {
    const found: LedgerProduct[] = [];
    for (const id of ids) {
      const row = statements(tx).product.get(id);
      if (row) found.push({ ...row, active: row.active === 1 });
    }
    return found;
  },
  insertSale: async (tx: Q, row: LedgerSaleInsert): Promise<number> =>
    statements(tx).insertSale.get({ ...row, flagOversold: row.flagOversold ? 1 : 0, flagPriceChanged: row.flagPriceChanged ? 1 : 0 })!,
  insertItems: async (tx: Q, rows: LedgerItemInsert[]): Promise<void> => {
    for (const row of rows) statements(tx).insertItem.run(row);
  },
  advanceDeviceSeq: async (tx: Q, deviceId: string, deviceSeq: number): Promise<void> => {
    statements(tx).advanceDeviceSeq.run(deviceSeq, deviceId);
  },
};

const on = (tx: Q) => (onPostgres(tx) ? pg : lite);

export const ledgerRepository = {
  /**
   * The checks of one sale before it is written (SaleChecks): on PostgreSQL after waiting for a unit
   * writing the same clientSaleId (see the header), in one statement.
   */
  checks: (tx: Q, keys: CheckKeys): Promise<SaleChecks> => on(tx).checks(tx, keys),

  /**
   * The sale's products by id (missing ids absent), held until the unit ends (SQLite: its one writer
   * already does; PostgreSQL: row locks taken in ascending id order, so two sales lock them in the same order).
   */
  products: async (tx: Q, ids: number[]): Promise<Map<number, LedgerProduct>> => {
    const sorted = [...new Set(ids)].sort((a, b) => a - b);
    return new Map((await on(tx).products(tx, sorted)).map((product) => [product.id, product]));
  },

  insertSale: (tx: Q, row: LedgerSaleInsert): Promise<number> => on(tx).insertSale(tx, row),

  /** The sale's items, in line order (PostgreSQL: one multi-row INSERT). */
  insertItems: (tx: Q, rows: LedgerItemInsert[]): Promise<void> => on(tx).insertItems(tx, rows),

  /** Device's last applied sequence = max of what it had and this sale's. */
  advanceDeviceSeq: (tx: Q, deviceId: string, deviceSeq: number): Promise<void> => on(tx).advanceDeviceSeq(tx, deviceId, deviceSeq),
};
