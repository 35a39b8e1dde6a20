/** Session calls of spec §7. */
import { MSG } from '../../domain/messages';
import type { PublicUser } from '../../domain/schemas/auth';
import { apiCall } from './client';

export interface LoginData {
  token: string;
  user: PublicUser;
}

export const login = (username: string, password: string) =>
  apiCall<LoginData>('post', 'auth/login', { json: { username, password }, errorMessage: MSG.loginError, public: true });

/** A failure here carries no message of its own (spec §8). */
export const fetchMe = () => apiCall<PublicUser>('get', 'auth/me');

export const changePassword = (currentPassword: string, newPassword: string) =>
  apiCall<undefined>('post', 'auth/change-password', { json: { currentPassword, newPassword }, errorMessage: MSG.changePasswordError });
