/** SQL for POS devices: registration and credential, visits, the users who signed in on each, the admin list. */
import { and, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { devices, deviceUsers, sales, users } from '../../db/schema';
import { sqlState } from '../../db/pg-store';
import { affected, first, type Q } from '../../db/store';

/** A unique index refused the write: SQLite's SQLITE_CONSTRAINT_UNIQUE, PostgreSQL's SQLSTATE 23505. */
const isUniqueViolation = (error: unknown): boolean => sqlState(error) === '23505' || sqlState(error) === 'SQLITE_CONSTRAINT_UNIQUE';

export type DeviceRow = typeof devices.$inferSelect;

export interface DeviceVisit {
  id: string;
  /** A new name the device gave itself; undefined keeps the stored one. */
  name?: string | null;
  userAgent: string | null;
  /** The signed-in user of this visit; null (the device credential alone) keeps the stored one. */
  userId: number | null;
  at: string;
  kind: 'push' | 'pull';
  pendingCount?: number;
}

export const devicesRepository = {
  find: (q: Q, id: string): Promise<DeviceRow | undefined> => first(q.select().from(devices).where(eq(devices.id, id))),

  create: async (tx: Q, row: { id: string; name: string | null; userAgent: string | null; userId: number; keyHash: string; at: string }): Promise<void> => {
    await tx
      .insert(devices)
      .values({ id: row.id, name: row.name, userAgent: row.userAgent, userId: row.userId, keyHash: row.keyHash, registeredAt: row.at, lastSeenAt: row.at });
  },

  /** Gives a device from before credentials its key; only while it has none (a concurrent claim loses). */
  claim: async (tx: Q, id: string, row: { name: string | null; userAgent: string | null; userId: number; keyHash: string; at: string }): Promise<boolean> =>
    affected(
      await tx
        .update(devices)
        .set({ keyHash: row.keyHash, registeredAt: row.at, userId: row.userId, name: row.name ?? sql`${devices.name}`, userAgent: row.userAgent, lastSeenAt: row.at })
        .where(and(eq(devices.id, id), sql`${devices.keyHash} is null`)),
    ) === 1,

  /** Stamps a visit of a registered device. */
  touch: async (tx: Q, visit: DeviceVisit): Promise<void> => {
    const stamp = visit.kind === 'push' ? { lastPushAt: visit.at } : { lastPullAt: visit.at };
    await tx
      .update(devices)
      .set({
        ...(visit.name ? { name: visit.name } : {}),
        ...(visit.userAgent ? { userAgent: visit.userAgent } : {}),
        ...(visit.userId !== null ? { userId: visit.userId } : {}),
        ...(visit.pendingCount !== undefined ? { pendingCount: visit.pendingCount } : {}),
        lastSeenAt: visit.at,
        ...stamp,
      })
      .where(eq(devices.id, visit.id));
  },

  /** Records that this user signed in on this device (online sign-in, registration, a push or pull with a session). */
  addUser: async (tx: Q, deviceId: string, userId: number, at: string): Promise<void> => {
    await tx
      .insert(deviceUsers)
      .values({ deviceId, userId, createdAt: at, lastSeenAt: at })
      .onConflictDoUpdate({ target: [deviceUsers.deviceId, deviceUsers.userId], set: { lastSeenAt: at } });
  },

  hasUser: async (q: Q, deviceId: string, userId: number): Promise<boolean> =>
    (await first(
      q
        .select({ userId: deviceUsers.userId })
        .from(deviceUsers)
        .where(and(eq(deviceUsers.deviceId, deviceId), eq(deviceUsers.userId, userId))),
    )) !== undefined,

  /** The device's users with their state, for checking the sellers a push names. */
  users: (q: Q, deviceId: string) =>
    q
      .select({ id: users.id, fullName: users.fullName, active: users.active })
      .from(deviceUsers)
      .innerJoin(users, eq(users.id, deviceUsers.userId))
      .where(eq(deviceUsers.deviceId, deviceId)),

  /** Sets a device's CAEA point of sale; false when another device has it (devices_caea_pto_vta_uq). */
  setCaeaPtoVta: async (tx: Q, id: string, caeaPtoVta: number | null): Promise<boolean> => {
    try {
      await tx.update(devices).set({ caeaPtoVta }).where(eq(devices.id, id));
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  },

  userName: async (q: Q, userId: number) => (await first(q.select({ fullName: users.fullName }).from(users).where(eq(users.id, userId))))?.fullName ?? null,

  listWithCounts: (q: Q) =>
    q
      .select({
        device: devices,
        userFullName: users.fullName,
        salesCount: sql<number>`(select count(*) from ${sales} where ${sales.deviceId} = ${devices.id})`,
        flaggedCount: sql<number>`(select count(*) from ${sales} where ${and(
          eq(sales.deviceId, devices.id),
          or(eq(sales.flagOversold, true), eq(sales.flagPriceChanged, true), isNotNull(sales.reviewNote)),
        )})`,
        userCount: sql<number>`(select count(*) from ${deviceUsers} where ${deviceUsers.deviceId} = ${devices.id})`,
      })
      .from(devices)
      .leftJoin(users, eq(users.id, devices.userId))
      .orderBy(desc(devices.lastSeenAt)),
};
