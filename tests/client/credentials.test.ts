import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PublicUser } from '../../domain/schemas/auth';
import { PBKDF2_ITERATIONS, rememberCredentials, verifyOffline } from '../../src/offline/credentials';
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
});
