/**
 * Sign-in and password change. A disabled account answers exactly like a wrong password (same status,
 * same message, the same scrypt work), so sign-in never tells which usernames exist or are disabled.
 * A password change bumps the user's token_version, which revokes every session signed before it.
 */
import { MSG } from '../../../domain/messages';
import type { Store } from '../../db/store';
import { badRequest, unauthorized } from '../../http/errors';
import type { UserRow } from '../users/service';
import { hashPassword, verifyPassword } from '../users/password';
import { findUser, setPassword } from '../users/service';

/** A fixed hash so an unknown username costs the same time as a wrong password. */
let dummyHash: Promise<string> | undefined;

export async function checkCredentials(store: Store, username: string, password: string): Promise<UserRow> {
  const row = await store.read((q) => findUser(q, { username: username.trim() }));
  if (!row) {
    dummyHash ??= hashPassword('dummy-password');
    await verifyPassword(password, await dummyHash);
    throw unauthorized(MSG.invalidCredentials);
  }
  const matches = await verifyPassword(password, row.passwordHash);
  if (!matches || !row.active) throw unauthorized(MSG.invalidCredentials);
  return row;
}

/** Changes the password when the current one is right; returns the updated user (its new token version). */
export async function changePassword(store: Store, userId: number, currentPassword: string, newPassword: string): Promise<UserRow> {
  const row = await store.read((q) => findUser(q, { id: userId }));
  if (!row || !(await verifyPassword(currentPassword, row.passwordHash))) throw badRequest(MSG.wrongCurrentPassword);
  return setPassword(store, row.id, newPassword);
}
