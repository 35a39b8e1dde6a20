/** User management (admin): create sellers, reset passwords (which revokes their sessions), deactivate. */
import type { z } from 'zod';
import type { createUserBody, PublicUser, updateUserBody } from '../../../domain/schemas/auth';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import { hashPassword } from '../auth/password';
import { usersRepository, type UserRow } from './repository';

export function toPublicUser(row: UserRow): PublicUser {
  return { id: row.id, username: row.username, fullName: row.fullName, email: row.email, role: row.role, active: row.active };
}

export function listUsers(db: Db): PublicUser[] {
  return usersRepository.list(db).map(toPublicUser);
}

export async function createUser(db: Db, input: z.output<typeof createUserBody>): Promise<PublicUser> {
  if (usersRepository.findByUsername(db, input.username)) throw conflict('Ya existe un usuario con ese nombre de usuario');
  const row = usersRepository.insert(db, {
    username: input.username,
    fullName: input.fullName,
    email: input.email ?? null,
    role: input.role,
    passwordHash: await hashPassword(input.password),
  });
  return toPublicUser(row);
}

export async function updateUser(
  db: Db,
  id: number,
  input: z.output<typeof updateUserBody>,
  actingUserId: number,
): Promise<PublicUser> {
  const existing = usersRepository.findById(db, id);
  if (!existing) throw notFound('Usuario no encontrado');
  if (id === actingUserId && (input.active === false || (input.role && input.role !== 'admin'))) {
    throw conflict('No podés desactivarte ni quitarte el rol de administrador a vos mismo');
  }
  const { password, ...rest } = input;
  // A reset password revokes the user's sessions (token_version, server/http/auth.ts).
  const patch = { ...rest, ...(password ? { passwordHash: await hashPassword(password), tokenVersion: existing.tokenVersion + 1 } : {}) };
  return toPublicUser(usersRepository.update(db, id, patch)!);
}
