/**
 * Device identity and sale sequence (design.md §4 rule 1).
 * Invariants: the device id is a UUID created once per browser profile and never changed; the sequence
 * only grows. nextDeviceSeq runs inside the transaction that writes the sale, so two tabs of one device
 * can never hand out the same number, and a sale that rolls back gives its number back.
 * The provisional reference `<short id>-<seq>` is unique per device and shown until the server's number.
 */
import { db, getMeta, setMeta } from './db';

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

/** The first 4 hex digits of the device id, upper case ("3F9A"). */
export function shortDeviceId(deviceId: string): string {
  return deviceId.replace(/-/g, '').slice(0, 4).toUpperCase();
}

export function provisionalNumber(deviceId: string, deviceSeq: number): string {
  return `${shortDeviceId(deviceId)}-${deviceSeq}`;
}

/** Takes the next sequence number (1, 2, 3...). Must run inside a rw transaction that includes meta. */
export async function nextDeviceSeq(): Promise<number> {
  const seq = ((await getMeta('deviceSeq')) ?? 0) + 1;
  await setMeta('deviceSeq', seq);
  return seq;
}

/** Name sent with pushes and pulls, so the back office can tell the counters apart. */
export function deviceName(deviceId: string): string {
  return `Caja ${shortDeviceId(deviceId)}`;
}
