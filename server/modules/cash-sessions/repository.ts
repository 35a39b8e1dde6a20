/** SQL of cash sessions, their movements and drawer openings (issues #16, #35); the rules live in ingest-service.ts and service.ts. */
import { and, asc, desc, eq, isNull, max, sql, type SQL } from 'drizzle-orm';
import { cashDrawerOpens, cashMovements, cashSessions, devices, sales, users } from '../../db/schema';
import { onPostgres } from '../../db/prepared';
import { affected, exec, first, type Q } from '../../db/store';

export type CashSessionRow = typeof cashSessions.$inferSelect;
export type NewCashSessionRow = typeof cashSessions.$inferInsert;

export interface CloseFields {
  closedBy: number;
  closedAt: string;
  closeReceivedAt: string;
  countedCents: number;
  expectedCents: number;
  differenceCents: number;
  comment: string | null;
  closeDenominations: string | null;
  declaredJson: string | null;
  closeHash: string;
  zNumber: number;
  reviewNote: string | null;
}

/** An admin's close for a device that cannot (issue #31 item 6): the count is unknown. */
export interface ForceCloseFields {
  closedBy: number;
  closedAt: string;
  expectedCents: number;
  zNumber: number;
  reviewNote: string;
}

/** The device's own close, arriving after a forced one: its count fills what was unknown. */
export interface LateCloseFields {
  countedCents: number;
  differenceCents: number;
  comment: string | null;
  closeDenominations: string | null;
  declaredJson: string | null;
  closeHash: string;
  reviewNote: string;
}

export interface SessionListFilters {
  deviceId?: string;
  localDate?: string;
  withDifference?: boolean;
}

const closer = sql<string | null>`(select full_name from users c where c.id = ${cashSessions.closedBy})`;
/** Sales of the session the server received after it stored the close. */
const lateSales = sql<number>`(select count(*) from sales s where s.cash_session_id = ${cashSessions.clientSessionId}
  and ${cashSessions.closeReceivedAt} is not null and s.created_at > ${cashSessions.closeReceivedAt})`;
const listColumns = { session: cashSessions, openerName: users.fullName, closerName: closer, deviceName: devices.name, lateSales };
export type CashSessionListRow = { session: CashSessionRow; openerName: string; closerName: string | null; deviceName: string | null; lateSales: number };

const advisoryLock = (tx: Q, key: string) => exec(tx, sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);

