/**
 * Sessions ended before they expire (issue #31 item 5). Every token carries a random jti; signing out
 * lists it in revoked_tokens until the moment it would have expired anyway, and the session check
 * (server/http/auth.ts) refuses a listed jti. Rows past their expiry are deleted on the next sign-out.
 * A token from before jti existed cannot be listed: it lasts until its expiry (at most one session).
 */
import { eq, lt } from 'drizzle-orm';
import { revokedTokens } from '../../db/schema';
import { first, type Q, type Store } from '../../db/store';

const revokedRepository = {
  has: async (q: Q, jti: string): Promise<boolean> => (await first(q.select({ jti: revokedTokens.jti }).from(revokedTokens).where(eq(revokedTokens.jti, jti)))) !== undefined,
  add: async (tx: Q, row: { jti: string; userId: number; expiresAt: string }): Promise<void> => {
    await tx.insert(revokedTokens).values(row).onConflictDoNothing();
  },
  pruneExpired: async (tx: Q, now: string): Promise<void> => {
    await tx.delete(revokedTokens).where(lt(revokedTokens.expiresAt, now));
  },
};

export function isTokenRevoked(store: Store, jti: string): Promise<boolean> {
  return store.read((q) => revokedRepository.has(q, jti));
}

/** Lists the token `jti` (of `userId`, valid until `expiresAtSec`, seconds since the epoch) as revoked. */
export async function revokeToken(store: Store, token: { jti: string; userId: number; expiresAtSec: number }): Promise<void> {
  const now = new Date().toISOString();
  await store.write(async (tx) => {
    await revokedRepository.pruneExpired(tx, now);
    await revokedRepository.add(tx, { jti: token.jti, userId: token.userId, expiresAt: new Date(token.expiresAtSec * 1000).toISOString() });
  });
}
