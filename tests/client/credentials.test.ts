import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PublicUser } from '../../domain/schemas/auth';
import { forgetToken, OFFLINE_ONLY_TOKEN, PBKDF2_ITERATIONS, rememberCredentials, verifyOffline } from '../../src/offline/credentials';
import { clearAll, db } from '../../src/offline/db';

const user: PublicUser = { id: 3, username: 'vera', fullName: 'Vera Vendedora', email: null, role: 'vendedor', active: true };

describe('offline sign-in verifiers (PBKDF2-SHA-256, WebCrypto)', () => {
  beforeEach(() => clearAll());

  it('a user who signed in online here can sign in offline with the same password, and gets the stored session back', async () => {
    await rememberCredentials('vera', 'clave-secreta', user, 'token-1');
    expect(await verifyOffline('vera', 'clave-secreta')).toEqual({ ok: true, user, token: 'token-1' });
    expect(await verifyOffline('vera', 'otra-clave')).toEqual({ ok: false, reason: 'wrong-password' });
  });

  it('a user who never signed in on this device is refused', async () => {
    expect(await verifyOffline('nadie', 'x')).toEqual({ ok: false, reason: 'unknown-user' });
  });

  it('stores a salted verifier with ≥ 100k iterations, never the password', async () => {
    await rememberCredentials('vera', 'clave-secreta', user, 'token-1');
    const first = await db.credentials.get('vera');
    expect(first?.iterations).toBe(PBKDF2_ITERATIONS);
    expect(PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(100_000);
    expect(JSON.stringify(first)).not.toContain('clave-secreta');
    await rememberCredentials('vera', 'clave-secreta', user, 'token-2');
    const second = await db.credentials.get('vera');
    expect(second?.salt).not.toBe(first?.salt);
    expect(second?.hash).not.toBe(first?.hash);
  });

  it('signing out removes the stored token from IndexedDB (issue #31 item 5); offline sign-in still works, with a token the server refuses', async () => {
    await rememberCredentials('vera', 'clave-secreta', user, 'token-real');
    await rememberCredentials('otro', 'clave-otro', { ...user, id: 4, username: 'otro' }, 'token-otro');
    await forgetToken(user.id);
    expect(JSON.stringify(await db.credentials.toArray())).not.toContain('token-real');
    expect(await verifyOffline('vera', 'clave-secreta')).toEqual({ ok: true, user, token: OFFLINE_ONLY_TOKEN });
    expect((await db.credentials.get('otro'))?.token).toBe('token-otro');
  });
});
