/**
 * The device's local store (IndexedDB through Dexie), one versioned schema. No React here.
 *  - products / categories / brands: the catalogue as last pulled. A product keeps `serverStock` (what
 *    the server said) and `stock` (what the counter may still sell): stock = serverStock − the
 *    quantities of this device's sales not yet confirmed by the server (catalog.ts keeps it so).
 *    `search` is the folded "name code" string the POS searches in memory.
 *  - cart: the sale being rung up; persisted, so a reload keeps it.
 *  - outbox: every sale confirmed on this device, with its sync status. An entry leaves `pending` only
 *    through the uploader holding the sync lock, and is deleted only long after it became `synced`.
 *  - meta: device id, credential (deviceKey, from the server's registration) and sequence, pull cursor, last sync, business info, the sync retry gate (gate.ts), change versions,
 *    and the evidence of a lost local database (storageLost, issue #29 item 4);
 *    issue #11: the invoicing status, the pulled CAEA and the last CAEA number used per point of sale and type.
 *  - credentials: PBKDF2 verifiers for offline sign-in (never a password).
 *  - customers (issue #33): the customer file as pulled, plus customers created at this counter
 *    (`pending` until the server confirmed their uuid); customer-store.ts.
 *  - accountOutbox (issue #33.4): every payment on account («Cobro a cuenta») taken here, with its sync
 *    status, delivered once by POST /sync/account-payments (account-payments.ts).
 * Transactions use strict durability: "complete" (and so "Venta registrada correctamente") only fires
 * once the sale is on disk, not merely handed to the OS (Chromium's default became relaxed in 121).
 */
import Dexie, { type Table } from 'dexie';
import type { CustomerDocType } from '../../domain/customers';
import type { CondicionIvaReceptor } from '../../domain/invoicing/codes';
import type { PublicUser } from '../../domain/schemas/auth';
import type { PushedCustomer } from '../../domain/schemas/customers';
import type { InvoiceStatusJson } from '../../domain/schemas/invoices';
import type { PrinterSettings } from '../../domain/schemas/printing';
import type { RasterImage } from '../../domain/printing/layout';
import type { DeviceCaeaJson } from '../../domain/schemas/sync';
import type { CounterInvoice, InvoiceRequest } from './invoice-request';
import type { AccountPaymentEntry } from './account-types';
import type { CashOutboxEntry, LocalCashSession } from './cash-types';
import type { SyncGate } from './gate';
import type { ClockCheck } from './clock';

export interface LocalProduct {
  id: number;
  code: string | null;
  name: string;
  description: string | null;
  priceCents: number;
  serverStock: number;
  stock: number;
  minStock: number;
  categoryId: number | null;
  brandId: number | null;
  image: string | null;
  active: boolean;
  showInCatalog: boolean;
  /** IVA rate in percent (issue #11: the counter's invoice offline); absent on rows pulled before version 2. */
  ivaRate?: number;
  /** foldText(name + ' ' + code): accent- and case-insensitive search key. */
  search: string;
}

export interface LocalCategory {
  id: number;
  name: string;
  description: string | null;
  order: number;
  isActive: boolean;
}

export interface LocalBrand {
  id: number;
  name: string;
  description: string | null;
  isActive: boolean;
}

/** A customer of the file (issue #33) as the counter keeps it (customer-store.ts). */
export interface LocalCustomer {
  uuid: string;
  /** The server's id; null while the customer was created here and not yet confirmed. */
  id: number | null;
  docType: CustomerDocType;
  docNumber: string | null;
  name: string;
  ivaConditionId: CondicionIvaReceptor;
  address: string | null;
  phone: string | null;
  email: string | null;
  accountEnabled: boolean;
  /** Decimal, null: no limit. */
  creditLimit: number | null;
  /** Decimal, as last pulled. */
  balance: number;
  /**
   * 1: created at this counter and not yet confirmed by the server (an index, so a number); 2: the server
   * rejected it (`rejectedReason` says why): shown as such at checkout and never sent again by itself.
   */
  pending: 0 | 1 | 2;
  rejectedReason?: string;
  /** customerSearchText of the row. */
  search: string;
}

