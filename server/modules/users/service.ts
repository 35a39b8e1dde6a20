/**
 * User management (admin): create sellers, reset passwords (which revokes their sessions), deactivate.
 * The only way into the users table for other modules (auth signs in through it) and for http/auth's
 * session check (`sessionAccount`, wired by app.ts). Passwords are hashed before the write unit opens,
 * never inside it (server/db/store.ts).
 * Invariant: the shop always keeps an active admin (issue #30). An edit that demotes or disables an
 * active admin takes the active admins' rows in its unit (usersRepository.lockActiveAdmins) and is
 * refused unless another active admin remains and the acting user is still one; so two admins who demote
 * each other at the same moment never both succeed, on either dialect.
 */
import type { z } from 'zod';
import type { createUserBody, PublicUser, updateUserBody } from '../../../domain/schemas/auth';
import type { Q, Store } from '../../db/store';
import { isUniqueViolation } from '../../db/constraint';
import { conflict, forbidden, notFound } from '../../http/errors';
import type { SessionAccount } from '../../http/auth';
import { hashPassword } from './password';
import { usersRepository, type UserRow } from './repository';

export type { UserRow };

const USERNAME_TAKEN = 'Ya existe un usuario con ese nombre de usuario';
const USER_NOT_FOUND = 'Usuario no encontrado';
const LAST_ADMIN = 'Tiene que quedar al menos un administrador activo';
const NO_LONGER_ADMIN = 'Ya no sos administrador: no podés cambiar usuarios';

export function toPublicUser(row: UserRow): PublicUser {
  return { id: row.id, username: row.username, fullName: row.fullName, email: row.email, role: row.role, active: row.active };
}

/** The full row (with its password hash), for sign-in and password change. */
export function findUser(q: Q, by: { id: number } | { username: string }): Promise<UserRow | undefined> {
  return 'id' in by ? usersRepository.findById(q, by.id) : usersRepository.findByUsername(q, by.username);
}

export function countUsers(q: Q): Promise<number> {
  return usersRepository.count(q);
}

/** The account a session token names, for http/auth's check. */
export async function sessionAccount(store: Store, id: number): Promise<SessionAccount | undefined> {
  const row = await store.read((q) => usersRepository.findById(q, id));
  return row && { user: toPublicUser(row), active: row.active, tokenVersion: row.tokenVersion };
}

/** Stores a new password and bumps the token version, which revokes every session signed before it. */
export async function setPassword(store: Store, userId: number, password: string): Promise<UserRow> {
  const passwordHash = await hashPassword(password);
  const row = await store.write((tx) => usersRepository.update(tx, userId, { passwordHash }, true));
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
}

export async function listUsers(store: Store): Promise<PublicUser[]> {
  return (await store.read((q) => usersRepository.list(q))).map(toPublicUser);
}

export async function createUser(store: Store, input: z.output<typeof createUserBody>): Promise<PublicUser> {
  // Checked before hashing so a taken name answers at once, and again in the unit, where it counts.
  if (await store.read((q) => usersRepository.findByUsername(q, input.username))) throw conflict(USERNAME_TAKEN);
  const passwordHash = await hashPassword(input.password);
  const row = await store
    .write(async (tx) => {
      if (await usersRepository.findByUsername(tx, input.username)) throw conflict(USERNAME_TAKEN);
      return usersRepository.insert(tx, { username: input.username, fullName: input.fullName, email: input.email ?? null, role: input.role, passwordHash });
    })
    // PostgreSQL: a concurrent unit took the name after our check.
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? conflict(USERNAME_TAKEN) : error;
    });
  return toPublicUser(row);
}

export async function updateUser(store: Store, id: number, input: z.output<typeof updateUserBody>, actingUserId: number): Promise<PublicUser> {
  if (!(await store.read((q) => usersRepository.findById(q, id)))) throw notFound(USER_NOT_FOUND);
  if (id === actingUserId && (input.active === false || (input.role && input.role !== 'admin'))) {
    throw conflict('No podés desactivarte ni quitarte el rol de administrador a vos mismo');
  }
  const { password, ...rest } = input;
  const passwordHash = password ? await hashPassword(password) : undefined;
  const removesAnAdmin = input.active === false || (input.role !== undefined && input.role !== 'admin');
  const row = await store.write(async (tx) => {
    if (removesAnAdmin) {
      const admins = await usersRepository.lockActiveAdmins(tx);
      if (!admins.includes(actingUserId)) throw forbidden(NO_LONGER_ADMIN);
      if (admins.includes(id) && admins.length < 2) throw conflict(LAST_ADMIN);
    }
    // A reset password revokes the user's sessions (token_version, server/http/auth.ts).
    return usersRepository.update(tx, id, { ...rest, ...(passwordHash ? { passwordHash } : {}) }, passwordHash !== undefined);
  });
  if (!row) throw notFound(USER_NOT_FOUND);
  return toPublicUser(row);
}
