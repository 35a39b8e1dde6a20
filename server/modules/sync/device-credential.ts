/**
 * Device credentials. A key is 32 random bytes (base64url) handed to the device once, at registration;
 * the server keeps only its SHA-256 (a random 256-bit secret needs no slow hash: nothing to guess from a
 * leaked digest). Verification compares digests with timingSafeEqual, so the time taken says nothing
 * about how much of a guessed key was right.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const DEVICE_ID_HEADER = 'x-device-id';
export const DEVICE_KEY_HEADER = 'x-device-key';

export function newDeviceKey(): string {
  return randomBytes(32).toString('base64url');
}

export function hashDeviceKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** True when `key` hashes to `storedHash`; constant time in the key. */
export function deviceKeyMatches(key: string, storedHash: string | null): boolean {
  const actual = createHash('sha256').update(key, 'utf8').digest();
  // A device without a credential (or an unknown id) still costs one comparison, against zeros, and fails.
  const expected = storedHash !== null && /^[0-9a-f]{64}$/.test(storedHash) ? Buffer.from(storedHash, 'hex') : Buffer.alloc(actual.length);
  return timingSafeEqual(actual, expected) && storedHash !== null;
}
