/**
 * Session (docs/spec.md §4): restored from the stored user at start, refreshed with GET /auth/me. A network
 * failure of the refresh keeps the stored session (the counter works offline); a 401 ends it (api/client).
 * Login falls back to the offline verifier (offline/offline-login.ts) when the server cannot be reached.
 * Logout revokes the token on the server and removes it from localStorage and IndexedDB.
 */
import { startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { fetchMe, login as loginCall, logout as logoutCall } from '../api/auth';
import { clearSession, getStoredUser, getToken, saveSession, saveUser } from '../api/session';
import { deviceLoginHeaders, forgetOfflineToken, loginOffline, rememberLogin } from '../offline/offline-login';
import { keepStaffScreensOffline } from '../pwa/staff-offline';
import { AuthContext, type AuthValue } from '../session/auth-context';

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState(() => (getToken() ? getStoredUser() : null));
  const [loading, setLoading] = useState(() => Boolean(getToken()) && !getStoredUser());

  // A device staff sign in on keeps the staff screens (the POS above all) available offline.
  const userId = user?.id;
  useEffect(() => {
    if (userId !== undefined) keepStaffScreensOffline();
  }, [userId]);

  useEffect(() => {
    if (!getToken()) return;
    let active = true;
    fetchMe().then((result) => {
      if (!active) return;
      // Every screen reads the session: its refresh is a transition, which React renders in slices (the
      // staff layout mounting inside it is no long task, issue #17), and an unchanged user re-renders nothing.
      startTransition(() => {
        if (result.success) {
          saveUser(result.data);
          setUser((current) => (JSON.stringify(current) === JSON.stringify(result.data) ? current : result.data));
        } else if (result.kind === 'http' && !getStoredUser()) {
          clearSession();
          setUser(null);
        }
        setLoading(false);
      });
    });
    return () => {
      active = false;
    };
  }, []);

  const login = useCallback<AuthValue['login']>(async (username, password) => {
    let result = await loginCall(username, password, await deviceLoginHeaders());
    if (result.success) await rememberLogin(username, password, result.data);
    // No network: a user who signed in here before can sign in against the stored verifier.
    else if (result.kind === 'network') result = await loginOffline(username, password);
    if (result.success) {
      saveSession(result.data.token, result.data.user);
      setUser(result.data.user);
    }
    return result;
  }, []);

  // Signing out revokes the token on the server (best effort, a few seconds at most: offline it simply
  // expires) and removes it from this device, localStorage and the offline verifier alike (issue #31 item 5).
  const logout = useCallback(() => {
    const userId = user?.id;
    const revoke = getToken() ? logoutCall() : Promise.resolve();
    const forget = userId !== undefined ? forgetOfflineToken(userId) : Promise.resolve();
    const atMost = new Promise((resolve) => setTimeout(resolve, 3000));
    void Promise.race([Promise.allSettled([revoke, forget]), atMost]).finally(() => {
      clearSession();
      window.location.assign('/login');
    });
  }, [user?.id]);

  const value = useMemo<AuthValue>(
    () => ({ user, loading, isAdmin: user?.role === 'admin', login, logout }),
    [user, loading, login, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
