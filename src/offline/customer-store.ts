/**
 * The counter's customer file (issue #33 item 1): the customers pulled with the catalogue plus those
 * created at this counter, searched offline by one field (name, CUIT/DNI or phone).
 * Invariants:
 *  - a row is keyed by its uuid; pulled rows are the server's values, written by the pull page's own
 *    transaction (product-store.ts applyPullPage calls writePulledCustomers inside it);
 *  - a customer created here is written with `pending: 1` and its uuid, and stays pending until the server
 *    answered for that uuid (POST /sync/customers, or a sale that carried it): the server applies a uuid
 *    once, so re-sending a pending customer never creates a second one;
 *  - a customer the server merged into another (same document) is replaced here by the one it names;
 *  - deactivated customers are dropped (the counter never offers them);
 *  - `search` is domain/customers.ts customerSearchText, the same text the server indexes, and a search
 *    matches when every word of customerSearchWords(query) is in it.
 */
import { customerSearchText, customerSearchWords } from '../../domain/customers';
import type { CondicionIvaReceptor } from '../../domain/invoicing/codes';
import type { CustomerDocType } from '../../domain/customers';
import { fromCents, toCents } from '../../domain/money';
import type { CustomerPushResult, PulledCustomer } from '../../domain/schemas/customers';
import { unsentAccountDeltas } from './account-payments';
import { announceWrite } from './capture';
import { db, type LocalCustomer } from './db';

export type { LocalCustomer } from './db';
export { toPushedCustomer } from './customer-body';

/** The fields a cashier types for a new customer at the counter. */
export interface NewCustomerInput {
  docType: CustomerDocType;
  docNumber: string | null;
  name: string;
  ivaConditionId: CondicionIvaReceptor;
  address?: string | null;
  phone?: string | null;
  email?: string | null;
}

const listeners = new Set<() => void>();

/** Calls `listener` after this tab changed the customer file (a pull page, a customer created or confirmed). */
export function onCustomersChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function announce(): void {
  listeners.forEach((listener) => listener());
}

export function fromPulled(row: PulledCustomer): LocalCustomer {
  return {
    uuid: row.uuid,
    id: row.id,
    docType: row.docType,
    docNumber: row.docNumber,
    name: row.name,
    ivaConditionId: row.ivaConditionId,
    address: row.address,
    phone: row.phone,
    email: row.email,
    accountEnabled: row.accountEnabled,
    creditLimit: row.creditLimit,
    balance: row.balance,
    pending: 0,
    search: customerSearchText(row),
  };
}

/**
 * Writes a pull page's customers. Call INSIDE the transaction that applies the page (it must include
 * db.customers). Inactive ones are removed.
 */
export async function writePulledCustomers(rows: readonly PulledCustomer[]): Promise<void> {
  if (!rows.length) return;
  const active = rows.filter((row) => row.active).map(fromPulled);
  const inactive = rows.filter((row) => !row.active).map((row) => row.uuid);
  if (active.length) await db.customers.bulkPut(active);
  if (inactive.length) await db.customers.bulkDelete(inactive);
  queueMicrotask(announce);
}

/** Saves a customer created at the counter (pending until the server confirms its uuid). */
export async function createLocalCustomer(input: NewCustomerInput): Promise<LocalCustomer> {
  const clean = (value: string | null | undefined) => value?.trim() || null;
  const row: LocalCustomer = {
    uuid: crypto.randomUUID(),
    id: null,
    docType: input.docType,
    docNumber: clean(input.docNumber),
    name: input.name.trim(),
    ivaConditionId: input.ivaConditionId,
    address: clean(input.address),
    phone: clean(input.phone),
    email: clean(input.email),
    accountEnabled: false,
    creditLimit: null,
    balance: 0,
    pending: 1,
    search: '',
  };
  row.search = customerSearchText(row);
  await db.customers.put(row);
  announce();
  announceWrite();
  return row;
}

/** The reason shown when the server rejected a customer without saying why. */
const CUSTOMER_REJECTED = 'El servidor rechazó este cliente';

