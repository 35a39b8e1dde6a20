/**
 * SQL for the CAEA contingency (issue #11): the CAEAs held per fortnight, numbering on the server's CAEA
 * point of sale, the report queue of CAEA invoices and the "sin movimiento" records. The server's CAEA
 * number is taken inside the caller's ONE write unit (max on that point of sale and type + 1, written
 * with the row; on PostgreSQL under the book's lock), no network inside; invoices_number_uq makes a
 * duplicate number impossible.
 */
import { and, asc, count, eq, gte, isNotNull, isNull, lte, max, or, sql } from 'drizzle-orm';
import { caeaNoActivity, caeas, devices, invoices } from '../../db/schema';
import { exec, first, isPg, type Q } from '../../db/store';
import type { InvoiceRow } from './repository';

export type CaeaRow = typeof caeas.$inferSelect;
/** Whose CAEAs: one issuer in one environment, real or simulated. */
export interface IssuerKey {
  issuerCuit: string;
  environment: 'homologacion' | 'produccion';
  simulator: boolean;
}

/** First key of the CAEA books' transaction-scoped advisory locks on PostgreSQL (the second: the book's hash). */
const CAEA_BOOK_LOCK = 11;

const caeaKey = (k: IssuerKey) => and(eq(caeas.issuerCuit, k.issuerCuit), eq(caeas.environment, k.environment), eq(caeas.simulator, k.simulator));
const invoiceKey = (k: IssuerKey) => and(eq(invoices.issuerCuit, k.issuerCuit), eq(invoices.environment, k.environment), eq(invoices.simulator, k.simulator));

export interface CaeaNumbering {
  ptoVta: number;
  cbteFch: string;
  caea: CaeaRow;
}

