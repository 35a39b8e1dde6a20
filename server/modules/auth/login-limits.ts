/**
 * Limits on guessing passwords (issue #13 items 11–12). Failures, not requests, are counted, in a
 * 15-minute window:
 * - sign-in without a device credential: per account (5) and per address (30). One cashier's typos lock
 *   only that account, never the other cashiers behind the shop's NAT; a guesser spreading one account's
 *   attempts over many addresses is stopped by the account count; one address trying many accounts by
 *   the address count. A blocked sign-in answers 429 before the password is checked.
 * - sign-in presenting a valid device credential (a registered counter): that device's own failures (10)
 *   and the account's (5), never the address's (the shop's NAT). The account limit holds whatever the
 *   device (issue #31 item 1): a device key is no licence to guess a password.
 * - change-password: 5 wrong current passwords per user.
 * The account's count belongs to its current password (the user's token version, bumped by every password
 * change): after `mostrador admin reset-password` the new password is never refused for the old one's
 * failures. A successful sign-in clears its account's count. RATE_LIMIT_PER_MINUTE=0 turns all of this off (tests).
 */
import { FailureLimiter } from './failure-limiter';

const WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_LIMITS = { perAccount: 5, perAddress: 30, perDevice: 10, passwordChangePerUser: 5 } as const;

export interface LoginAttempt {
  username: string;
  ip: string;
  /** The id of a device whose credential the request proved, or null. */
  deviceId: string | null;
  /** The account's token version (0 when there is no such account): a new password starts a new count. */
  passwordVersion: number;
}

export function createLoginLimits(enabled: boolean, now?: () => number) {
  const limiter = new FailureLimiter(WINDOW_MS, now);
  const accountKey = (a: LoginAttempt) => `account:${a.username.trim().toLowerCase()}#${a.passwordVersion}`;
  const keysOf = (a: LoginAttempt): [string, number][] =>
    a.deviceId
      ? [
          [`device:${a.deviceId}`, LOGIN_LIMITS.perDevice],
          [accountKey(a), LOGIN_LIMITS.perAccount],
        ]
      : [
          [accountKey(a), LOGIN_LIMITS.perAccount],
          [`address:${a.ip}`, LOGIN_LIMITS.perAddress],
        ];
  return {
    loginBlocked: (a: LoginAttempt) => enabled && keysOf(a).some(([key, max]) => limiter.blocked(key, max)),
    loginFailed: (a: LoginAttempt) => {
      if (!enabled) return;
      for (const [key] of keysOf(a)) limiter.fail(key);
    },
    loginSucceeded: (a: LoginAttempt) => limiter.clear(accountKey(a)),
    passwordChangeBlocked: (userId: number) => enabled && limiter.blocked(`password:${userId}`, LOGIN_LIMITS.passwordChangePerUser),
    passwordChangeFailed: (userId: number) => {
      if (enabled) limiter.fail(`password:${userId}`);
    },
  };
}
