/** SQL for POS devices: registration and credential, visits, the users who signed in on each, the admin list. */
import { and, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices, deviceUsers, sales, users } from '../../db/schema';

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
  find: (db: Db, id: string): DeviceRow | undefined => db.select().from(devices).where(eq(devices.id, id)).get(),

  create: (db: Db, row: { id: string; name: string | null; userAgent: string | null; userId: number; keyHash: string; at: string }) =>
    db
      .insert(devices)
      .values({ id: row.id, name: row.name, userAgent: row.userAgent, userId: row.userId, keyHash: row.keyHash, registeredAt: row.at, lastSeenAt: row.at })
      .run(),

  /** Gives a device from before credentials its key; only while it has none (a concurrent claim loses). */
  claim: (db: Db, id: string, row: { name: string | null; userAgent: string | null; userId: number; keyHash: string; at: string }) =>
    db
      .update(devices)
      .set({ keyHash: row.keyHash, registeredAt: row.at, userId: row.userId, name: row.name ?? sql`${devices.name}`, userAgent: row.userAgent, lastSeenAt: row.at })
      .where(and(eq(devices.id, id), sql`${devices.keyHash} is null`))
      .run().changes === 1,

  /** Stamps a visit of a registered device. */
  touch: (db: Db, visit: DeviceVisit) => {
    const stamp = visit.kind === 'push' ? { lastPushAt: visit.at } : { lastPullAt: visit.at };
    db.update(devices)
      .set({
        ...(visit.name ? { name: visit.name } : {}),
        ...(visit.userAgent ? { userAgent: visit.userAgent } : {}),
        ...(visit.userId !== null ? { userId: visit.userId } : {}),
        ...(visit.pendingCount !== undefined ? { pendingCount: visit.pendingCount } : {}),
        lastSeenAt: visit.at,
        ...stamp,
      })
      .where(eq(devices.id, visit.id))
      .run();
  },

  /** Records that this user signed in on this device (online sign-in, registration, a push or pull with a session). */
  addUser: (db: Db, deviceId: string, userId: number, at: string) =>
    db
      .insert(deviceUsers)
      .values({ deviceId, userId, createdAt: at, lastSeenAt: at })
      .onConflictDoUpdate({ target: [deviceUsers.deviceId, deviceUsers.userId], set: { lastSeenAt: at } })
      .run(),

  hasUser: (db: Db, deviceId: string, userId: number) =>
    db
      .select({ userId: deviceUsers.userId })
      .from(deviceUsers)
      .where(and(eq(deviceUsers.deviceId, deviceId), eq(deviceUsers.userId, userId)))
      .get() !== undefined,

  /** The device's users with their state, for checking the sellers a push names. */
  users: (db: Db, deviceId: string) =>
    db
      .select({ id: users.id, fullName: users.fullName, active: users.active })
      .from(deviceUsers)
      .innerJoin(users, eq(users.id, deviceUsers.userId))
      .where(eq(deviceUsers.deviceId, deviceId))
      .all(),

  setCaeaPtoVta: (db: Db, id: string, caeaPtoVta: number | null) => db.update(devices).set({ caeaPtoVta }).where(eq(devices.id, id)).run(),

  userName: (db: Db, userId: number) => db.select({ fullName: users.fullName }).from(users).where(eq(users.id, userId)).get()?.fullName ?? null,

  listWithCounts: (db: Db) =>
    db
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
      .orderBy(desc(devices.lastSeenAt))
      .all(),
};
