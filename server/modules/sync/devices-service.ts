/** POS devices: each registers on its first push or pull; admins see pending, flagged and synced sales per device. */
import type { DeviceJson } from '../../../domain/schemas/sync';
import type { Db } from '../../db/client';
import { devicesRepository, type DeviceVisit } from './devices-repository';

export function touchDevice(db: Db, visit: DeviceVisit): void {
  devicesRepository.touch(db, visit);
}

export function listDevices(db: Db): DeviceJson[] {
  return devicesRepository.listWithCounts(db).map(({ device, userFullName, salesCount, flaggedCount }) => ({
    id: device.id,
    name: device.name,
    userAgent: device.userAgent,
    user: device.userId !== null && userFullName !== null ? { id: device.userId, fullName: userFullName } : null,
    lastSeq: device.lastSeq,
    lastSeenAt: device.lastSeenAt,
    lastPushAt: device.lastPushAt,
    lastPullAt: device.lastPullAt,
    pendingCount: device.pendingCount,
    salesCount: Number(salesCount),
    flaggedCount: Number(flaggedCount),
    createdAt: device.createdAt,
  }));
}
