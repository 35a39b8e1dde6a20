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

/**
 * Reserves `count` revisions at once (the counter moves by `count`) and returns the first: a write of many
 * rows stamps each with its own value of the block (pull-service.ts needs one revision per row). One
 * counter update instead of one per row: on PostgreSQL each update of the sync_state row inside one unit
 * lengthens the chain of its versions that the next one walks, so a trigger per row of a 50,000-row update
 * would be quadratic. The row lock is held until commit, as with the triggers.
 */
export async function reserveRevisions(tx: Q, count: number): Promise<number> {
  const bumped = await first(
    tx
      .update(syncState)
      .set({ revision: sql`${syncState.revision} + ${count}` })
      .where(eq(syncState.id, 1))
      .returning({ revision: syncState.revision }),
  );
  if (!bumped) throw new Error('sync_state sin fila');
  return bumped.revision - count + 1;
}
