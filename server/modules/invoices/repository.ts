/**
 * SQL for invoices, ARCA settings and access tickets, on the persistence port (server/db/store.ts): each
 * function runs on the handle it is given. The issuer commits a pending row in one write unit BEFORE it
 * calls ARCA and records the outcome in another: no unit is ever open across a network call.
 */
import { and, asc, count, desc, eq, gte, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { InvoiceStatus } from '../../../domain/schemas/invoices';
import { arcaSettings, arcaTickets, invoices, saleItems, sales, users } from '../../db/schema';
import { first, type Q, type Store } from '../../db/store';
import type { TicketCache, TicketKey } from '../../integrations/arca/tickets';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = typeof invoices.$inferInsert;
export type InvoiceListRow = InvoiceRow & { saleNumber: string; saleDate: string; paymentMethod: string; userFullName: string; username: string; associatedRef: string | null };
export type ArcaSettingsRow = typeof arcaSettings.$inferSelect;

const listColumns = {
  invoice: invoices,
  saleNumber: sales.saleNumber,
  saleDate: sales.saleDate,
  paymentMethod: sales.paymentMethod,
  userFullName: users.fullName,
  username: users.username,
  /** A credit note's invoice as "tipo|ptoVta|nro". */
  associatedRef: sql<string | null>`(select a.cbte_tipo || '|' || a.pto_vta || '|' || coalesce(a.cbte_nro, 0) from invoices a where a.id = ${invoices.associatedInvoiceId})`,
};
const flatten = (r: { invoice: InvoiceRow; saleNumber: string; saleDate: string; paymentMethod: string; userFullName: string; username: string; associatedRef: string | null }): InvoiceListRow => ({
  ...r.invoice,
  saleNumber: r.saleNumber,
  saleDate: r.saleDate,
  paymentMethod: r.paymentMethod,
  userFullName: r.userFullName,
  username: r.username,
  associatedRef: r.associatedRef,
});

export interface InvoiceFilters {
  from?: string;
  to?: string;
  status?: InvoiceStatus;
}

const now = () => new Date().toISOString();

export const invoicesRepository = {
  saleForInvoice: async (q: Q, saleId: number) => {
    const sale = await first(q.select().from(sales).where(eq(sales.id, saleId)));
    if (!sale) return undefined;
    const items = await q
      .select({ quantity: saleItems.quantity, subtotalCents: saleItems.subtotalCents, ivaRateBp: saleItems.ivaRateBp, returnedQuantity: saleItems.returnedQuantity, returnedCents: saleItems.returnedCents })
      .from(saleItems)
      .where(eq(saleItems.saleId, saleId));
    return { sale, items };
  },

  insert: async (q: Q, row: NewInvoiceRow): Promise<InvoiceRow> => (await first(q.insert(invoices).values(row).returning()))!,

  byId: (q: Q, id: number): Promise<InvoiceRow | undefined> => first(q.select().from(invoices).where(eq(invoices.id, id))),
  /** The sale's invoice (never one of its credit notes). */
  bySale: (q: Q, saleId: number): Promise<InvoiceRow | undefined> =>
    first(q.select().from(invoices).where(and(eq(invoices.saleId, saleId), isNull(invoices.associatedInvoiceId))).limit(1)),

  /** The sale's credit notes, oldest first. */
  creditNotesOfSale: async (q: Q, saleId: number): Promise<InvoiceListRow[]> =>
    (
      await q
        .select(listColumns)
        .from(invoices)
        .innerJoin(sales, eq(sales.id, invoices.saleId))
        .innerJoin(users, eq(users.id, invoices.userId))
        .where(and(eq(invoices.saleId, saleId), isNotNull(invoices.associatedInvoiceId)))
        .orderBy(asc(invoices.id))
    ).map(flatten),

  listRowById: async (q: Q, id: number): Promise<InvoiceListRow | undefined> => {
    const r = await first(q.select(listColumns).from(invoices).innerJoin(sales, eq(sales.id, invoices.saleId)).innerJoin(users, eq(users.id, invoices.userId)).where(eq(invoices.id, id)));
    return r && flatten(r);
  },

  list: async (q: Q, f: InvoiceFilters, page: number, limit: number): Promise<{ rows: InvoiceListRow[]; total: number }> => {
    const conds: SQL[] = [];
    if (f.from) conds.push(gte(invoices.createdAt, f.from));
    if (f.to) conds.push(lte(invoices.createdAt, f.to));
    if (f.status) conds.push(eq(invoices.status, f.status));
    const where = conds.length ? and(...conds) : undefined;
    const total = (await first(q.select({ n: count() }).from(invoices).where(where)))?.n ?? 0;
    const rows = await q
      .select(listColumns)
      .from(invoices)
      .innerJoin(sales, eq(sales.id, invoices.saleId))
      .innerJoin(users, eq(users.id, invoices.userId))
      .where(where)
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(limit)
      .offset((page - 1) * limit);
    return { rows: rows.map(flatten), total };
  },

  /** Pending and failed invoices, oldest first (the owner's "to fix" list). */
  unsettled: async (q: Q): Promise<InvoiceListRow[]> =>
    (
      await q
        .select(listColumns)
        .from(invoices)
        .innerJoin(sales, eq(sales.id, invoices.saleId))
        .innerJoin(users, eq(users.id, invoices.userId))
        .where(or(eq(invoices.status, 'pendiente'), eq(invoices.status, 'fallida')))
        .orderBy(asc(invoices.id))
    ).map(flatten),

  /** Pending rows whose retry time has come (or that never got one), oldest first; never one held for its device. */
  duePending: (q: Q, at: string): Promise<InvoiceRow[]> =>
    q
      .select()
      .from(invoices)
      .where(and(eq(invoices.status, 'pendiente'), eq(invoices.deviceHold, false), or(sql`${invoices.nextRetryAt} IS NULL`, lte(invoices.nextRetryAt, at))))
      .orderBy(asc(invoices.id)),

  /** Other pending rows of the same book holding a number (they must be settled first). */
  pendingInBook: (q: Q, r: Pick<InvoiceRow, 'issuerCuit' | 'environment' | 'simulator' | 'ptoVta' | 'cbteTipo' | 'id'>): Promise<InvoiceRow[]> =>
    q
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.status, 'pendiente'),
          eq(invoices.issuerCuit, r.issuerCuit),
          eq(invoices.environment, r.environment),
          eq(invoices.simulator, r.simulator),
          eq(invoices.ptoVta, r.ptoVta),
          eq(invoices.cbteTipo, r.cbteTipo),
          isNotNull(invoices.cbteNro),
          sql`${invoices.id} <> ${r.id}`,
        ),
      )
      .orderBy(asc(invoices.cbteNro)),

  /** The row holding `cbteNro` in this row's book, if any (invoices_number_uq). */
  holderOf: (q: Q, r: Pick<InvoiceRow, 'issuerCuit' | 'environment' | 'simulator' | 'ptoVta' | 'cbteTipo'>, cbteNro: number): Promise<InvoiceRow | undefined> =>
    first(
      q
        .select()
        .from(invoices)
        .where(
          and(
            eq(invoices.issuerCuit, r.issuerCuit),
            eq(invoices.environment, r.environment),
            eq(invoices.simulator, r.simulator),
            eq(invoices.ptoVta, r.ptoVta),
            eq(invoices.cbteTipo, r.cbteTipo),
            eq(invoices.cbteNro, cbteNro),
          ),
        ),
    ),

  counts: async (q: Q): Promise<{ pendiente: number; fallida: number }> => {
    const rows = await q.select({ status: invoices.status, n: count() }).from(invoices).groupBy(invoices.status);
    const of = (s: InvoiceStatus) => rows.find((r) => r.status === s)?.n ?? 0;
    return { pendiente: of('pendiente'), fallida: of('fallida') };
  },

  update: async (q: Q, id: number, patch: Partial<NewInvoiceRow>): Promise<InvoiceRow> =>
    (await first(q.update(invoices).set({ ...patch, updatedAt: now() }).where(eq(invoices.id, id)).returning()))!,
};

