/** SQL of the server-wide catalogue revision (sync_state.revision, bumped by triggers on every catalogue change). */
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { preparedPerConnection } from './prepared';
import { syncState } from './schema';

const statements = preparedPerConnection((db: Db) => ({
  revision: db.select({ revision: syncState.revision }).from(syncState).where(eq(syncState.id, 1)).prepare(),
}));

export function currentRevision(db: Db): number {
  return statements(db).revision.get()?.revision ?? 0;
}