export const caeaRepository = {
  find: (q: Q, k: IssuerKey, periodo: number, orden: number): Promise<CaeaRow | undefined> =>
    first(q.select().from(caeas).where(and(caeaKey(k), eq(caeas.periodo, periodo), eq(caeas.orden, orden)))),

  /** Stores a granted CAEA; a second store of the same fortnight keeps the first. */
  store: async (q: Q, row: typeof caeas.$inferInsert): Promise<void> => {
    await q.insert(caeas).values(row).onConflictDoNothing();
  },

  /** The CAEA valid on an Argentine date "YYYY-MM-DD". */
  validOn: (q: Q, k: IssuerKey, date: string): Promise<CaeaRow | undefined> =>
    first(q.select().from(caeas).where(and(caeaKey(k), lte(caeas.validFrom, date), gte(caeas.validTo, date))).limit(1)),

  /** CAEAs still usable on `date` or later (this fortnight's and the next one's), oldest first. */
  heldFrom: (q: Q, k: IssuerKey, date: string): Promise<CaeaRow[]> => q.select().from(caeas).where(and(caeaKey(k), gte(caeas.validTo, date))).orderBy(asc(caeas.validFrom)),

  /** CAEAs whose fortnight ended before `date` (candidates for "sin movimiento"). */
  endedBefore: (q: Q, k: IssuerKey, date: string): Promise<CaeaRow[]> => q.select().from(caeas).where(and(caeaKey(k), sql`${caeas.validTo} < ${date}`)),

  /** Last number per comprobante type on a point of sale. */
  lastNumbers: async (q: Q, k: IssuerKey, ptoVta: number): Promise<Record<string, number>> => {
    const rows = await q
      .select({ tipo: invoices.cbteTipo, last: max(invoices.cbteNro) })
      .from(invoices)
      .where(and(invoiceKey(k), eq(invoices.ptoVta, ptoVta), isNotNull(invoices.cbteNro)))
      .groupBy(invoices.cbteTipo);
    return Object.fromEntries(rows.map((r) => [String(r.tipo), r.last ?? 0]));
  },

  /**
   * Numbers an unsent pending invoice on the server's CAEA point of sale: next number for its type there,
   * issued with the CAEA ('autorizada', authorization 'CAEA', report 'pendiente' by the CAEA's deadline).
   * Only a row still pending without a number and never sent is taken (null otherwise). Runs inside the
   * caller's write unit, so the re-check, the number and the row are one commit.
   */
  numberWithCaea: async (tx: Q, row: InvoiceRow, n: CaeaNumbering, requestJson: (nro: number) => string): Promise<InvoiceRow | null> => {
    // SQLite has one writer: the re-check and the max below are the book's. PostgreSQL runs units side by
    // side: the book (issuer, environment, simulator, point of sale, type) is locked until this unit ends,
    // so the re-check and the max are read after the previous holder committed: two units never number
    // one row, nor take the same number.
    if (isPg(tx)) {
      const book = `${row.issuerCuit}|${row.environment}|${row.simulator}|${n.ptoVta}|${row.cbteTipo}`;
      await exec(tx, sql`SELECT pg_advisory_xact_lock(${CAEA_BOOK_LOCK}, hashtext(${book}))`);
    }
    const current = await first(tx.select().from(invoices).where(eq(invoices.id, row.id)));
    if (!current || current.status !== 'pendiente' || current.cbteNro !== null || current.attempts > 0) return null;
    const k = { issuerCuit: current.issuerCuit, environment: current.environment, simulator: current.simulator };
    const last =
      (
        await first(
          tx
            .select({ last: max(invoices.cbteNro) })
            .from(invoices)
            .where(and(invoiceKey(k), eq(invoices.ptoVta, n.ptoVta), eq(invoices.cbteTipo, current.cbteTipo))),
        )
      )?.last ?? 0;
    const at = new Date().toISOString();
    const updated = await first(
      tx
        .update(invoices)
        .set({
          status: 'autorizada',
          authorization: 'CAEA',
          ptoVta: n.ptoVta,
          cbteNro: last + 1,
          cbteFch: n.cbteFch,
          requestJson: requestJson(last + 1),
          cae: n.caea.caea,
          caeVto: n.caea.validTo.replaceAll('-', ''),
          reportStatus: 'pendiente',
          reportDeadline: n.caea.reportDeadline,
          reportError: null,
          reportAttempts: 0,
          reportNextAt: null,
          failureReason: null,
          errorCode: null,
          nextRetryAt: null,
          authorizedAt: at,
          updatedAt: at,
        })
        // Still unnumbered (PostgreSQL: a unit that numbered it meanwhile holds the row until it commits).
        .where(and(eq(invoices.id, current.id), eq(invoices.status, 'pendiente'), isNull(invoices.cbteNro)))
        .returning(),
    );
    return updated ?? null;
  },

  /** CAEA invoices waiting for their report whose time has come, in number order per point of sale and type. */
  dueReports: (q: Q, at: string): Promise<InvoiceRow[]> =>
    q
      .select()
      .from(invoices)
      .where(and(eq(invoices.authorization, 'CAEA'), eq(invoices.reportStatus, 'pendiente'), or(sql`${invoices.reportNextAt} IS NULL`, lte(invoices.reportNextAt, at))))
      .orderBy(asc(invoices.issuerCuit), asc(invoices.ptoVta), asc(invoices.cbteTipo), asc(invoices.cbteNro)),

  /** CAEA invoices the owner must see: not reported yet, or rejected. */
  unreported: (q: Q): Promise<InvoiceRow[]> =>
    q
      .select()
      .from(invoices)
      .where(and(eq(invoices.authorization, 'CAEA'), or(eq(invoices.reportStatus, 'pendiente'), eq(invoices.reportStatus, 'rechazada'))))
      .orderBy(asc(invoices.reportDeadline), asc(invoices.ptoVta), asc(invoices.cbteNro)),

  /** How many CAEA invoices a point of sale issued with a CAEA. */
  issuedWith: async (q: Q, k: IssuerKey, caea: string, ptoVta: number): Promise<number> =>
    (await first(q.select({ n: count() }).from(invoices).where(and(invoiceKey(k), eq(invoices.authorization, 'CAEA'), eq(invoices.cae, caea), eq(invoices.ptoVta, ptoVta)))))?.n ?? 0,

  noActivityInformed: async (q: Q, k: IssuerKey, caea: string, ptoVta: number): Promise<boolean> =>
    (await first(
      q
        .select({ id: caeaNoActivity.id })
        .from(caeaNoActivity)
        .where(
          and(
            eq(caeaNoActivity.issuerCuit, k.issuerCuit),
            eq(caeaNoActivity.environment, k.environment),
            eq(caeaNoActivity.simulator, k.simulator),
            eq(caeaNoActivity.caea, caea),
            eq(caeaNoActivity.ptoVta, ptoVta),
          ),
        )
        .limit(1),
    )) !== undefined,

  /** Counter devices with their own CAEA point of sale, with what "sin movimiento" waits for. */
  devicePoints: (q: Q) =>
    q
      .select({ id: devices.id, name: devices.name, caeaPtoVta: sql<number>`${devices.caeaPtoVta}`, lastPushAt: devices.lastPushAt, pendingCount: devices.pendingCount })
      .from(devices)
      .where(isNotNull(devices.caeaPtoVta)),

  recordNoActivity: async (q: Q, k: IssuerKey, caea: string, ptoVta: number): Promise<void> => {
    await q.insert(caeaNoActivity).values({ ...k, caea, ptoVta }).onConflictDoNothing();
  },
};
