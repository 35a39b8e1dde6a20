/**
 * Durability of confirmed sales. The database runs WAL with synchronous=NORMAL: a commit survives a
 * process crash at once (it is in the OS page cache) but not a power cut until the WAL is fsync'ed.
 * A device deletes a sale from its outbox as soon as the server confirms it, so before replying we
 * fsync the -wal file once per request (fsync flushes every page of the file, whoever wrote it).
 * Checkpoints under NORMAL already fsync the WAL before copying it and the database after, so frames
 * moved out of the WAL stay durable too.
 * A push waits for its fsync without blocking the event loop (flushToDiskShared): the fsync runs on
 * libuv's thread pool, and concurrent pushes share one (group commit), so 50 devices pushing at once
 * cost a few fsyncs, not 50 back to back on the loop.
 * Why not synchronous=FULL on the sale transactions: that is one fsync per sale instead of one per
 * batch of 200. Measured on the dev VM (fsync ≈ 0.3 ms, 3-item sales, batches of 200, loaded 2-core
 * box): one fsync per batch ≈ 700–1,175 sales/s, FULL ≈ 300–750 sales/s; on a shop PC's SD card or
 * cheap SSD an fsync costs milliseconds, so the gap only grows.
 * Modules on the persistence port call salesDurable(store) after their unit committed; on PostgreSQL a
 * commit is already durable (synchronous_commit on) and it does nothing.
 */
import type Database from 'better-sqlite3';
import { closeSync, fsyncSync, openSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { legacySqlite, type Store } from '../../db/store';

const directoriesSynced = new WeakSet<Database.Database>();

/** fsync a file (opened r+: Windows flushes only writable handles). False when it does not exist. */
function fsyncPath(file: string, flags = 'r+'): boolean {
  let fd: number;
  try {
    fd = openSync(file, flags);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** Makes every committed transaction of this connection durable (one fsync of the WAL, or the file without one). */
export function flushToDisk(sqlite: Database.Database): void {
  if (!fsyncPath(`${sqlite.name}-wal`)) fsyncPath(sqlite.name);
  if (!directoriesSynced.has(sqlite)) {
    // The -wal file's directory entry must be durable too; it lives as long as the connection.
    // Directories cannot be opened for fsync on Windows, where NTFS journals the entry itself.
    if (process.platform !== 'win32') fsyncPath(path.dirname(sqlite.name), 'r');
    directoriesSynced.add(sqlite);
  }
}

/** fsync a file off the event loop. False when it does not exist. */
async function fsyncPathAsync(file: string): Promise<boolean> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, 'r+');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  return true;
}

async function flushOnce(sqlite: Database.Database): Promise<void> {
  if (!(await fsyncPathAsync(`${sqlite.name}-wal`))) await fsyncPathAsync(sqlite.name);
  if (!directoriesSynced.has(sqlite)) flushToDisk(sqlite);
}

interface GroupFlush {
  /** The fsync under way: it covers only commits made before it started. */
  running: Promise<void> | null;
  /** The fsync that starts when `running` ends, shared by everyone who asked meanwhile. */
  next: Promise<void> | null;
}
const groups = new WeakMap<Database.Database, GroupFlush>();

/**
 * What flushToDisk guarantees (every commit made before the call is durable when it resolves), without
 * blocking the event loop, and shared: a caller waits for the next fsync that starts after its call.
 */
export function flushToDiskShared(sqlite: Database.Database): Promise<void> {
  let group = groups.get(sqlite);
  if (!group) groups.set(sqlite, (group = { running: null, next: null }));
  const g = group;
  const start = () => (g.running = flushOnce(sqlite).finally(() => (g.running = null)));
  if (!g.running) return start();
  g.next ??= g.running
    .catch(() => undefined)
    .then(() => {
      g.next = null;
      return start();
    });
  return g.next;
}

/**
 * Resolves once every unit committed before the call survives a power cut (flushToDiskShared on the
 * store's file; the fsync acts on the file, so the store's reader connection names it as well as the writer).
 */
export async function salesDurable(store: Store): Promise<void> {
  if (store.dialect === 'postgres') return;
  await flushToDiskShared(await store.read(async (q) => legacySqlite(q).$client));
}
