/**
 * Durability of confirmed sales. The database runs WAL with synchronous=NORMAL: a commit survives a
 * process crash at once (it is in the OS page cache) but not a power cut until the WAL is fsync'ed.
 * A device deletes a sale from its outbox as soon as the server confirms it, so before replying we
 * fsync the -wal file once per request (fsync flushes every page of the file, whoever wrote it).
 * Measured on the dev machine, 1,000 three-item sales in batches of 200: synchronous=FULL on every
 * sale transaction cost one fsync per sale; one fsync per batch costs one per 200 — see the
 * figures in server/modules/sync/push-service.ts. Checkpoints under NORMAL already fsync the WAL
 * before copying it and the database after, so frames moved out of the WAL stay durable too.
 */
import type Database from 'better-sqlite3';
import { closeSync, fsyncSync, openSync } from 'node:fs';
import path from 'node:path';

const directoriesSynced = new WeakSet<Database.Database>();

function fsyncPath(file: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'r');
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
    fsyncPath(path.dirname(sqlite.name));
    directoriesSynced.add(sqlite);
  }
}
