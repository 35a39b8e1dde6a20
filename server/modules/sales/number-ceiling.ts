/**
 * The sale-number ceiling kept OUTSIDE the database file (issue #30.3): `DATA_DIR/numeracion-tope.json`
 * holds `{ "next": N }`, a bound such that every counter value the server ever handed out is below N.
 * Invariant: before a sale takes counter value v ≥ the ceiling, the ceiling is moved to v + BLOCK and
 * fsync'ed (file and folder), inside the sale's unit, so the number cannot reach a reply (or paper)
 * before the bound covering it is on disk. One write per BLOCK sales keeps the hot path free.
 * A restore (backups/restore.ts) moves the restored counter past max(this ceiling, the replaced
 * database's counter): a number handed out before the restore is never handed out again.
 * SQLite only: on PostgreSQL the books are restored by the provider, not by `npm run restore`.
 */
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const NUMBER_CEILING_FILE = 'numeracion-tope.json';
/** Counter values reserved per write of the file (the most a restore from the file alone skips). */
export const NUMBER_CEILING_BLOCK = 1000;

export interface NumberCeiling {
  /** Makes sure the ceiling on disk is above `value` before the caller hands `value` out. */
  cover: (value: number) => void;
}

/** The ceiling recorded in `dataDir` (null: none, or unreadable). */
export function readNumberCeiling(dataDir: string): number | null {
  try {
    const next = (JSON.parse(readFileSync(path.join(dataDir, NUMBER_CEILING_FILE), 'utf8')) as { next?: unknown }).next;
    return typeof next === 'number' && Number.isSafeInteger(next) && next > 0 ? next : null;
  } catch {
    return null;
  }
}

function fsyncFile(file: string, flags: string): void {
  const fd = openSync(file, flags);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Writes the ceiling durably: a temporary file fsync'ed, renamed over the old one, the folder fsync'ed. */
export function writeNumberCeiling(dataDir: string, next: number): void {
  const file = path.join(dataDir, NUMBER_CEILING_FILE);
  const partial = `${file}.parcial`;
  writeFileSync(partial, `${JSON.stringify({ next, escritoEn: new Date().toISOString() })}\n`, { mode: 0o600 });
  fsyncFile(partial, 'r+');
  renameSync(partial, file);
  fsyncFile(dataDir, 'r');
}

export function createNumberCeiling(dataDir: string, block = NUMBER_CEILING_BLOCK): NumberCeiling {
  let ceiling = readNumberCeiling(dataDir) ?? 0;
  return {
    cover: (value) => {
      if (value < ceiling) return;
      const next = value + block;
      writeNumberCeiling(dataDir, next);
      ceiling = next;
    },
  };
}
