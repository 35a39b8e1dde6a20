/**
 * WAL checkpoints off the event loop (server/db/checkpointer.ts): a store's commits are copied into the
 * database file by the worker shortly after they land, not only when the WAL reaches the writer's own
 * (fallback) threshold; the data read afterwards from a fresh connection is whole; stopping the worker
 * leaves the store closable as before. The WAL's progress is read from the wal-index header in the -shm
 * file (documented at sqlite.org/walformat.html: mxFrame at byte 16, nBackfill at byte 96).
 */
import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CHECKPOINT_DELAY_MS, FALLBACK_PAGES, startCheckpointer } from '../../server/db/checkpointer';
import { openDatabase } from '../../server/db/client';
import { brands } from '../../server/db/schema';
import { sqliteStore } from '../../server/db/sqlite-store';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function freshFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mostrador-ckpt-'));
  dirs.push(dir);
  return path.join(dir, 'mostrador.sqlite');
}

/** Frames in the WAL and how many of them are already in the database file. */
function walProgress(file: string): { frames: number; backfilled: number } {
  const shm = readFileSync(`${file}-shm`);
  return { frames: shm.readUInt32LE(16), backfilled: shm.readUInt32LE(96) };
}

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('no llegó a tiempo');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('WAL checkpoints on a worker thread', () => {
  it('the store’s commits reach the database file soon after they land, far below the fallback threshold', async () => {
    const file = freshFile();
    const { sqlite, db } = openDatabase(file);
    const store = sqliteStore(file, db);
    try {
      expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(FALLBACK_PAGES);
      for (let i = 0; i < 20; i++) await store.write(async (tx) => void (await tx.insert(brands).values({ name: `Marca ${i}` })));
      const { frames } = walProgress(file);
      expect(frames).toBeGreaterThan(0);
      expect(frames).toBeLessThan(FALLBACK_PAGES);
      // Only the worker checkpoints frames this few: the writer's own checkpoint waits for FALLBACK_PAGES.
      await until(() => walProgress(file).backfilled >= frames);
      expect(walProgress(file).backfilled).toBe(walProgress(file).frames);
    } finally {
      await store.close();
      sqlite.pragma('wal_checkpoint(TRUNCATE)');
      sqlite.close();
    }
    const reopened = new Database(file, { readonly: true });
    try {
      expect(reopened.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(reopened.prepare("SELECT count(*) FROM brands WHERE name LIKE 'Marca %'").pluck().get()).toBe(20);
    } finally {
      reopened.close();
    }
  });

  it('checkpoints a moment after a commit, not inside it', async () => {
    const file = freshFile();
    const { sqlite, db } = openDatabase(file);
    const store = sqliteStore(file, db);
    try {
      const before = walProgress(file).backfilled;
      await store.write(async (tx) => void (await tx.insert(brands).values({ name: 'Primera' })));
      const afterCommit = walProgress(file);
      expect(afterCommit.backfilled).toBe(before);
      await until(() => walProgress(file).backfilled >= afterCommit.frames, CHECKPOINT_DELAY_MS * 50);
    } finally {
      await store.close();
      sqlite.close();
    }
  });

  it('answers a checkpoint on request, and nothing once stopped; the writer goes on with its own checkpoints', async () => {
    const file = freshFile();
    const { sqlite } = openDatabase(file);
    const checkpointer = startCheckpointer(sqlite);
    try {
      sqlite.prepare("INSERT INTO brands (name) VALUES ('Pedida')").run();
      const result = await checkpointer.checkpointNow();
      expect(result).toMatchObject({ busy: 0 });
      expect(result!.checkpointed).toBe(result!.log);
      expect(result!.log).toBeGreaterThan(0);
      await checkpointer.stop();
      expect(await checkpointer.checkpointNow()).toBeNull();
      checkpointer.noteCommit();
      sqlite.prepare("INSERT INTO brands (name) VALUES ('Después')").run();
      expect(sqlite.pragma('wal_checkpoint(TRUNCATE)', { simple: true })).toBe(0);
    } finally {
      await checkpointer.stop();
      sqlite.close();
    }
  });
});
