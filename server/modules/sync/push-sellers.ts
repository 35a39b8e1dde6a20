/**
 * Who a pushed sale is recorded under (issue #13 item 2). The device names a seller; it is believed
 * only when that user signed in on this device (device_users, devices-service.ts). Captured sales are
 * never refused for their seller — the goods already left the shop — so the rest are APPLIED, flagged
 * with a note the owner reads, and recorded:
 * - a device user who is now disabled: under that user (the sale may predate the deactivation);
 * - anyone else (another seller, the admin, an id that does not exist): under whoever pushed the batch
 *   with a session, or else the device's last signed-in user — a real person at that counter — with the
 *   claimed id in the note.
 */
import { SYNC_NOTES } from '../../../domain/messages';
import type { PublicUser } from '../../../domain/schemas/auth';
import type { Q } from '../../db/store';
import { devicesRepository, type DeviceRow } from './devices-repository';

export interface SellerChoice {
  sellerId: number;
  note: string | null;
}

/** Reads on `q` who may be named (once per push); the resolver it returns then answers without queries. */
export async function sellerResolver(q: Q, device: DeviceRow, pusher: PublicUser | null): Promise<(claimedId: number) => SellerChoice | null> {
  const users = new Map((await devicesRepository.users(q, device.id)).map((u) => [u.id, u]));
  const fallbackId = pusher?.id ?? device.userId;
  const fallbackName = pusher?.fullName ?? (fallbackId !== null ? await devicesRepository.userName(q, fallbackId) : null);
  return (claimedId) => {
    const user = users.get(claimedId);
    if (user) return { sellerId: user.id, note: user.active ? null : SYNC_NOTES.sellerInactive(user.fullName) };
    if (fallbackId === null || fallbackName === null) return null;
    return { sellerId: fallbackId, note: SYNC_NOTES.sellerNotOnDevice(claimedId, fallbackName) };
  };
}
