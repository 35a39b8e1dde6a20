/** SQL of cash sessions and their movements (issue #16); the rules live in ingest-service.ts and service.ts. */
import { and, asc, desc, eq, isNull, max, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cashMovements, cashSessions, devices, sales, users } from '../../db/schema';

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

export const cashRepository = {
  byClientId: (db: Db, clientSessionId: string) => db.select().from(cashSessions).where(eq(cashSessions.clientSessionId, clientSessionId)).get(),

  openOf: (db: Db, deviceId: string) =>
    db.select().from(cashSessions).where(and(eq(cashSessions.deviceId, deviceId), isNull(cashSessions.closedAt))).get(),

  insertSession: (db: Db, row: NewCashSessionRow) => db.insert(cashSessions).values(row).returning({ id: cashSessions.id }).get(),

  /** Closes an open session; a closed one never changes (returns false). */
  close: (db: Db, id: number, fields: CloseFields): boolean =>
    db.update(cashSessions).set(fields).where(and(eq(cashSessions.id, id), isNull(cashSessions.closedAt))).run().changes === 1,

  nextZNumber: (db: Db): number => (db.select({ z: max(cashSessions.zNumber) }).from(cashSessions).get()?.z ?? 0) + 1,

  movementByClientId: (db: Db, clientMovementId: string) =>
    db.select().from(cashMovements).where(eq(cashMovements.clientMovementId, clientMovementId)).get(),

  insertMovement: (db: Db, row: typeof cashMovements.$inferInsert) => db.insert(cashMovements).values(row).run(),

  movements: (db: Db, sessionId: number) =>
    db
      .select({ movement: cashMovements, userName: users.fullName })
      .from(cashMovements)
      .innerJoin(users, eq(users.id, cashMovements.userId))
      .where(eq(cashMovements.sessionId, sessionId))
      .orderBy(asc(cashMovements.at), asc(cashMovements.id))
      .all(),

  sales: (db: Db, clientSessionId: string) =>
    db
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
      .orderBy(asc(sales.saleDate), asc(sales.id))
      .all(),

  userExists: (db: Db, id: number) => db.select({ id: users.id }).from(users).where(eq(users.id, id)).get() !== undefined,

  list: (db: Db, filters: SessionListFilters, limit: number): CashSessionListRow[] => {
    const where: SQL[] = [];
    if (filters.deviceId) where.push(eq(cashSessions.deviceId, filters.deviceId));
    if (filters.localDate) where.push(eq(cashSessions.localDate, filters.localDate));
    if (filters.withDifference) where.push(sql`${cashSessions.differenceCents} is not null and ${cashSessions.differenceCents} <> 0`);
    return db
      .select(listColumns)
      .from(cashSessions)
      .innerJoin(users, eq(users.id, cashSessions.openedBy))
      .leftJoin(devices, eq(devices.id, cashSessions.deviceId))
      .where(where.length ? and(...where) : undefined)
      .orderBy(desc(cashSessions.openedAt), desc(cashSessions.id))
      .limit(limit)
      .all();
  },

  byId: (db: Db, id: number): CashSessionListRow | undefined =>
    db
      .select(listColumns)
      .from(cashSessions)
      .innerJoin(users, eq(users.id, cashSessions.openedBy))
      .leftJoin(devices, eq(devices.id, cashSessions.deviceId))
      .where(eq(cashSessions.id, id))
      .get(),
};
