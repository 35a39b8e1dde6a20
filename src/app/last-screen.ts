/**
 * Where the installed app opens (issue #14 item 10): the manifest's start_url is /app, which sends a
 * signed-in staff member to the last staff screen they used on this device (the POS the first time)
 * and a visitor to the public landing. The screen is remembered per user, so a seller never starts on
 * the screen an admin left open.
 */
import { getStoredUser, getToken } from '../api/session';

const KEY = 'lastStaffScreen';

export function rememberStaffScreen(userId: number, path: string): void {
  localStorage.setItem(KEY, JSON.stringify({ userId, path }));
}

/** The path the installed app should open. */
export function startScreen(): string {
  const user = getStoredUser();
  if (!getToken() || !user) return '/';
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as { userId?: number; path?: string } | null;
    if (saved?.userId === user.id && typeof saved.path === 'string' && saved.path.startsWith('/')) return saved.path;
  } catch {
    // A damaged entry falls back to the POS.
  }
  return '/pos';
}
