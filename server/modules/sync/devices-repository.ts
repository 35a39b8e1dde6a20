/** SQL for POS devices: registration on first push/pull, last-seen stamps, the admin list with counts. */
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices, sales, users } from '../../db/schema';

export interface DeviceVisit {
  id: string;
  name: string | null;
  userAgent: string | null;
  userId: number;
  at: string;
  kind: 'push' | 'pull';
  pendingCount?: number;
}

export const devicesRepository = {
  /** Inserts the device or refreshes who/when; a missing name or pending count keeps the stored one. */
  touch: (db: Db, visit: DeviceVisit) => {
    const stamp = visit.kind === 'push' ? { lastPushAt: visit.at } : { lastPullAt: visit.at };
    db.insert(devices)
      .values({
        id: visit.id,
        name: visit.name,
        userAgent: visit.userAgent,
        userId: visit.userId,
        lastSeenAt: visit.at,
        pendingCount: visit.pendingCount ?? 0,
        ...stamp,
      })
      .onConflictDoUpdate({
        target: devices.id,
        set: {
          name: visit.name ?? sql`${devices.name}`,
          userAgent: visit.userAgent ?? sql`${devices.userAgent}`,
          userId: visit.userId,
          lastSeenAt: visit.at,
          pendingCount: visit.pendingCount ?? sql`${devices.pendingCount}`,
          ...stamp,
        },
      })
      .run();
  },

  listWithCounts: (db: Db) =>
    db
      .select({
        device: devices,
        userFullName: users.fullName,
        salesCount: sql<number>`(select count(*) from ${sales} where ${sales.deviceId} = ${devices.id})`,
        flaggedCount: sql<number>`(select count(*) from ${sales} where ${and(
          eq(sales.deviceId, devices.id),
          or(eq(sales.flagOversold, true), eq(sales.flagPriceChanged, true)),
        )})`,
      })
      .from(devices)
      .leftJoin(users, eq(users.id, devices.userId))
      .orderBy(desc(devices.lastSeenAt))
      .all(),
};
