/**
 * User management (admin): create sellers, reset passwords (which revokes their sessions), deactivate.
 * The only way into the users table for other modules (auth signs in through it) and for http/auth's
 * session check (`sessionAccount`, wired by app.ts).
 */
import type { z } from 'zod';
import type { createUserBody, PublicUser, updateUserBody } from '../../../domain/schemas/auth';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import type { SessionAccount } from '../../http/auth';
import { hashPassword } from './password';
import { usersRepository, type UserRow } from './repository';

export type { UserRow };

export function toPublicUser(row: UserRow): PublicUser {
  return { id: row.id, username: row.username, fullName: row.fullName, email: row.email, role: row.role, active: row.active };
}

/** The full row (with its password hash), for sign-in and password change. */
export function findUser(db: Db, by: { id: number } | { username: string }): UserRow | undefined {
  return 'id' in by ? usersRepository.findById(db, by.id) : usersRepository.findByUsername(db, by.username);
}

export function countUsers(db: Db): number {
  return usersRepository.count(db);
}

/** The account a session token names, for http/auth's check. */
export function sessionAccount(db: Db, id: number): SessionAccount | undefined {
  const row = usersRepository.findById(db, id);
  return row && { user: toPublicUser(row), active: row.active, tokenVersion: row.tokenVersion };
}

/** Stores a new password and bumps the token version, which revokes every session signed before it. */
export async function setPassword(db: Db, row: UserRow, password: string): Promise<UserRow> {
  return usersRepository.update(db, row.id, { passwordHash: await hashPassword(password), tokenVersion: row.tokenVersion + 1 })!;
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
