/** Staff users (admin): list, create, update (name, role, active, password reset). */
import type { EndpointByKey } from '../../domain/api';
import type { PublicUser } from '../../domain/schemas/auth';
import { api, type ApiArgs } from './client';

export type StaffUser = PublicUser;

export type NewUserPayload = ApiArgs<EndpointByKey<'POST /users'>>['json'];
export type UserChange = ApiArgs<EndpointByKey<'PUT /users/:id'>>['json'];

export const USERS_MSG = {
  listError: 'Error al obtener usuarios',
  createError: 'Error al crear usuario',
  updateError: 'Error al actualizar usuario',
} as const;

export const fetchUsers = () => api('GET /users', { errorMessage: USERS_MSG.listError });

export const createUser = (payload: NewUserPayload) => api('POST /users', { json: payload, errorMessage: USERS_MSG.createError });

export const updateUser = (id: number, change: UserChange) => api('PUT /users/:id', { params: { id }, json: change, errorMessage: USERS_MSG.updateError });
