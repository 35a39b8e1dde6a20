/** Staff users (admin): list, create, update (name, role, active, password reset). */
import type { Role } from '../../domain/constants';
import type { PublicUser } from '../../domain/schemas/auth';
import { apiCall } from './client';

export type StaffUser = PublicUser;

export interface NewUserPayload {
  username: string;
  fullName: string;
  email: string | null;
  role: Role;
  password: string;
}

export interface UserChange {
  fullName?: string;
  email?: string | null;
  role?: Role;
  active?: boolean;
  password?: string;
}

export const USERS_MSG = {
  listError: 'Error al obtener usuarios',
  createError: 'Error al crear usuario',
  updateError: 'Error al actualizar usuario',
} as const;

export const fetchUsers = () => apiCall<StaffUser[]>('get', 'users', { errorMessage: USERS_MSG.listError });

export const createUser = (payload: NewUserPayload) =>
  apiCall<StaffUser>('post', 'users', { json: payload, errorMessage: USERS_MSG.createError });

export const updateUser = (id: number, change: UserChange) =>
  apiCall<StaffUser>('put', `users/${id}`, { json: change, errorMessage: USERS_MSG.updateError });
