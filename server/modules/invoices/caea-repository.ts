/**
 * SQL for the CAEA contingency (issue #11): the CAEAs held per fortnight, numbering on the server's CAEA
 * point of sale, the report queue of CAEA invoices and the "sin movimiento" records. The server's CAEA
 * number is taken in ONE transaction (max on that point of sale and type + 1, written with the row), no
 * network inside; invoices_number_uq makes a duplicate number impossible.
 */
import { and, asc, eq, gte, isNotNull, lte, max, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { caeaNoActivity, caeas, devices, invoices } from '../../db/schema';
import type { InvoiceRow } from './repository';

export type CaeaRow = typeof caeas.$inferSelect;
/** Whose CAEAs: one issuer in one environment, real or simulated. */
export interface IssuerKey {
  issuerCuit: string;
  environment: 'homologacion' | 'produccion';
  simulator: boolean;
}

const caeaKey = (k: IssuerKey) => and(eq(caeas.issuerCuit, k.issuerCuit), eq(caeas.environment, k.environment), eq(caeas.simulator, k.simulator));
const invoiceKey = (k: IssuerKey) => and(eq(invoices.issuerCuit, k.issuerCuit), eq(invoices.environment, k.environment), eq(invoices.simulator, k.simulator));

export interface CaeaNumbering {
  ptoVta: number;
  cbteFch: string;
  caea: CaeaRow;
}

export const caeaRepository = {
  find: (db: Db, k: IssuerKey, periodo: number, orden: number): CaeaRow | undefined =>
    db.select().from(caeas).where(and(caeaKey(k), eq(caeas.periodo, periodo), eq(caeas.orden, orden))).get(),

  /** Stores a granted CAEA; a second store of the same fortnight keeps the first. */
  store: (db: Db, row: typeof caeas.$inferInsert): void => {
    db.insert(caeas).values(row).onConflictDoNothing().run();
  },

  /** The CAEA valid on an Argentine date "YYYY-MM-DD". */
  validOn: (db: Db, k: IssuerKey, date: string): CaeaRow | undefined =>
    db.select().from(caeas).where(and(caeaKey(k), lte(caeas.validFrom, date), gte(caeas.validTo, date))).get(),

  /** CAEAs still usable on `date` or later (this fortnight's and the next one's), oldest first. */
  heldFrom: (db: Db, k: IssuerKey, date: string): CaeaRow[] => db.select().from(caeas).where(and(caeaKey(k), gte(caeas.validTo, date))).orderBy(asc(caeas.validFrom)).all(),

  /** CAEAs whose fortnight ended before `date` (candidates for "sin movimiento"). */
  endedBefore: (db: Db, k: IssuerKey, date: string): CaeaRow[] => db.select().from(caeas).where(and(caeaKey(k), sql`${caeas.validTo} < ${date}`)).all(),

  /** Last number per comprobante type on a point of sale. */
  lastNumbers: (db: Db, k: IssuerKey, ptoVta: number): Record<string, number> => {
    const rows = db
      .select({ tipo: invoices.cbteTipo, last: max(invoices.cbteNro) })
      .from(invoices)
      .where(and(invoiceKey(k), eq(invoices.ptoVta, ptoVta), isNotNull(invoices.cbteNro)))
      .groupBy(invoices.cbteTipo)
      .all();
    return Object.fromEntries(rows.map((r) => [String(r.tipo), r.last ?? 0]));
  },

  /**
   * Numbers an unsent pending invoice on the server's CAEA point of sale: next number for its type there,
   * issued with the CAEA ('autorizada', authorization 'CAEA', report 'pendiente' by the CAEA's deadline).
   * Only a row still pending without a number and never sent is taken (null otherwise).
   */
  numberWithCaea: (db: Db, row: InvoiceRow, n: CaeaNumbering, requestJson: (nro: number) => string): InvoiceRow | null =>
    db.transaction(
      (tx) => {
        const current = tx.select().from(invoices).where(eq(invoices.id, row.id)).get();
        if (!current || current.status !== 'pendiente' || current.cbteNro !== null || current.attempts > 0) return null;
        const k = { issuerCuit: current.issuerCuit, environment: current.environment, simulator: current.simulator };
        const last =
          tx
            .select({ last: max(invoices.cbteNro) })
            .from(invoices)
            .where(and(invoiceKey(k), eq(invoices.ptoVta, n.ptoVta), eq(invoices.cbteTipo, current.cbteTipo)))
            .get()?.last ?? 0;
        const at = new Date().toISOString();
        return tx
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
          .where(eq(invoices.id, current.id))
          .returning()
          .get();
      },
      { behavior: 'immediate' },
    ),

  /** CAEA invoices waiting for their report whose time has come, in number order per point of sale and type. */
  dueReports: (db: Db, at: string): InvoiceRow[] =>
    db
      .select()
      .from(invoices)
      .where(and(eq(invoices.authorization, 'CAEA'), eq(invoices.reportStatus, 'pendiente'), or(sql`${invoices.reportNextAt} IS NULL`, lte(invoices.reportNextAt, at))))
      .orderBy(asc(invoices.issuerCuit), asc(invoices.ptoVta), asc(invoices.cbteTipo), asc(invoices.cbteNro))
      .all(),

  /** CAEA invoices the owner must see: not reported yet, or rejected. */
  unreported: (db: Db): InvoiceRow[] =>
    db
      .select()
      .from(invoices)
      .where(and(eq(invoices.authorization, 'CAEA'), or(eq(invoices.reportStatus, 'pendiente'), eq(invoices.reportStatus, 'rechazada'))))
      .orderBy(asc(invoices.reportDeadline), asc(invoices.ptoVta), asc(invoices.cbteNro))
      .all(),

  /** How many CAEA invoices a point of sale issued with a CAEA. */
  issuedWith: (db: Db, k: IssuerKey, caea: string, ptoVta: number): number =>
    db
      .select({ n: sql<number>`count(*)` })
      .from(invoices)
      .where(and(invoiceKey(k), eq(invoices.authorization, 'CAEA'), eq(invoices.cae, caea), eq(invoices.ptoVta, ptoVta)))
      .get()?.n ?? 0,

  noActivityInformed: (db: Db, k: IssuerKey, caea: string, ptoVta: number): boolean =>
    db
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
      .get() !== undefined,

  /** Counter devices with their own CAEA point of sale, with what "sin movimiento" waits for. */
  devicePoints: (db: Db) =>
    db
      .select({ id: devices.id, name: devices.name, caeaPtoVta: sql<number>`${devices.caeaPtoVta}`, lastPushAt: devices.lastPushAt, pendingCount: devices.pendingCount })
      .from(devices)
      .where(isNotNull(devices.caeaPtoVta))
      .all(),

  recordNoActivity: (db: Db, k: IssuerKey, caea: string, ptoVta: number): void => {
    db.insert(caeaNoActivity).values({ ...k, caea, ptoVta }).onConflictDoNothing().run();
  },
};
