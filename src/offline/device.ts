/**
 * Device identity, credential and sale sequence (docs/sync.md rule 1, issue #13 item 1).
 * Invariants: the device id is a UUID kept in meta; it changes only when the server refuses to register
 * it (409: the id belongs to another counter), before this device has a credential. The credential
 * (deviceKey) comes from the server once, at registration, and is kept with the id it belongs to; push
 * and pull present both, so only this browser profile can speak for this device, and it can deliver
 * its queued sales even when no one is signed in. The sequence only grows: nextDeviceSeq runs inside
 * the transaction that writes the sale, and the server's highest sequence for this device (push reply)
 * moves it forward, never back.
 * The provisional reference `<short id>-<seq>` is unique per device and shown until the server's number.
 */
import { db, getMeta, setMeta } from './db';
import type { DeviceCredential, Register, Reply } from './transport';

/** This device's id, created on first use. */
export function getDeviceId(): Promise<string> {
  return db.transaction('rw', db.meta, async () => {
    const existing = await getMeta('deviceId');
    if (existing) return existing;
    const id = crypto.randomUUID();
    await setMeta('deviceId', id);
    return id;
  });
}

/** The stored credential, or null before registration. */
export async function getDeviceCredential(): Promise<DeviceCredential | null> {
  const [deviceId, deviceKey] = await Promise.all([getMeta('deviceId'), getMeta('deviceKey')]);
  return deviceId && deviceKey ? { deviceId, deviceKey } : null;
}

/** The server no longer knows this credential (e.g. a restored server): register again at the next chance. */
export async function forgetDeviceKey(): Promise<void> {
  await db.meta.delete('deviceKey');
}

/**
 * Registers this device (needs a signed-in user) unless it already holds a credential. An id the server
 * refuses (409) is replaced by a fresh one; queued sales keep their sequence numbers and travel under it.
 */
export async function registerDevice(register: Register): Promise<Reply<DeviceCredential>> {
  let deviceId = await getDeviceId();
  for (let attempt = 0; ; attempt += 1) {
    const reply = await register(deviceId, deviceName(deviceId));
    if (reply.success) {
      const credential = { deviceId: reply.data.deviceId, deviceKey: reply.data.deviceKey };
      await db.transaction('rw', db.meta, async () => {
        await setMeta('deviceId', credential.deviceId);
        await setMeta('deviceKey', credential.deviceKey);
      });
      return { success: true, data: credential };
    }
    if (reply.status !== 409 || attempt >= 2) return reply;
    deviceId = crypto.randomUUID();
    await setMeta('deviceId', deviceId);
  }
}

/** The first 4 hex digits of the device id, upper case ("3F9A"). */
export function shortDeviceId(deviceId: string): string {
  return deviceId.replace(/-/g, '').slice(0, 4).toUpperCase();
}

export function provisionalNumber(deviceId: string, deviceSeq: number): string {
  return `${shortDeviceId(deviceId)}-${deviceSeq}`;
}

/** The server holds sequences up to `lastSeq` for this device: the next sale must take a higher one. */
export function raiseDeviceSeq(lastSeq: number): Promise<void> {
  return db.transaction('rw', db.meta, async () => {
    if (((await getMeta('deviceSeq')) ?? 0) < lastSeq) await setMeta('deviceSeq', lastSeq);
  });
}

/** Name sent at registration and with pushes, so the back office can tell the counters apart. */
export function deviceName(deviceId: string): string {
  return `Caja ${shortDeviceId(deviceId)}`;
}
