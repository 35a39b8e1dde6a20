/** SQL for POS devices: registration and credential, visits, the users who signed in on each, the admin list and its actions. */
import { and, count, desc, eq, gte, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { cashSessions, devices, deviceUsers, sales, syncBatches, users } from '../../db/schema';
import { isUniqueViolation } from '../../db/constraint';
import { affected, first, type Q } from '../../db/store';

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

interface Registration {
  name: string | null;
  userAgent: string | null;
  userId: number;
  keyHash: string;
  at: string;
  /** The address the registration came from. */
  from: string | null;
}

export const devicesRepository = {
  find: (q: Q, id: string): Promise<DeviceRow | undefined> => first(q.select().from(devices).where(eq(devices.id, id))),

  create: async (tx: Q, row: { id: string } & Registration): Promise<void> => {
    await tx.insert(devices).values({
      id: row.id,
      name: row.name,
      userAgent: row.userAgent,
      userId: row.userId,
      keyHash: row.keyHash,
      registeredAt: row.at,
      registeredBy: row.userId,
      registeredFrom: row.from,
      lastSeenAt: row.at,
    });
  },

  /** Gives a device from before credentials its key; only while it has none (a concurrent claim loses). */
  claim: async (tx: Q, id: string, row: Registration): Promise<boolean> =>
    affected(
      await tx
        .update(devices)
        .set({
          keyHash: row.keyHash,
          registeredAt: row.at,
          registeredBy: row.userId,
          registeredFrom: row.from,
          userId: row.userId,
          name: row.name ?? sql`${devices.name}`,
          userAgent: row.userAgent,
          lastSeenAt: row.at,
        })
        .where(and(eq(devices.id, id), sql`${devices.keyHash} is null`)),
    ) === 1,

  /** How many devices this user registered since `since` (the registration limit). */
  registeredBySince: async (q: Q, userId: number, since: string): Promise<number> =>
    Number((await first(q.select({ n: count() }).from(devices).where(and(eq(devices.registeredBy, userId), gte(devices.registeredAt, since)))))?.n ?? 0),

  rename: async (tx: Q, id: string, name: string): Promise<boolean> => affected(await tx.update(devices).set({ name }).where(eq(devices.id, id))) === 1,

  /** Revokes the key once; the first revocation's who and when stay. */
  revoke: async (tx: Q, id: string, by: number, at: string): Promise<void> => {
    await tx.update(devices).set({ revokedAt: at, revokedBy: by }).where(and(eq(devices.id, id), isNull(devices.revokedAt)));
  },

  /** Whether anything refers to the device (sales, cash sessions, push batches): such a device is kept. */
  hasHistory: async (q: Q, id: string): Promise<boolean> => {
    if (await first(q.select({ id: sales.id }).from(sales).where(eq(sales.deviceId, id)).limit(1))) return true;
    if (await first(q.select({ id: cashSessions.id }).from(cashSessions).where(eq(cashSessions.deviceId, id)).limit(1))) return true;
    return (await first(q.select({ id: syncBatches.id }).from(syncBatches).where(eq(syncBatches.deviceId, id)).limit(1))) !== undefined;
  },

  remove: async (tx: Q, id: string): Promise<void> => {
    await tx.delete(deviceUsers).where(eq(deviceUsers.deviceId, id));
    await tx.delete(devices).where(eq(devices.id, id));
  },

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
        registeredByName: sql<string | null>`(select r.full_name from users r where r.id = ${devices.registeredBy})`,
        openCashSessionId: sql<number | null>`(select ${cashSessions.id} from ${cashSessions} where ${and(eq(cashSessions.deviceId, devices.id), isNull(cashSessions.closedAt))})`,
      })
      .from(devices)
      .leftJoin(users, eq(users.id, devices.userId))
      .orderBy(desc(devices.lastSeenAt)),
};