/** Cart line of docs/spec.md §3 (price in integer cents). */
export interface CartLine {
  productId: number;
  name: string;
  unitPriceCents: number;
  quantity: number;
  maxStock: number;
  addedAt: number;
}

export type OutboxStatus = 'pending' | 'syncing' | 'synced' | 'rejected';
export type OfflinePaymentMethod = 'efectivo' | 'tarjeta' | 'transferencia' | 'cuenta_corriente';

export interface OutboxItem {
  productId: number;
  name: string;
  quantity: number;
  unitPriceCents: number;
}

export interface OutboxEntry {
  clientSaleId: string;
  deviceSeq: number;
  /** `<device short id>-<seq>`, shown until the server's saleNumber arrives. */
  provisionalNumber: string;
  /** Shape version of this entry (SYNC_SCHEMA_VERSION when it was captured). */
  schemaVersion: number;
  capturedAt: string;
  sellerId: number;
  sellerName: string;
  items: OutboxItem[];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  paymentMethod: OfflinePaymentMethod;
  customerName: string | null;
  customerDocument: string | null;
  customerEmail: string | null;
  notes: string | null;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  lastAttemptAt: string | null;
  saleId: number | null;
  saleNumber: string | null;
  flags: string[];
  syncedAt: string | null;
  /** Issue #11: the invoice asked for at checkout (with its CAEA number when numbered offline), else null. */
  invoiceRequest?: InvoiceRequest | null;
  /** The invoice as last known: printed offline with CAEA, or as the server's push result returned it. */
  invoice?: CounterInvoice | null;
  /** Spanish note for the cashier about the invoice (pending, left out, to be issued when online). */
  invoiceNote?: string | null;
  /** The cash session open when the sale was confirmed (issue #16); absent on sales captured before sessions existed. */
  cashSessionId?: string | null;
  /** Issue #33: the customer of the file the sale was made to (its uuid), if one was picked. */
  customerUuid?: string | null;
  /** That customer's body when it was created at this counter and not yet confirmed: it travels with the sale. */
  customer?: PushedCustomer | null;
}

export interface StoredCredential {
  username: string;
  salt: string;
  iterations: number;
  hash: string;
  user: PublicUser;
  token: string;
  savedAt: string;
}

/** Which products changed last (ids, or null for "reload everything"); read by product-index.ts. */
export interface ProductsChange {
  version: number;
  ids: number[] | null;
}

export interface MetaValues {
  deviceId: string;
  deviceKey: string;
  deviceSeq: number;
  pullCursor: number;
  lastSyncAt: string;
  businessInfo: Record<string, string | null>;
  /** The business logo (its URL) as drawn for the thermal roll (src/features/pos/printing/ticket-logo.ts). */
  ticketLogo: { url: string; image: RasterImage } | null;
  syncGate: SyncGate;
  productsChange: ProductsChange;
  lastSaleId: string;
  /** GET /invoices/status as last read online: the issuer the counter invoices for offline. */
  invoicing: InvoiceStatusJson;
  /** PullReply.caea as last pulled. */
  caea: DeviceCaeaJson | null;
  /** Last CAEA number this device used, per "<ptoVta>-<cbteTipo>" (reserved with the sale). */
  caeaNumbers: Record<string, number>;
  /** Cash sessions (issue #16): the counter's event counter, and the setting "Exigir caja abierta para vender" as last read online. */
  cashSeq: number;
  cashRequired: boolean;
  /** Payments on account (issue #33.4): the counter of «Cobro a cuenta» taken here (receipt number and delivery order). */
  accountSeq: number;
  /** Issue #29 item 4: this device's local database lost what the server knows it had (device.ts); shown until the cashier dismisses it. */
  storageLost: StorageLost;
  /** Issue #31 item 6: the POS was opened in this browser, so it is a counter and may register as a device (device.ts). */
  counter: true;
  /** Issue #29 item 2: this device's clock against the server's at the last sync reply (clock.ts). */
  clock: ClockCheck;
  /** Issue #34: QR / Point charges the cashier left while the server was away, to cancel once it is back (left-charges.ts). */
  leftCharges: number[];
  /** Issue #35: this device's printer as last read online (GET /printing/settings). */
  printer: PrinterSettings;
  /** Issue #35: what this device printed by itself, so a reload never prints it again (features/pos/printing). */
  printJobs: PrintJobs;
  /** Issue #35: the USB printer or serial port paired in this browser (features/pos/printing/direct-print.ts). */
  printerPairing: PrinterPairing;
}

