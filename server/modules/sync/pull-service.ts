/**
 * GET /sync/pull: catalogue changes after a revision cursor (docs/sync.md).
 * Invariant: revisions are unique server-wide and stamped in commit order (one SQLite writer; on
 * PostgreSQL the sync_state row lock), so walking all tables by revision and handing back the last
 * revision sent as the next cursor never skips a change, however a page ends: a row edited after it was
 * sent gets a higher revision and comes again. Unique because the triggers stamp one counter value per
 * row written (an import too), a bulk price update stamps each row from a block of values it reserves
 * (reserveRevisions), and the unique *_revision_idx indexes refuse a shared one (issue #29: a shared
 * revision cut by a page end lost the rest of its rows).
 * A page holds at most `limit` rows across tables; soft-deleted rows travel as ids in `deleted`.
 * Only what the device reads travels: products, categories, brands, customers (issue #33: found offline at
 * the counter; their document and e-mail only while sellers may see them), business info (the sales numbering
 * changes with every sale and the device never reads it; a device's own sales come back in its push
 * reply instead, see push-service.ts).
 */
import { ivaRateFromBp } from '../../../domain/invoicing/codes';
import { fromCents } from '../../../domain/money';
import type { PullQuery, PullReply } from '../../../domain/schemas/sync';
import type { Q } from '../../db/store';
import { toPulledCustomer } from '../customers/dto';
import { customerDataVisible } from '../customers/visibility';
import { pullRepository } from './pull-repository';

type Rows<K extends keyof typeof pullRepository> = Awaited<ReturnType<(typeof pullRepository)[K]>>;
type Change =
  | { kind: 'product'; revision: number; row: Rows<'products'>[number] }
  | { kind: 'category'; revision: number; row: Rows<'categories'>[number] }
  | { kind: 'brand'; revision: number; row: Rows<'brands'>[number] }
  | { kind: 'customer'; revision: number; row: Rows<'customers'>[number] }
  | { kind: 'businessInfo'; revision: number; row: Rows<'businessInfo'>[number] };

async function collectChanges(q: Q, since: number, limit: number): Promise<Change[]> {
  // One row more than a page from each table tells whether anything is left after this page.
  const n = limit + 1;
  const changes: Change[] = [
    ...(await pullRepository.products(q, since, n)).map((row) => ({ kind: 'product' as const, revision: row.revision, row })),
    ...(await pullRepository.categories(q, since, n)).map((row) => ({ kind: 'category' as const, revision: row.revision, row })),
    ...(await pullRepository.brands(q, since, n)).map((row) => ({ kind: 'brand' as const, revision: row.revision, row })),
    ...(await pullRepository.customers(q, since, n)).map((row) => ({ kind: 'customer' as const, revision: row.revision, row })),
    ...(await pullRepository.businessInfo(q, since)).map((row) => ({ kind: 'businessInfo' as const, revision: row.revision, row })),
  ];
  return changes.sort((a, b) => a.revision - b.revision);
}

/**
 * A page of changes, read on `q`. The queries must see one snapshot, or a change committed between
 * two of them could fall behind the cursor: the caller runs this in `store.snapshot`, and adds the device's
 * CAEA data and the server time.
 */
export async function pullChanges(q: Q, query: Pick<PullQuery, 'since' | 'limit'>): Promise<Omit<PullReply, 'caea' | 'serverTime'>> {
  const changes = await collectChanges(q, query.since, query.limit);
  const page = changes.slice(0, query.limit);
  const showCustomerData = page.some((c) => c.kind === 'customer') && (await customerDataVisible(q));
  const reply: Omit<PullReply, 'caea' | 'serverTime'> = {
    products: [],
    categories: [],
    brands: [],
    customers: [],
    businessInfo: null,
    deleted: { products: [], categories: [], brands: [] },
    cursor: page.length ? page[page.length - 1].revision : query.since,
    hasMore: changes.length > query.limit,
  };
  for (const change of page) {
    if (change.kind === 'product') {
      const { deletedAt, revision: _r, priceCents, ivaRateBp, ...product } = change.row;
      if (deletedAt) reply.deleted.products.push(product.id);
      else reply.products.push({ ...product, price: fromCents(priceCents), ivaRate: ivaRateFromBp(ivaRateBp) });
    } else if (change.kind === 'category') {
      const { deletedAt, revision: _r, ...category } = change.row;
      if (deletedAt) reply.deleted.categories.push(category.id);
      else reply.categories.push(category);
    } else if (change.kind === 'customer') {
      reply.customers.push(toPulledCustomer(change.row, showCustomerData));
    } else if (change.kind === 'brand') {
      const { deletedAt, revision: _r, ...brand } = change.row;
      if (deletedAt) reply.deleted.brands.push(brand.id);
      else reply.brands.push(brand);
    } else {
      const { id: _id, revision: _r, updatedAt: _u, ...info } = change.row;
      reply.businessInfo = info;
    }
  }
  return reply;
}
