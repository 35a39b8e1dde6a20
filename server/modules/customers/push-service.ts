/**
 * Customers the counter created, reaching the server (issue #33 item 1, docs/sync.md):
 * - POST /sync/customers (device credential): each customer on its own, validated leniently one by one
 *   (a bad one is `rejected` with a Spanish reason, the rest apply), applied exactly once by uuid and merged
 *   onto the customer that already holds its document (applyPushedCustomer); one unit, fsync'd on commit.
 * - Inside a pushed sale (resolveSaleCustomer, in the sale's savepoint): the sale names its customer by uuid
 *   and may carry the customer itself. A captured sale is a fact: an unknown uuid or an invalid customer
 *   never rejects the sale; it lands without a customer and with a review note saying why.
 */
import { CUSTOMER_MSG } from '../../../domain/customers';
import { fieldLabel } from '../../../domain/field-labels';
import { MSG } from '../../../domain/messages';
import { pushedCustomer, type CustomerPushResult, type CustomersPushBody, type CustomersPushReply } from '../../../domain/schemas/customers';
import type { Q, Store } from '../../db/store';
import { forbidden } from '../../http/errors';
import { salesDurable } from '../sales/durability';
import { toPulledCustomer, type CustomerRow } from './dto';
import { applyPushedCustomer, customerByUuid } from './service';
import { customerDataVisible } from './visibility';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parseCustomer(raw: unknown): { ok: true; data: ReturnType<typeof pushedCustomer.parse> } | { ok: false; reason: string } {
  const parsed = pushedCustomer.safeParse(raw);
  if (parsed.success) return { ok: true, data: parsed.data };
  const detail = parsed.error.issues
    .slice(0, 3)
    .map((issue) => [fieldLabel(issue.path), issue.message].filter(Boolean).join(': '))
    .join('; ');
  return { ok: false, reason: detail };
}

const uuidOf = (raw: unknown): string | null => {
  const uuid = typeof raw === 'object' && raw !== null ? (raw as { uuid?: unknown }).uuid : undefined;
  return typeof uuid === 'string' && uuid.length <= 100 ? uuid : null;
};

export async function pushCustomers(store: Store, body: CustomersPushBody, device: { id: string }, userId: number | null): Promise<CustomersPushReply> {
  if (body.deviceId !== device.id) throw forbidden(MSG.deviceIdMismatch);
  const results = await store.write(async (tx) => {
    const show = await customerDataVisible(tx);
    const out: CustomerPushResult[] = [];
    for (const raw of body.customers) {
      const parsed = parseCustomer(raw);
      if (!parsed.ok) {
        out.push({ uuid: uuidOf(raw), status: 'rejected', reason: `${MSG.badRequest}: ${parsed.reason}` });
        continue;
      }
      const { status, row } = await applyPushedCustomer(tx, parsed.data, device.id, userId);
      out.push({ uuid: parsed.data.uuid, status, customer: toPulledCustomer(row, show) });
    }
    return out;
  });
  await salesDurable(store);
  return { results, serverTime: new Date().toISOString() };
}

export interface SaleCustomer {
  /** The customer the sale is booked to, or null. */
  row: CustomerRow | null;
  /** Why the sale landed without the customer it named (a review note), or null. */
  note: string | null;
  /** Whether resolving it wrote a customer (a revision the device must pull: the push reply cannot echo it). */
  wrote: boolean;
}

/**
 * The customer a pushed sale names, resolved in the sale's unit: the customer it carries (applied once by
 * uuid, merged by document), else the uuid it refers to. Never throws for the sale's data.
 */
export async function resolveSaleCustomer(tx: Q, sale: { customerUuid?: string | null; customer?: unknown }, deviceId: string, userId: number): Promise<SaleCustomer> {
  let note: string | null = null;
  if (sale.customer !== undefined && sale.customer !== null) {
    const parsed = parseCustomer(sale.customer);
    if (parsed.ok) {
      const { status, row } = await applyPushedCustomer(tx, parsed.data, deviceId, userId);
      return { row, note: null, wrote: status === 'applied' };
    }
    note = CUSTOMER_MSG.saleCustomerInvalid(parsed.reason);
    // The server may know it already (created meanwhile by another path): then the reference still holds.
    const ref = sale.customerUuid ?? uuidOf(sale.customer);
    const known = ref && UUID.test(ref) ? await customerByUuid(tx, ref) : undefined;
    return { row: known ?? null, note: known ? null : note, wrote: false };
  }
  const ref = sale.customerUuid;
  if (!ref) return { row: null, note: null, wrote: false };
  const known = UUID.test(ref) ? await customerByUuid(tx, ref) : undefined;
  return known ? { row: known, note: null, wrote: false } : { row: null, note: CUSTOMER_MSG.saleCustomerUnknown(ref), wrote: false };
}