export const settingsRepository = {
  get: (q: Q): Promise<ArcaSettingsRow | undefined> => first(q.select().from(arcaSettings).where(eq(arcaSettings.id, 1))),
  upsert: async (q: Q, values: Omit<typeof arcaSettings.$inferInsert, 'id'>): Promise<void> => {
    await q
      .insert(arcaSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: arcaSettings.id, set: { ...values, updatedAt: now() } });
  },
};

const ticketWhere = (k: TicketKey) =>
  and(eq(arcaTickets.cuit, k.cuit), eq(arcaTickets.service, k.service), eq(arcaTickets.environment, k.environment), eq(arcaTickets.certFingerprint, k.certFingerprint));

/** The TicketCache of the ARCA client, on the arca_tickets table (each call its own read or write unit). */
export function storeTicketCache(store: Store): TicketCache {
  return {
    get: (k) => store.read((q) => first(q.select().from(arcaTickets).where(ticketWhere(k)))),
    put: async (k, t) => {
      await store.write((tx) =>
        tx
          .insert(arcaTickets)
          .values({ ...k, ...t })
          .onConflictDoUpdate({ target: [arcaTickets.cuit, arcaTickets.service, arcaTickets.environment, arcaTickets.certFingerprint], set: { ...t, createdAt: now() } }),
      );
    },
    drop: async (k) => {
      await store.write((tx) => tx.delete(arcaTickets).where(ticketWhere(k)));
    },
  };
}
