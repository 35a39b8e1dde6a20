import { ROLES } from '../constants';
import { requiredText, z } from './common';

export const loginBody = z.object({
  username: requiredText(100),
  password: z.string({ error: 'es obligatorio' }).min(1, 'es obligatorio').max(200),
});

export const changePasswordBody = z.object({
  currentPassword: z.string({ error: 'es obligatorio' }).min(1, 'es obligatorio').max(200),
  newPassword: z.string({ error: 'es obligatorio' }).min(6, 'debe tener al menos 6 caracteres').max(200),
});

export const createUserBody = z.object({
  username: requiredText(50).regex(/^[a-zA-Z0-9._-]+$/, 'debe tener solo letras, números, punto, guion y guion bajo'),
  fullName: requiredText(100),
  email: z.email('no es un email válido').nullish(),
  role: z.enum(ROLES).default('vendedor'),
  password: z.string({ error: 'es obligatorio' }).min(6, 'debe tener al menos 6 caracteres').max(200),
});

export const updateUserBody = z.object({
  fullName: requiredText(100).optional(),
  email: z.email('no es un email válido').nullish(),
  role: z.enum(ROLES).optional(),
  active: z.boolean().optional(),
  password: z.string().min(6, 'debe tener al menos 6 caracteres').max(200).optional(),
});

/** The user as the client stores it (localStorage `user`): never the password hash or token version. */
export const publicUser = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
  active: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUser>;

/** A signed-in session: the token to send as Bearer and who it is. */
export const loginDto = z.object({ token: z.string(), user: publicUser });
export type LoginDto = z.infer<typeof loginDto>;

/** A changed password's fresh token (every older session is revoked). */
export const tokenDto = z.object({ token: z.string() });
