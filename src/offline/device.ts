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
 * A lost database is detected, never silently papered over (issue #29 item 4): the registered id is also
 * kept outside IndexedDB (a cookie and localStorage, which a storage eviction of the database does not
 * always take), so a database registering a new id in a browser that had been another counter records
 * `storageLost`; and a
 * push reply whose `lastSeq` is above the local counter means the server holds sales this database does
 * not remember (restored from an older copy), recorded the same way.
 * Only a counter registers (issue #31 item 6): a browser becomes one when the POS is opened in it
 * (markCounter, persisted in meta) or when something waits in its outbox; a back-office-only browser
 * never registers, so it never shows up in Configuración → Dispositivos.
 */
import { db, getMeta, setMeta, type StorageLost } from './db';
import type { DeviceCredential, Register, Reply } from './transport';

const MARK = 'mostrador-device';
const MARK_MAX_AGE_S = 10 * 365 * 24 * 3600;

/** The id this browser last registered as a counter, from outside IndexedDB (null when none or unreadable). */
export function readDeviceMark(): string | null {
  try {
    const fromStorage = globalThis.localStorage?.getItem(MARK);
    if (fromStorage) return fromStorage;
    const cookie = typeof document === 'undefined' ? '' : document.cookie;
    return /(?:^|;\s*)mostrador-device=([0-9a-f-]{36})/.exec(cookie)?.[1] ?? null;
  } catch {
    return null;
  }
}

function writeDeviceMark(deviceId: string): void {
  try {
    globalThis.localStorage?.setItem(MARK, deviceId);
    if (typeof document !== 'undefined') document.cookie = `${MARK}=${deviceId}; Path=/; Max-Age=${MARK_MAX_AGE_S}; SameSite=Strict; Secure`;
  } catch {
    // A browser that refuses both has nothing to compare with later; the device works the same.
  }
}

async function recordStorageLost(lost: Omit<StorageLost, 'at'>): Promise<void> {
  await setMeta('storageLost', { at: new Date().toISOString(), ...lost });
}

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

/** The POS was opened in this browser: from now on it is a counter (and may register). */
export async function markCounter(): Promise<void> {
  if (!(await getMeta('counter'))) await setMeta('counter', true);
}

/** Whether this browser was used as a counter: the POS was opened here, or it already registered as one. */
export async function isCounter(): Promise<boolean> {
  return Boolean((await getMeta('counter')) ?? (await getMeta('deviceKey')));
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
  // This browser was registered as another counter, and this database does not know it: it was lost.
  const previous = readDeviceMark();
  if (previous && previous !== deviceId && (await getMeta('storageLost'))?.previousDeviceId !== previous) {
    await recordStorageLost({ previousDeviceId: previous, localSeq: null, serverSeq: null });
  }
  for (let attempt = 0; ; attempt += 1) {
    const reply = await register(deviceId, deviceName(deviceId));
    if (reply.success) {
      const credential = { deviceId: reply.data.deviceId, deviceKey: reply.data.deviceKey };
      await db.transaction('rw', db.meta, async () => {
        await setMeta('deviceId', credential.deviceId);
        await setMeta('deviceKey', credential.deviceKey);
      });
      writeDeviceMark(credential.deviceId);
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

/**
 * The server holds sequences up to `lastSeq` for this device: the next sale must take a higher one. A
 * local counter below it means this database forgot sales it had numbered: recorded as storageLost.
 */
export function raiseDeviceSeq(lastSeq: number): Promise<void> {
  return db.transaction('rw', db.meta, async () => {
    const local = (await getMeta('deviceSeq')) ?? 0;
    if (local >= lastSeq) return;
    await setMeta('deviceSeq', lastSeq);
    await recordStorageLost({ previousDeviceId: null, localSeq: local, serverSeq: lastSeq });
  });
}

/** Name sent at registration and with pushes, so the back office can tell the counters apart. */
export function deviceName(deviceId: string): string {
  return `Caja ${shortDeviceId(deviceId)}`;
}
