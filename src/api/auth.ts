/** Session calls of docs/spec.md §7. */
import { PUBLIC_MSG } from '../../domain/public-messages';
import type { LoginDto } from '../../domain/schemas/auth';
import { api } from './client';

export type LoginData = LoginDto;

/** `headers`: the device credential of a registered counter (offline/offline-login.ts). */
export const login = (username: string, password: string, headers?: Record<string, string>) =>
  api('POST /auth/login', { json: { username, password }, headers, errorMessage: PUBLIC_MSG.loginError, public: true });

/** Revokes this session's token on the server (issue #31 item 5); a failure changes nothing on this device. */
export const logout = () => api('POST /auth/logout', { noRedirect: true });

/** A failure here carries no message of its own (docs/spec.md §8). */
export const fetchMe = () => api('GET /auth/me', {});

/** On success the server revokes every older session and returns this one's fresh token. */
export const changePassword = (currentPassword: string, newPassword: string) =>
  api('POST /auth/change-password', { json: { currentPassword, newPassword }, errorMessage: PUBLIC_MSG.changePasswordError });
