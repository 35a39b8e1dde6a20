import { createContext, useContext } from 'react';
import type { PublicUser } from '../../domain/schemas/auth';
import type { ApiResult } from '../api/client';
import type { LoginData } from '../api/auth';

export interface AuthValue {
  user: PublicUser | null;
  /** True only while a stored token has no stored user yet (GET /auth/me pending). */
  loading: boolean;
  isAdmin: boolean;
  login: (username: string, password: string) => Promise<ApiResult<LoginData>>;
  /** Clears the session and does a full redirect to /login (docs/spec.md §4). */
  logout: () => void;
}

export const AuthContext = createContext<AuthValue | null>(null);

/** The signed-in user and session actions; throws outside AuthProvider (docs/spec.md §8). */
export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth debe usarse dentro de un AuthProvider');
  return value;
}
