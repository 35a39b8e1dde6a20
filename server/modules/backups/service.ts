/**
 * Backups of the shop: make one (live, from the server's own connection, or from another process),
 * list them, rotate them, and say how fresh the newest one is. Every backup is a complete archive
 * (archive.ts) or nothing; rotation never deletes the newest one nor a pre-migration one it keeps.
 * These copy the SQLite file itself (no query goes through the store): on SQLite only.
 */
import type Database from 'better-sqlite3';
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { schemaStateOfFile, snapshotFile, snapshotLive, vacuumInto } from '../../db/snapshot';
import { parseArchiveName, writeArchive, writeArchiveSync } from './archive';
import { backupsToKeep, type BackupEntry, type BackupKind } from './rotation';
import type { BackupSettings } from './settings';

export interface BackupPlace {
  settings: BackupSettings;
  uploadsDir: string;
  timeZone: string;
}

export interface BackupFile extends BackupEntry {
  file: string;
  bytes: number;
}

/** The backups in the folder, oldest first (files that are not ours are ignored). */
export function listBackups(dir: string): BackupFile[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .map((name) => parseArchiveName(name))
    .filter((entry): entry is BackupEntry => entry !== null)
    .map((entry) => ({ ...entry, file: path.join(dir, entry.name), bytes: statSync(path.join(dir, entry.name)).size }))
    .sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime());
}

export function latestBackup(dir: string): BackupFile | null {
  const all = listBackups(dir).filter((entry) => entry.kind !== 'pre-migracion');
  return all.at(-1) ?? null;
}

/** Deletes what the retention policy does not keep; returns the names deleted. */
export function rotateBackups(place: BackupPlace): string[] {
  const all = listBackups(place.settings.dir);
  const keep = backupsToKeep(all, place.settings.keep, place.timeZone);
  const deleted = all.filter((entry) => !keep.has(entry.name));
  for (const entry of deleted) rmSync(entry.file, { force: true });
  return deleted.map((entry) => entry.name);
}

async function finish(place: BackupPlace, file: string): Promise<BackupFile> {
  rotateBackups(place);
  const entry = listBackups(place.settings.dir).find((candidate) => candidate.file === file);
  if (!entry) throw new Error(`La copia ${file} no quedó en ${place.settings.dir}`);
  return entry;
}

/** Writes an archive from `snapshot` (a consistent copy of the database) and rotates the folder. */
async function backupWith(place: BackupPlace, kind: BackupKind, now: Date, snapshot: (dest: string) => Promise<void> | void): Promise<BackupFile> {
  const file = await writeArchive({ dir: place.settings.dir, uploadsDir: place.uploadsDir, kind, takenAt: now, snapshot, schemaOf: schemaStateOfFile });
  return finish(place, file);
}

/** A backup taken by the running server on its own connection (writes made meanwhile are included). */
// pg: no file to copy; PostgreSQL needs pg_dump (custom format) into the archive, or the provider's backups.
export function backupLive(place: BackupPlace, sqlite: Database.Database, kind: BackupKind, now = new Date()): Promise<BackupFile> {
  return backupWith(place, kind, now, (dest) => snapshotLive(sqlite, dest));
}

/** A backup of a database file by another process (`npm run backup`), even while the server runs. */
// pg: `npm run backup` would run pg_dump against DATABASE_URL instead of copying a file.
export function backupFromFile(place: BackupPlace, dbFile: string, kind: BackupKind, now = new Date()): Promise<BackupFile> {
  return backupWith(place, kind, now, (dest) => snapshotFile(dbFile, dest));
}

/** The copy taken right before migrations run, synchronously, on the connection that will migrate. */
// pg: PostgreSQL migrations run in a transaction; a pre-migration pg_dump (or a provider snapshot) takes this place.
export function backupBeforeMigration(place: BackupPlace, sqlite: Database.Database, now = new Date()): string {
  return writeArchiveSync({
    dir: place.settings.dir,
    uploadsDir: place.uploadsDir,
    kind: 'pre-migracion',
    takenAt: now,
    snapshot: (dest) => vacuumInto(sqlite, dest),
    schemaOf: schemaStateOfFile,
  });
}

export interface BackupStatus {
  lastBackupAt: string | null;
  lastBackupBytes: number | null;
  intervalMs: number;
  /** The newest successful backup is older than two intervals (or there is none after two intervals of running). */
  stale: boolean;
  lastError: string | null;
  directory: string;
}

export function backupStatus(place: BackupPlace, runningSince: Date, lastError: string | null, now = new Date()): BackupStatus {
  const latest = latestBackup(place.settings.dir);
  const interval = place.settings.intervalMs;
  const reference = latest?.takenAt ?? runningSince;
  return {
    lastBackupAt: latest?.takenAt.toISOString() ?? null,
    lastBackupBytes: latest?.bytes ?? null,
    intervalMs: interval,
    stale: interval > 0 && now.getTime() - reference.getTime() > 2 * interval,
    lastError,
    directory: place.settings.dir,
  };
}
