/**
 * SQL for invoices, ARCA settings and access tickets. Each write is its own short transaction
 * (better-sqlite3 statements autocommit): the issuer commits a pending row BEFORE it calls ARCA and
 * never holds a transaction across a network call.
 */
import { and, asc, count, desc, eq, gte, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { InvoiceStatus } from '../../../domain/schemas/invoices';
import type { Db } from '../../db/client';
import { arcaSettings, arcaTickets, invoices, saleItems, sales, users } from '../../db/schema';
import type { TicketCache, TicketKey } from '../../integrations/arca/tickets';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = typeof invoices.$inferInsert;
export type InvoiceListRow = InvoiceRow & { saleNumber: string; saleDate: string; userFullName: string; username: string; associatedRef: string | null };
export type ArcaSettingsRow = typeof arcaSettings.$inferSelect;

const listColumns = {
  invoice: invoices,
  saleNumber: sales.saleNumber,
  saleDate: sales.saleDate,
  userFullName: users.fullName,
  username: users.username,
  /** A credit note's invoice as "tipo|ptoVta|nro". */
  associatedRef: sql<string | null>`(select a.cbte_tipo || '|' || a.pto_vta || '|' || coalesce(a.cbte_nro, 0) from invoices a where a.id = ${invoices.associatedInvoiceId})`,
};
const flatten = (r: { invoice: InvoiceRow; saleNumber: string; saleDate: string; userFullName: string; username: string; associatedRef: string | null }): InvoiceListRow => ({
  ...r.invoice,
  saleNumber: r.saleNumber,
  saleDate: r.saleDate,
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
  saleForInvoice: (db: Db, saleId: number) => {
    const sale = db.select().from(sales).where(eq(sales.id, saleId)).get();
    if (!sale) return undefined;
    const items = db
      .select({ subtotalCents: saleItems.subtotalCents, ivaRateBp: saleItems.ivaRateBp, returnedQuantity: saleItems.returnedQuantity })
      .from(saleItems)
      .where(eq(saleItems.saleId, saleId))
      .all();
    return { sale, items };
  },

  insert: (db: Db, row: NewInvoiceRow): InvoiceRow => db.insert(invoices).values(row).returning().get(),

  byId: (db: Db, id: number): InvoiceRow | undefined => db.select().from(invoices).where(eq(invoices.id, id)).get(),
  /** The sale's invoice (never one of its credit notes). */
  bySale: (db: Db, saleId: number): InvoiceRow | undefined =>
    db.select().from(invoices).where(and(eq(invoices.saleId, saleId), isNull(invoices.associatedInvoiceId))).get(),

  /** The sale's credit notes, oldest first. */
  creditNotesOfSale: (db: Db, saleId: number): InvoiceListRow[] =>
    db
      .select(listColumns)
      .from(invoices)
      .innerJoin(sales, eq(sales.id, invoices.saleId))
      .innerJoin(users, eq(users.id, invoices.userId))
      .where(and(eq(invoices.saleId, saleId), isNotNull(invoices.associatedInvoiceId)))
      .orderBy(asc(invoices.id))
      .all()
      .map(flatten),

  listRowById: (db: Db, id: number): InvoiceListRow | undefined => {
    const r = db.select(listColumns).from(invoices).innerJoin(sales, eq(sales.id, invoices.saleId)).innerJoin(users, eq(users.id, invoices.userId)).where(eq(invoices.id, id)).get();
    return r && flatten(r);
  },

  list: (db: Db, f: InvoiceFilters, page: number, limit: number): { rows: InvoiceListRow[]; total: number } => {
    const conds: SQL[] = [];
    if (f.from) conds.push(gte(invoices.createdAt, f.from));
    if (f.to) conds.push(lte(invoices.createdAt, f.to));
    if (f.status) conds.push(eq(invoices.status, f.status));
    const where = conds.length ? and(...conds) : undefined;
    const total = db.select({ n: count() }).from(invoices).where(where).get()?.n ?? 0;
    const rows = db
      .select(listColumns)
      .from(invoices)
      .innerJoin(sales, eq(sales.id, invoices.saleId))
      .innerJoin(users, eq(users.id, invoices.userId))
      .where(where)
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(limit)
      .offset((page - 1) * limit)
      .all();
    return { rows: rows.map(flatten), total };
  },

  /** Pending and failed invoices, oldest first (the owner's "to fix" list). */
  unsettled: (db: Db): InvoiceListRow[] =>
    db
      .select(listColumns)
      .from(invoices)
      .innerJoin(sales, eq(sales.id, invoices.saleId))
      .innerJoin(users, eq(users.id, invoices.userId))
      .where(or(eq(invoices.status, 'pendiente'), eq(invoices.status, 'fallida')))
      .orderBy(asc(invoices.id))
      .all()
      .map(flatten),

  /** Pending rows whose retry time has come (or that never got one), oldest first. */
  duePending: (db: Db, at: string): InvoiceRow[] =>
    db
      .select()
      .from(invoices)
      .where(and(eq(invoices.status, 'pendiente'), or(sql`${invoices.nextRetryAt} IS NULL`, lte(invoices.nextRetryAt, at))))
      .orderBy(asc(invoices.id))
      .all(),

  /** Other pending rows of the same book holding a number (they must be settled first). */
  pendingInBook: (db: Db, r: Pick<InvoiceRow, 'issuerCuit' | 'environment' | 'simulator' | 'ptoVta' | 'cbteTipo' | 'id'>): InvoiceRow[] =>
    db
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
      .orderBy(asc(invoices.cbteNro))
      .all(),

  counts: (db: Db): { pendiente: number; fallida: number } => {
    const rows = db.select({ status: invoices.status, n: count() }).from(invoices).groupBy(invoices.status).all();
    const of = (s: InvoiceStatus) => rows.find((r) => r.status === s)?.n ?? 0;
    return { pendiente: of('pendiente'), fallida: of('fallida') };
  },

  update: (db: Db, id: number, patch: Partial<NewInvoiceRow>): InvoiceRow =>
    db.update(invoices).set({ ...patch, updatedAt: now() }).where(eq(invoices.id, id)).returning().get(),
};

export const settingsRepository = {
  get: (db: Db): ArcaSettingsRow | undefined => db.select().from(arcaSettings).where(eq(arcaSettings.id, 1)).get(),
  upsert: (db: Db, values: Omit<typeof arcaSettings.$inferInsert, 'id'>): void => {
    db.insert(arcaSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: arcaSettings.id, set: { ...values, updatedAt: now() } })
      .run();
  },
};

const ticketWhere = (k: TicketKey) =>
  and(eq(arcaTickets.cuit, k.cuit), eq(arcaTickets.service, k.service), eq(arcaTickets.environment, k.environment), eq(arcaTickets.certFingerprint, k.certFingerprint));

/** The TicketCache of the ARCA client, on the arca_tickets table. */
export function dbTicketCache(db: Db): TicketCache {
  return {
    get: (k) => db.select().from(arcaTickets).where(ticketWhere(k)).get(),
    put: (k, t) => {
      db.insert(arcaTickets)
        .values({ ...k, ...t })
        .onConflictDoUpdate({ target: [arcaTickets.cuit, arcaTickets.service, arcaTickets.environment, arcaTickets.certFingerprint], set: { ...t, createdAt: now() } })
        .run();
    },
    drop: (k) => {
      db.delete(arcaTickets).where(ticketWhere(k)).run();
    },
  };
}
