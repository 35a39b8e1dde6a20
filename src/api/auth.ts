/** Session calls of docs/spec.md §7. */
import { PUBLIC_MSG } from '../../domain/public-messages';
import type { PublicUser } from '../../domain/schemas/auth';
import { apiCall } from './client';

export interface LoginData {
  token: string;
  user: PublicUser;
}

/** `headers`: the device credential of a registered counter (offline/offline-login.ts). */
export const login = (username: string, password: string, headers?: Record<string, string>) =>
  apiCall<LoginData>('post', 'auth/login', { json: { username, password }, headers, errorMessage: PUBLIC_MSG.loginError, public: true });

/** A failure here carries no message of its own (docs/spec.md §8). */
export const fetchMe = () => apiCall<PublicUser>('get', 'auth/me');

/** On success the server revokes every older session and returns this one's fresh token. */
export const changePassword = (currentPassword: string, newPassword: string) =>
  apiCall<{ token: string }>('post', 'auth/change-password', { json: { currentPassword, newPassword }, errorMessage: PUBLIC_MSG.changePasswordError });
