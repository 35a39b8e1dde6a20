/**
 * Offline sign-in verifiers (docs/sync.md). After each successful ONLINE login we keep, per
 * username: a random 16-byte salt, PBKDF2-SHA-256 (WebCrypto, PBKDF2_ITERATIONS rounds) of the password,
 * the user object and the last token. Invariant: the password itself is never stored; a user who never
 * signed in online on this device has no verifier and cannot sign in offline.
 * Signing out removes the user's token (issue #31 item 5): the verifier stays, so an offline sign-in
 * still works, with OFFLINE_ONLY_TOKEN, which the server refuses (the next online request asks to sign in).
 */
import type { PublicUser } from '../../domain/schemas/auth';
import { db } from './db';

export const PBKDF2_ITERATIONS = 210_000;

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations }, key, 256);
  return new Uint8Array(bits);
}

/** Same length and every byte compared, whatever differs first. */
function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a[i] ^ b[i];
  return diff === 0;
}

export async function rememberCredentials(username: string, password: string, user: PublicUser, token: string): Promise<void> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, PBKDF2_ITERATIONS);
  await db.credentials.put({
    username: username.trim(),
    salt: toBase64(salt),
    iterations: PBKDF2_ITERATIONS,
    hash: toBase64(hash),
    user,
    token,
    savedAt: new Date().toISOString(),
  });
}

export const OFFLINE_ONLY_TOKEN = 'sin-sesion-en-linea';

/** Drops the stored token of this user's verifiers (signing out). */
export async function forgetToken(userId: number): Promise<void> {
  await db.credentials.filter((c) => c.user.id === userId).modify({ token: '' });
}

export type OfflineCheck = { ok: true; user: PublicUser; token: string } | { ok: false; reason: 'unknown-user' | 'wrong-password' };

export async function verifyOffline(username: string, password: string): Promise<OfflineCheck> {
  const stored = await db.credentials.get(username.trim());
  if (!stored) return { ok: false, reason: 'unknown-user' };
  const hash = await derive(password, fromBase64(stored.salt), stored.iterations);
  if (!equalBytes(hash, fromBase64(stored.hash))) return { ok: false, reason: 'wrong-password' };
  return { ok: true, user: stored.user, token: stored.token || OFFLINE_ONLY_TOKEN };
}
