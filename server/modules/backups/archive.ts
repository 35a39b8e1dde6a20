/**
 * A backup file: one `.tar.gz` holding `manifest.json`, `mostrador.sqlite` (a consistent snapshot) and
 * `uploads/`. It is written under a temporary name and renamed when complete, so a half-written file is
 * never listed, downloaded or restored. Names carry the UTC instant and the kind, newest sorting last:
 * `mostrador-2026-11-22T21-35-00-000Z-programada.tar.gz`.
 * Invariant (issue #31.4): no archive carries a secret. The snapshot is scrubbed (file-repository.ts,
 * BACKUP_SECRETS) before it is packed, and the manifest lists what the owner re-enters after a restore.
 */
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import type { SchemaState } from '../../db/snapshot';
import { scrubSecrets } from '../../db/backup-file';
import type { BackupEntry, BackupKind } from './rotation';

export const DB_ENTRY = 'mostrador.sqlite';
export const MANIFEST_ENTRY = 'manifest.json';
export const UPLOADS_ENTRY = 'uploads';

export interface Manifest {
  app: 'mostrador';
  takenAt: string;
  kind: BackupKind;
  schema: SchemaState;
  /** Credentials removed from this copy (what to re-enter after restoring it); absent in copies made before #31.4. */
  withoutSecrets?: string[];
}

const NAME = /^mostrador-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z-(programada|manual|pre-migracion)\.tar\.gz$/;

export function archiveName(takenAt: Date, kind: BackupKind): string {
  return `mostrador-${takenAt.toISOString().replace(/[:.]/g, '-')}-${kind}.tar.gz`;
}

export function parseArchiveName(name: string): BackupEntry | null {
  const m = NAME.exec(name);
  if (!m) return null;
  return { name, takenAt: new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`), kind: m[6] as BackupKind };
}

interface ArchiveOptions {
  dir: string;
  uploadsDir: string;
  kind: BackupKind;
  takenAt: Date;
  schemaOf: (file: string) => SchemaState;
}

interface Staged {
  staging: string;
  dbCopy: string;
  partial: string;
  target: string;
  entries: string[];
}

function stage(options: ArchiveOptions): Staged {
  mkdirSync(options.dir, { recursive: true, mode: 0o700 });
  const staging = mkdtempSync(path.join(options.dir, '.preparando-'));
  const finalName = archiveName(options.takenAt, options.kind);
  return {
    staging,
    dbCopy: path.join(staging, DB_ENTRY),
    partial: path.join(staging, `${finalName}.parcial`),
    target: path.join(options.dir, finalName),
    entries: [MANIFEST_ENTRY, DB_ENTRY],
  };
}

/** After the snapshot: its secrets removed, the manifest, and the uploads folder linked in (packed by following the link). */
function addManifestAndUploads(options: ArchiveOptions, staged: Staged): void {
  const withoutSecrets = scrubSecrets(staged.dbCopy);
  const manifest: Manifest = { app: 'mostrador', takenAt: options.takenAt.toISOString(), kind: options.kind, schema: options.schemaOf(staged.dbCopy), withoutSecrets };
  writeFileSync(path.join(staged.staging, MANIFEST_ENTRY), JSON.stringify(manifest, null, 2));
  if (existsSync(options.uploadsDir)) {
    symlinkSync(path.resolve(options.uploadsDir), path.join(staged.staging, UPLOADS_ENTRY), 'dir');
    staged.entries.push(UPLOADS_ENTRY);
  }
}

function packOptions(staged: Staged) {
  return { gzip: true, file: staged.partial, cwd: staged.staging, follow: true, portable: true, mode: 0o600 } as const;
}

/** Packs a consistent snapshot (`snapshot(dest)` writes it) into `dir`; returns the archive's path. */
export async function writeArchive(options: ArchiveOptions & { snapshot: (dest: string) => Promise<void> | void }): Promise<string> {
  const staged = stage(options);
  try {
    await options.snapshot(staged.dbCopy);
    addManifestAndUploads(options, staged);
    await tar.c(packOptions(staged), staged.entries);
    renameSync(staged.partial, staged.target);
    return staged.target;
  } finally {
    rmSync(staged.staging, { recursive: true, force: true });
  }
}

/** The same without yielding to the event loop (before migrations, when nothing else runs yet). */
export function writeArchiveSync(options: ArchiveOptions & { snapshot: (dest: string) => void }): string {
  const staged = stage(options);
  try {
    options.snapshot(staged.dbCopy);
    addManifestAndUploads(options, staged);
    tar.c({ ...packOptions(staged), sync: true }, staged.entries);
    renameSync(staged.partial, staged.target);
    return staged.target;
  } finally {
    rmSync(staged.staging, { recursive: true, force: true });
  }
}

/** Unpacks an archive into a new temporary folder inside `parent` (paths are confined to it). */
export async function extractArchive(file: string, parent: string): Promise<string> {
  mkdirSync(parent, { recursive: true, mode: 0o700 });
  const target = mkdtempSync(path.join(parent, '.restaurando-'));
  try {
    await tar.x({ file, cwd: target, strict: true });
    return target;
  } catch (error) {
    rmSync(target, { recursive: true, force: true });
    throw error;
  }
}
