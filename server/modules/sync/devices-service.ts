/**
 * POS devices (issue #13 items 1–3). Invariant: only the device itself can speak for its id.
 * - A device registers ONCE (POST /sync/devices/register, a signed-in user): the server makes a random
 *   key, returns it in that reply only and keeps its hash. Push and pull present it (headers
 *   x-device-id + x-device-key, device-auth.ts); nobody else can push to, pull as, rename or re-own it,
 *   and an id read from GET /sales is useless without the key.
 * - An id already registered answers 409 and the device registers a fresh id (its queued sales travel
 *   under the new id: exactly-once rests on clientSaleId, and sequences are per device).
 * - Migration of devices from before credentials (key_hash null): the first registration of that id
 *   claims it when the signed-in user is one of its users (sold on it or synced it, seeded by the
 *   migration from sales and devices.user_id) or an admin. Anyone else gets 409 and the tablet moves to
 *   a fresh id, so a hostile user who learnt the id can at worst make the real tablet change its id,
 *   never capture its sales. Until registered, a legacy device cannot push (its sales wait on the
 *   tablet, which registers at the next online sign-in or sync).
 * - device_users holds who signed in on each device: the registering user, every online sign-in that
 *   presented the device credential, and every push/pull made with a session and the credential.
 *   Offline sign-in is only possible for users who signed in online there before, so this set covers
 *   the sellers a device's sales may name (push-service.ts).
 * - Registration is limited and audited (issue #31 item 1): at most REGISTRATIONS_PER_HOUR per user in
 *   an hour (429 beyond, when login limits are on), and each device keeps who registered it, when and
 *   from which address.
 * - The admin manages devices (issue #31 item 6): renames them, revokes a key (a lost tablet: push and
 *   pull refuse it at once, and its id can never be registered again, so the tablet, if found, moves to
 *   a fresh id to deliver what it holds), and removes a device that never left a trace (no sale, cash
 *   session or push); one with history is kept and can only be revoked.
 */
import type { DeviceJson, DeviceRegistration } from '../../../domain/schemas/sync';
import { MSG } from '../../../domain/messages';
import type { PublicUser } from '../../../domain/schemas/auth';
import type { Q, Store } from '../../db/store';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { deviceKeyMatches, hashDeviceKey, newDeviceKey } from './device-credential';
import { devicesRepository, type DeviceRow, type DeviceVisit } from './devices-repository';

export const REGISTRATIONS_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

export interface RegisterInput {
  deviceId: string;
  deviceName: string | null;
  userAgent: string | null;
  user: PublicUser;
  /** The request's address, kept with the device. */
  from: string | null;
  /** Apply REGISTRATIONS_PER_HOUR (off with the other limits, RATE_LIMIT_PER_MINUTE=0). */
  limited: boolean;
}

export async function registerDevice(store: Store, input: RegisterInput): Promise<DeviceRegistration> {
  const deviceKey = newDeviceKey();
  const keyHash = hashDeviceKey(deviceKey);
  const at = new Date().toISOString();
  const row = { name: input.deviceName, userAgent: input.userAgent, userId: input.user.id, keyHash, at, from: input.from };
  await store.write(async (tx) => {
    if (input.limited) {
      const since = new Date(Date.parse(at) - HOUR_MS).toISOString();
      if ((await devicesRepository.registeredBySince(tx, input.user.id, since)) >= REGISTRATIONS_PER_HOUR) throw new AppError(429, MSG.tooManyDeviceRegistrations);
    }
    const existing = await devicesRepository.find(tx, input.deviceId);
    if (!existing) await devicesRepository.create(tx, { id: input.deviceId, ...row });
    else {
      const isItsUser = existing.userId === input.user.id || (await devicesRepository.hasUser(tx, existing.id, input.user.id));
      const mayClaim = existing.keyHash === null && (input.user.role === 'admin' || isItsUser);
      if (!mayClaim || !(await devicesRepository.claim(tx, existing.id, row))) throw conflict(MSG.deviceIdTaken);
    }
    await devicesRepository.addUser(tx, input.deviceId, input.user.id, at);
  });
  return { deviceId: input.deviceId, deviceKey };
}

/** The registered, unrevoked device this id and key prove, or null. */
export async function verifyDevice(store: Store, deviceId: string, deviceKey: string): Promise<DeviceRow | null> {
  const device = await store.read((q) => devicesRepository.find(q, deviceId));
  // An unknown id still hashes and compares, so timing does not tell known ids from unknown ones.
  const matches = deviceKeyMatches(deviceKey, device?.keyHash ?? null);
  return device && matches && device.revokedAt === null ? device : null;
}