export function pendingCustomers(limit: number): Promise<LocalCustomer[]> {
  return db.customers.where('pending').equals(1).limit(limit).toArray();
}

/** A pending customer by uuid (what a sale embeds while the server has not confirmed it), else undefined. */
export async function pendingCustomer(uuid: string): Promise<LocalCustomer | undefined> {
  const row = await db.customers.get(uuid);
  return row?.pending ? row : undefined;
}

/**
 * The server answered for these uuids (POST /sync/customers results, or a synced sale's customerUuid):
 * applied/duplicate confirm the row with the server's values; merged replaces it by the customer the
 * server names. A rejected row is marked `pending: 2` with the server's reason: checkout shows it and
 * POST /sync/customers no longer resends it every cycle (its sales still carry the buyer's name and
 * document). Call inside or outside a transaction that includes db.customers.
 */
export async function confirmCustomers(results: readonly Pick<CustomerPushResult, 'uuid' | 'status' | 'customer' | 'reason'>[]): Promise<void> {
  let changed = false;
  for (const result of results) {
    if (!result.uuid) continue;
    if (result.status === 'rejected') {
      await db.customers.update(result.uuid, { pending: 2, rejectedReason: result.reason ?? CUSTOMER_REJECTED });
      changed = true;
      continue;
    }
    const canonical = result.customer;
    if (canonical) {
      if (canonical.uuid !== result.uuid) await db.customers.delete(result.uuid);
      if (canonical.active) await db.customers.put(fromPulled(canonical));
      else await db.customers.delete(canonical.uuid);
    } else {
      await db.customers.update(result.uuid, { pending: 0 });
    }
    changed = true;
  }
  if (changed) queueMicrotask(announce);
}

/** A sale that carried a customer was resolved by the server: that customer now exists there under `serverUuid`. */
export async function confirmSaleCustomer(localUuid: string, serverUuid: string | undefined): Promise<void> {
  const row = await db.customers.get(localUuid);
  if (!row?.pending) return;
  if (serverUuid && serverUuid !== localUuid) await db.customers.delete(localUuid);
  else await db.customers.update(localUuid, { pending: 0 });
  queueMicrotask(announce);
}

/**
 * The customer file for the counter's screens. Each `balance` is the one the counter should reckon with:
 * the pulled balance plus this device's sales on account still in the outbox, minus its payments on
 * account not yet confirmed (account-payments.ts), so the over-limit warning counts what was not sent yet.
 * Never write these rows back.
 */
export async function loadCustomers(): Promise<LocalCustomer[]> {
  const [rows, deltas] = await Promise.all([db.customers.toArray(), unsentAccountDeltas()]);
  if (!deltas.size) return rows;
  return rows.map((row) => {
    const delta = deltas.get(row.uuid);
    return delta ? { ...row, balance: fromCents(toCents(row.balance) + delta) } : row;
  });
}

/**
 * The customers matching a typed query, at most `limit`: every word must be in the row's search text.
 * Pure and linear (a few ms over 10,000 customers). A document typed whole comes first, then names that
 * start with the first word, then by name.
 */
export function matchCustomers(rows: readonly LocalCustomer[], query: string, limit: number): LocalCustomer[] {
  const words = customerSearchWords(query);
  if (!words.length) return [];
  const hits: LocalCustomer[] = [];
  for (const row of rows) {
    if (words.every((word) => row.search.includes(word))) hits.push(row);
  }
  const first = words[0];
  const rank = (row: LocalCustomer) => (row.docNumber === first ? 0 : row.search.startsWith(first) ? 1 : 2);
  hits.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name, 'es'));
  return hits.slice(0, limit);
}

/** The stored customer with this document (digits), if any: the counter offers it instead of a duplicate. */
export function customerByDocument(rows: readonly LocalCustomer[], docNumber: string | null): LocalCustomer | undefined {
  if (!docNumber) return undefined;
  return rows.find((row) => row.docNumber === docNumber);
}
