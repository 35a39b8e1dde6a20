/**
 * The store on the embedded SQLite file. Writes run on the one writer connection, one unit at a time
 * (an async lock queues the others), inside BEGIN IMMEDIATE … COMMIT that this module issues itself:
 * better-sqlite3's own transaction() would commit at the unit's first `await` (drizzle-orm #1472, #2275).
 * Reads run on a second connection that WAL keeps on the last commit, so a read never sees a unit's
 * uncommitted rows, even while that unit waits between two of its queries. Snapshot reads run on a third
 * connection inside one read transaction, so a commit between two of their queries is not seen.
 * WAL checkpoints run on a worker thread a moment after commits (checkpointer.ts), not inside them.
 */
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { foldText } from '../../domain/text';
import { startCheckpointer } from './checkpointer';
import type { Db } from './client';
import * as schema from './schema';
import type { Q, Store } from './store';

/** A read-only connection to the same file, with the same SQL functions as the writer. */
export function openReader(file: string): Database.Database {
  const reader = new Database(file);
  reader.pragma('busy_timeout = 5000');
  reader.pragma('cache_size = -32000');
  reader.pragma('query_only = ON');
  reader.function('fold_text', { deterministic: true }, (value: unknown) => foldText(value === null ? null : String(value)));
  return reader;
}

export function sqliteStore(file: string, writer: Db): Store {
  const readerConnection = openReader(file);
  const reader = drizzle(readerConnection, { schema }) as unknown as Q;
  const tx = writer as unknown as Q;
  const checkpointer = startCheckpointer(writer.$client);
  let queue: Promise<void> = Promise.resolve();
  let snapshots: Promise<void> = Promise.resolve();
  let snapshotConnection: Database.Database | undefined;
  let snapshotHandle: Q | undefined;

  return {
    dialect: 'sqlite',
    read: (fn) => fn(reader),
    snapshot<T>(fn: (q: Q) => Promise<T>): Promise<T> {
      // Its own connection, one snapshot at a time: a deferred BEGIN's first read fixes the WAL snapshot,
      // which the writer's later commits do not move until COMMIT.
      snapshotConnection ??= openReader(file);
      const connection = snapshotConnection;
      const run = snapshots.then(async () => {
        connection.exec('BEGIN');
        try {
          return await fn((snapshotHandle ??= drizzle(connection, { schema }) as unknown as Q));
        } finally {
          connection.exec('COMMIT');
        }
      });
      snapshots = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    },
    write<T>(fn: (tx: Q) => Promise<T>): Promise<T> {
      const run = queue.then(async () => {
        writer.$client.exec('BEGIN IMMEDIATE');
        try {
          const result = await fn(tx);
          writer.$client.exec('COMMIT');
          checkpointer.noteCommit();
          return result;
        } catch (error) {
          if (writer.$client.inTransaction) writer.$client.exec('ROLLBACK');
          throw error;
        }
      });
      queue = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    },
    leads: async () => true,
    async close() {
      await checkpointer.stop();
      readerConnection.close();
      snapshotConnection?.close();
    },
  };
}