const deviceJsonOf = async (store: Store, id: string): Promise<DeviceJson> => {
  const found = (await listDevices(store)).find((d) => d.id === id);
  if (!found) throw notFound(MSG.deviceNotFound);
  return found;
};

export async function renameDevice(store: Store, id: string, name: string): Promise<DeviceJson> {
  await store.write(async (tx) => {
    if (!(await devicesRepository.rename(tx, id, name))) throw notFound(MSG.deviceNotFound);
  });
  return deviceJsonOf(store, id);
}

/** Revokes the device's key (idempotent): from now on its push, pull and sign-in headers are no device. */
export async function revokeDevice(store: Store, id: string, adminId: number): Promise<DeviceJson> {
  await store.write(async (tx) => {
    if (!(await devicesRepository.find(tx, id))) throw notFound(MSG.deviceNotFound);
    await devicesRepository.revoke(tx, id, adminId, new Date().toISOString());
  });
  return deviceJsonOf(store, id);
}

/** Removes a device that never sold, opened a cash session or pushed; anything else answers 409. */
export async function removeDevice(store: Store, id: string): Promise<void> {
  await store.write(async (tx) => {
    if (!(await devicesRepository.find(tx, id))) throw notFound(MSG.deviceNotFound);
    if (await devicesRepository.hasHistory(tx, id)) throw conflict(MSG.deviceHasHistory);
    await devicesRepository.remove(tx, id);
  });
}

/** Stamps a visit, in the caller's unit `tx`. */
export async function touchDevice(tx: Q, visit: DeviceVisit): Promise<void> {
  await devicesRepository.touch(tx, visit);
  if (visit.userId !== null) await devicesRepository.addUser(tx, visit.id, visit.userId, visit.at);
}

/** An online sign-in that presented this device's credential. */
export function rememberDeviceUser(store: Store, deviceId: string, userId: number): Promise<void> {
  return store.write((tx) => devicesRepository.addUser(tx, deviceId, userId, new Date().toISOString()));
}

/**
 * Assigns (or removes, null) a device's own CAEA point of sale (issue #11): never the server's CAE or CAEA
 * point of sale, never another device's (devices_caea_pto_vta_uq backs the check).
 */
export async function setDeviceCaeaPtoVta(
  store: Store,
  id: string,
  caeaPtoVta: number | null,
  server: { ptoVta: number | null; caeaPtoVta: number | null },
): Promise<DeviceJson> {
  await store.write(async (tx) => {
    if (!(await devicesRepository.find(tx, id))) throw notFound(MSG.deviceNotFound);
    if (caeaPtoVta !== null) {
      if (caeaPtoVta === server.ptoVta) throw badRequest(MSG.caeaPtoVtaSameAsCae);
      if (caeaPtoVta === server.caeaPtoVta) throw conflict(MSG.caeaPtoVtaTaken);
    }
    if (!(await devicesRepository.setCaeaPtoVta(tx, id, caeaPtoVta))) throw conflict(MSG.caeaPtoVtaTaken);
  });
  return deviceJsonOf(store, id);
}

export async function listDevices(store: Store): Promise<DeviceJson[]> {
  const rows = await store.read((q) => devicesRepository.listWithCounts(q));
  return rows.map(({ device, userFullName, salesCount, flaggedCount, userCount, registeredByName, openCashSessionId }) => ({
    id: device.id,
    name: device.name,
    userAgent: device.userAgent,
    user: device.userId !== null && userFullName !== null ? { id: device.userId, fullName: userFullName } : null,
    registered: device.keyHash !== null,
    registeredAt: device.registeredAt,
    registeredBy: device.registeredBy !== null && registeredByName !== null ? { id: device.registeredBy, fullName: registeredByName } : null,
    registeredFrom: device.registeredFrom,
    revokedAt: device.revokedAt,
    openCashSessionId: openCashSessionId === null ? null : Number(openCashSessionId),
    userCount: Number(userCount),
    lastSeq: device.lastSeq,
    lastSeenAt: device.lastSeenAt,
    lastPushAt: device.lastPushAt,
    lastPullAt: device.lastPullAt,
    pendingCount: device.pendingCount,
    salesCount: Number(salesCount),
    flaggedCount: Number(flaggedCount),
    caeaPtoVta: device.caeaPtoVta,
    createdAt: device.createdAt,
  }));
}