/**
 * Evidence that the browser dropped this device's database: a fresh database in a browser that had
 * been counter `previousDeviceId`, or the server holding sequences up to `serverSeq` above the local
 * counter `localSeq`. Sales captured there and never delivered are gone from this device.
 */
export interface StorageLost {
  at: string;
  previousDeviceId: string | null;
  localSeq: number | null;
  serverSeq: number | null;
}
/** Invoices awaited for printing (sale ids) and the jobs already printed ("<clientSaleId>:ticket|invoice"), newest last. */
export interface PrintJobs {
  awaiting: string[];
  done: string[];
}
/** What identifies the paired printer among the ones this origin was granted (the browser keeps the permission). */
export interface PrinterPairing {
  mode: 'webusb' | 'webserial';
  /** As shown in the settings ("POS-80 (USB 0416:5011)"). */
  name: string;
  vendorId: number | null;
  productId: number | null;
  serialNumber: string | null;
}
export type MetaKey = keyof MetaValues;

interface MetaRow {
  key: MetaKey;
  value: unknown;
}

export class MostradorDb extends Dexie {
  declare products: Table<LocalProduct, number>;
  declare categories: Table<LocalCategory, number>;
  declare brands: Table<LocalBrand, number>;
  declare cart: Table<CartLine, number>;
  declare outbox: Table<OutboxEntry, string>;
  declare meta: Table<MetaRow, MetaKey>;
  declare credentials: Table<StoredCredential, string>;
  declare cashSessions: Table<LocalCashSession, string>;
  declare cashOutbox: Table<CashOutboxEntry, string>;
  declare customers: Table<LocalCustomer, string>;
  declare accountOutbox: Table<AccountPaymentEntry, string>;

  constructor(name = 'mostrador') {
    super(name, { chromeTransactionDurability: 'strict' });
    this.version(1).stores({
      products: 'id, code',
      categories: 'id',
      brands: 'id',
      cart: 'productId, addedAt',
      outbox: 'clientSaleId, status, deviceSeq, [status+deviceSeq], syncedAt',
      meta: 'key',
      credentials: 'username',
    });
    // Issue #11: invoices at the counter. Queued sales stay as they are (no invoice); the catalogue is
    // pulled again from the start so every product brings its IVA rate.
    this.version(2)
      .stores({})
      .upgrade(async (tx) => {
        await tx.table('meta').put({ key: 'pullCursor', value: 0 });
      });
    // Cash sessions (issue #16): two new tables; every other table, queued sales included, stays as it is.
    this.version(3).stores({ cashSessions: 'clientSessionId, status', cashOutbox: 'eventId, status, [status+seq]' });
    // The customer file (issue #33): a new table, and the catalogue is pulled again from the start so the
    // customers that earlier pull pages carried (and this device ignored) arrive too.
    this.version(4)
      .stores({ customers: 'uuid, pending' })
      .upgrade(async (tx) => {
        await tx.table('meta').put({ key: 'pullCursor', value: 0 });
      });
    // Payments on account at the counter (issue #33.4): one new table; every other table stays as it is.
    this.version(5).stores({ accountOutbox: 'clientPaymentId, status, [status+seq], customerUuid' });
  }
}

export const db = new MostradorDb();

export async function getMeta<K extends MetaKey>(key: K): Promise<MetaValues[K] | undefined> {
  const row = await db.meta.get(key);
  return row?.value as MetaValues[K] | undefined;
}

export function setMeta<K extends MetaKey>(key: K, value: MetaValues[K]): Promise<MetaKey> {
  return db.meta.put({ key, value });
}

/** Records that these products changed (null: possibly all of them); returns the new version. Call inside the transaction that changed them. */
export async function bumpProductsChange(ids: number[] | null): Promise<number> {
  const previous = await getMeta('productsChange');
  const version = (previous?.version ?? 0) + 1;
  await setMeta('productsChange', { version, ids });
  return version;
}

/** Empties every table (unit tests, and nothing else). */
export async function clearAll(): Promise<void> {
  await Promise.all(db.tables.map((table) => table.clear()));
}
