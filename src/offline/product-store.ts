/**
 * The device's product store (the POS's local copy of the products), fed by GET /sync/pull pages (docs/sync.md).
 * Invariants:
 *  - a page is applied in ONE transaction together with its cursor, so a crash never leaves rows
 *    applied without the cursor moving (or the cursor moved without the rows);
 *  - tombstones delete; rows are overwritten whole with the server's values; the pull's CAEA data
 *    (issue #11) replaces the stored one; the page's customers (issue #33) are written in the same
 *    transaction (customer-store.ts);
 *  - a product's sellable `stock` = `serverStock` − quantities of this device's sales the server has not
 *    confirmed yet (pending/syncing). Recomputed on every pull and whenever sales change status, so a
 *    pull never "gives back" units sold offline and a confirmed sale is never subtracted twice.
 */
import { LIMITS } from '../../domain/constants';
import { toCents } from '../../domain/money';
import type { PulledProduct, PullReply, PushReply } from '../../domain/schemas/sync';
import { foldText } from '../../domain/text';
import { bumpProductsChange, db, getMeta, setMeta, type LocalProduct } from './db';
import { publishWrittenProducts } from './products-written';
import { writePulledCustomers } from './customer-store';

/** Above this many changed ids (more than one pull page) the product index simply reloads everything. */
const MAX_TRACKED_IDS = LIMITS.syncPullPageSize;

/** Quantity per product of this device's sales still waiting for the server. */
export async function unsyncedQuantities(): Promise<Map<number, number>> {
  const open = await db.outbox.where('status').anyOf('pending', 'syncing').toArray();
  const quantities = new Map<number, number>();
  for (const entry of open) {
    // Applied by the server already (pending again only for its held invoice, issue #33.5): in serverStock.
    if (entry.saleId) continue;
    for (const item of entry.items) quantities.set(item.productId, (quantities.get(item.productId) ?? 0) + item.quantity);
  }
  return quantities;
}

export function searchKey(name: string, code: string | null): string {
  return foldText(`${name} ${code ?? ''}`);
}

function toLocal(row: PulledProduct, unsynced: Map<number, number>): LocalProduct {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    priceCents: toCents(row.price),
    serverStock: row.stock,
    stock: row.stock - (unsynced.get(row.id) ?? 0),
    minStock: row.minStock,
    categoryId: row.categoryId,
    brandId: row.brandId,
    image: row.image,
    active: row.active,
    showInCatalog: row.showInCatalog,
    ivaRate: row.ivaRate,
    search: searchKey(row.name, row.code),
  };
}

/**
 * Applies one pull page and its cursor atomically. With `since` (the cursor the page was asked from) it
 * applies only on top of that cursor: false, and nothing written, when the stored one moved meanwhile.
 * The rows it wrote go to this tab's product index in memory once committed (products-written.ts).
 */
export async function applyPullPage(page: PullReply, since?: number): Promise<boolean> {
  let written = null as { version: number; rows: Map<number, LocalProduct | null> } | null;
  const applied = await db.transaction('rw', [db.products, db.categories, db.brands, db.cart, db.meta, db.outbox, db.customers], async () => {
    if (since !== undefined && (await pullCursor()) !== since) return false;
    const unsynced = await unsyncedQuantities();
    const rows = page.products.map((row) => toLocal(row, unsynced));
    if (rows.length) await db.products.bulkPut(rows);
    if (page.deleted.products.length) {
      await db.products.bulkDelete(page.deleted.products);
      await db.cart.bulkDelete(page.deleted.products);
    }
    if (page.categories.length) await db.categories.bulkPut(page.categories);
    if (page.deleted.categories.length) await db.categories.bulkDelete(page.deleted.categories);
    if (page.brands.length) await db.brands.bulkPut(page.brands);
    if (page.deleted.brands.length) await db.brands.bulkDelete(page.deleted.brands);
    // Customers ride the same cursor (issue #33); a server from before them omits the list.
    if (page.customers?.length) await writePulledCustomers(page.customers);
    if (page.businessInfo) await setMeta('businessInfo', page.businessInfo);
    // The device's CAEA contingency data comes whole on every pull (issue #11); older servers omit it.
    if (page.caea !== undefined) await setMeta('caea', page.caea);
    const changed = [...page.products.map((p) => p.id), ...page.deleted.products];
    if (changed.length) {
      const tracked = changed.length <= MAX_TRACKED_IDS;
      const version = await bumpProductsChange(tracked ? changed : null);
      if (tracked) written = { version, rows: new Map<number, LocalProduct | null>([...rows.map((row) => [row.id, row] as const), ...page.deleted.products.map((id) => [id, null] as const)]) };
    }
    await setMeta('pullCursor', page.cursor);
    return true;
  });
  if (written) publishWrittenProducts(written.version, written.rows);
  return applied;
}

/**
 * A push reply that carried the catalogue's only changes since `since` (this device's own sales): their
 * server stock and the new cursor, in one transaction, instead of pulling them back.
 */
export function applyPushEcho(echo: NonNullable<PushReply['catalog']>, since: number): Promise<void> {
  return db.transaction('rw', [db.products, db.meta], async () => {
    if ((await pullCursor()) !== since || echo.cursor < since) return;
    const rows = await db.products.bulkGet(echo.stock.map((row) => row.id));
    const stock = new Map(echo.stock.map((row) => [row.id, row.stock]));
    const updated = rows.filter((row): row is LocalProduct => Boolean(row)).map((row) => ({ ...row, serverStock: stock.get(row.id) ?? row.serverStock }));
    await db.products.bulkPut(updated);
    await setMeta('pullCursor', echo.cursor);
  });
}

export async function pullCursor(): Promise<number> {
  return (await getMeta('pullCursor')) ?? 0;
}

/** Re-derives the sellable stock of these products from serverStock and the open sales. */
export function recomputeStock(productIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(productIds)];
  if (!ids.length) return Promise.resolve();
  return db.transaction('rw', [db.products, db.outbox, db.meta], async () => {
    const unsynced = await unsyncedQuantities();
    const rows = await db.products.bulkGet(ids);
    const updated = rows.filter((row): row is LocalProduct => Boolean(row)).map((row) => ({ ...row, stock: row.serverStock - (unsynced.get(row.id) ?? 0) }));
    await db.products.bulkPut(updated);
    await bumpProductsChange(ids.length > MAX_TRACKED_IDS ? null : ids);
  });
}
