/** Sign-in and password change. */
import { MSG } from '../../../domain/messages';
import type { PublicUser } from '../../../domain/schemas/auth';
import type { Db } from '../../db/client';
import { badRequest, unauthorized } from '../../http/errors';
import { usersRepository } from '../users/repository';
import { toPublicUser } from '../users/service';
import { hashPassword, verifyPassword } from './password';

/** A fixed hash so an unknown username costs the same time as a wrong password. */
let dummyHash: Promise<string> | undefined;

export async function checkCredentials(db: Db, username: string, password: string): Promise<PublicUser> {
  const row = usersRepository.findByUsername(db, username.trim());
  if (!row) {
    dummyHash ??= hashPassword('dummy-password');
    await verifyPassword(password, await dummyHash);
    throw unauthorized(MSG.invalidCredentials);
  }
  if (!(await verifyPassword(password, row.passwordHash))) throw unauthorized(MSG.invalidCredentials);
  if (!row.active) throw unauthorized(MSG.userInactive);
  return toPublicUser(row);
}

export async function changePassword(db: Db, userId: number, currentPassword: string, newPassword: string): Promise<void> {
  const row = usersRepository.findById(db, userId);
  if (!row || !(await verifyPassword(currentPassword, row.passwordHash))) throw badRequest(MSG.wrongCurrentPassword);
  usersRepository.update(db, userId, { passwordHash: await hashPassword(newPassword) });
}
