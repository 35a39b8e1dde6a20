/** SQL of the server-wide catalogue revision (sync_state.revision, bumped by triggers on every catalogue change). */
import { eq, sql } from 'drizzle-orm';
import { syncState } from './schema';
import { first, type Q } from './store';

/**
 * The revision query, prepared once per handle: the catalogue reads it on every request, cache hits too.
 * On PostgreSQL `.prepare()` without a name builds the query once and runs it as an unnamed statement
 * (node-postgres parses it on each run), on the reader pool or a unit's connection alike.
 */
const revisionQuery = new WeakMap<Q, { execute: () => PromiseLike<{ revision: number }[]> }>();

/** The revision `q` sees (the store's reader: the last commit; a unit's `tx`: its own changes too). */
export async function catalogRevision(q: Q): Promise<number> {
  let query = revisionQuery.get(q);
  if (!query) revisionQuery.set(q, (query = q.select({ revision: syncState.revision }).from(syncState).where(eq(syncState.id, 1)).prepare()));
  return (await query.execute())[0]?.revision ?? 0;
}

/** Bumps the revision by one and returns the new value (for a write stamped as ONE catalogue revision). */
export async function bumpRevision(tx: Q): Promise<number> {
  const bumped = await first(
    tx
      .update(syncState)
      .set({ revision: sql`${syncState.revision} + 1` })
      .where(eq(syncState.id, 1))
      .returning({ revision: syncState.revision }),
  );
  if (!bumped) throw new Error('sync_state sin fila');
  return bumped.revision;
}