export const cashRepository = {
  /**
   * Holds the session and the device until the unit ends, so concurrent events of one session (or two
   * opens of one device) run one after the other and each sees what the other stored: on SQLite the one
   * writer already does that; on PostgreSQL, transaction-scoped advisory locks, always session first.
   */
  lockEvent: async (tx: Q, clientSessionId: string, deviceId: string): Promise<void> => {
    if (!onPostgres(tx)) return;
    await advisoryLock(tx, `cash_session:${clientSessionId}`);
    await advisoryLock(tx, `cash_device:${deviceId}`);
  },

  byClientId: (q: Q, clientSessionId: string) => first(q.select().from(cashSessions).where(eq(cashSessions.clientSessionId, clientSessionId))),

  openOf: (q: Q, deviceId: string) => first(q.select().from(cashSessions).where(and(eq(cashSessions.deviceId, deviceId), isNull(cashSessions.closedAt)))),

  insertSession: async (tx: Q, row: NewCashSessionRow) => (await first(tx.insert(cashSessions).values(row).returning({ id: cashSessions.id })))!,

  /** Closes an open session; a closed one never changes (returns false). */
  close: async (tx: Q, id: number, fields: CloseFields): Promise<boolean> =>
    affected(await tx.update(cashSessions).set(fields).where(and(eq(cashSessions.id, id), isNull(cashSessions.closedAt)))) === 1,

  /** Closes an open session without a count (forced by an admin); false when it was already closed. */
  forceClose: async (tx: Q, id: number, f: ForceCloseFields): Promise<boolean> =>
    affected(
      await tx
        .update(cashSessions)
        .set({ ...f, closeReceivedAt: f.closedAt, forceClosedBy: f.closedBy, forceClosedAt: f.closedAt })
        .where(and(eq(cashSessions.id, id), isNull(cashSessions.closedAt))),
    ) === 1,

  /** Stores the device's count on a force-closed session, once (only while it has no close of its own). */
  lateClose: async (tx: Q, id: number, f: LateCloseFields): Promise<boolean> =>
    affected(await tx.update(cashSessions).set(f).where(and(eq(cashSessions.id, id), sql`${cashSessions.forceClosedAt} is not null`, isNull(cashSessions.closeHash)))) === 1,

  /**
   * The next Z number: the highest plus one, in the unit that stores it. SQLite has one writer, so no two
   * units read the same; on PostgreSQL the unit first takes a transaction-scoped advisory lock, so a
   * concurrent close waits for this unit to commit and then reads the max it stored (READ COMMITTED).
   */
  nextZNumber: async (tx: Q): Promise<number> => {
    if (onPostgres(tx)) await advisoryLock(tx, 'cash_sessions.z_number');
    return ((await first(tx.select({ z: max(cashSessions.zNumber) }).from(cashSessions)))?.z ?? 0) + 1;
  },

  movementByClientId: (q: Q, clientMovementId: string) => first(q.select().from(cashMovements).where(eq(cashMovements.clientMovementId, clientMovementId))),

  insertMovement: async (tx: Q, row: typeof cashMovements.$inferInsert): Promise<void> => {
    await tx.insert(cashMovements).values(row);
  },

  movements: (q: Q, sessionId: number) =>
    q
      .select({ movement: cashMovements, userName: users.fullName })
      .from(cashMovements)
      .innerJoin(users, eq(users.id, cashMovements.userId))
      .where(eq(cashMovements.sessionId, sessionId))
      .orderBy(asc(cashMovements.at), asc(cashMovements.id)),

  drawerOpenByClientId: (q: Q, clientEventId: string) => first(q.select().from(cashDrawerOpens).where(eq(cashDrawerOpens.clientEventId, clientEventId))),

  insertDrawerOpen: async (tx: Q, row: typeof cashDrawerOpens.$inferInsert): Promise<void> => {
    await tx.insert(cashDrawerOpens).values(row);
  },

  drawerOpens: (q: Q, sessionId: number) =>
    q
      .select({ drawerOpen: cashDrawerOpens, userName: users.fullName })
      .from(cashDrawerOpens)
      .innerJoin(users, eq(users.id, cashDrawerOpens.userId))
      .where(eq(cashDrawerOpens.sessionId, sessionId))
      .orderBy(asc(cashDrawerOpens.at), asc(cashDrawerOpens.id)),

  sales: (q: Q, clientSessionId: string) =>
    q
      .select({
        id: sales.id,
        saleNumber: sales.saleNumber,
        saleDate: sales.saleDate,
        paymentMethod: sales.paymentMethod,
        paymentStatus: sales.paymentStatus,
        totalCents: sales.totalCents,
        createdAt: sales.createdAt,
      })
      .from(sales)
      .where(eq(sales.cashSessionId, clientSessionId))
      .orderBy(asc(sales.saleDate), asc(sales.id)),

  userExists: async (q: Q, id: number): Promise<boolean> => (await first(q.select({ id: users.id }).from(users).where(eq(users.id, id)))) !== undefined,

  list: (q: Q, filters: SessionListFilters, limit: number): Promise<CashSessionListRow[]> => {
    const where: SQL[] = [];
    if (filters.deviceId) where.push(eq(cashSessions.deviceId, filters.deviceId));
    if (filters.localDate) where.push(eq(cashSessions.localDate, filters.localDate));
    if (filters.withDifference) where.push(sql`${cashSessions.differenceCents} is not null and ${cashSessions.differenceCents} <> 0`);
    return q
      .select(listColumns)
      .from(cashSessions)
      .innerJoin(users, eq(users.id, cashSessions.openedBy))
      .leftJoin(devices, eq(devices.id, cashSessions.deviceId))
      .where(where.length ? and(...where) : undefined)
      .orderBy(desc(cashSessions.openedAt), desc(cashSessions.id))
      .limit(limit);
  },

  byId: (q: Q, id: number): Promise<CashSessionListRow | undefined> =>
    first(
      q
        .select(listColumns)
        .from(cashSessions)
        .innerJoin(users, eq(users.id, cashSessions.openedBy))
        .leftJoin(devices, eq(devices.id, cashSessions.deviceId))
        .where(eq(cashSessions.id, id)),
    ),
};
