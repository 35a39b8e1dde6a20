/**
 * Restoring a backup (`npm run restore -- <archivo>`), only with the server stopped. The archive is
 * checked before anything is touched: it unpacks, it is ours, SQLite's integrity_check passes and its
 * schema is not newer than this program. Then the current database and uploads are moved aside (never
 * deleted) into DATA_DIR/antes-de-restaurar-<instante>/ and the backup's take their place. An older
 * schema is fine: the next start migrates it.
 */
import { existsSync, mkdirSync, renameSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { integrityProblems, knownSchemaState, schemaStateOfFile } from '../../db/snapshot';
import { runningServerPid } from '../../process-lock';
import { DB_ENTRY, extractArchive, MANIFEST_ENTRY, UPLOADS_ENTRY, type Manifest } from './archive';

export class RestoreRefused extends Error {}

export interface CheckedBackup {
  /** Unpacked archive (delete it when done). */
  dir: string;
  manifest: Manifest;
}

export async function checkBackup(file: string, workParent: string): Promise<CheckedBackup> {
  if (!existsSync(file)) throw new RestoreRefused(`No existe el archivo ${file}.`);
  let dir: string;
  try {
    dir = await extractArchive(file, workParent);
  } catch (error) {
    throw new RestoreRefused(`La copia está dañada o no es una copia de Mostrador (${(error as Error).message}).`);
  }
  try {
    let manifest: Manifest;
    try {
      manifest = JSON.parse(readFileSync(path.join(dir, MANIFEST_ENTRY), 'utf8')) as Manifest;
    } catch {
      throw new RestoreRefused('La copia no tiene su manifiesto: no es una copia de Mostrador o está incompleta.');
    }
    const dbFile = path.join(dir, DB_ENTRY);
    if (manifest.app !== 'mostrador' || !existsSync(dbFile)) throw new RestoreRefused('La copia no contiene una base de Mostrador.');
    let problems: string[];
    try {
      problems = integrityProblems(dbFile);
    } catch (error) {
      throw new RestoreRefused(`La base de la copia está dañada (${(error as Error).message}).`);
    }
    if (problems.length > 0) throw new RestoreRefused(`La base de la copia está dañada: ${problems.slice(0, 3).join('; ')}.`);
    const theirs = schemaStateOfFile(dbFile);
    const ours = knownSchemaState();
    if (theirs.migrations > ours.migrations || (theirs.lastMigrationAt ?? 0) > (ours.lastMigrationAt ?? 0)) {
      throw new RestoreRefused(
        `La copia es de una versión más nueva de Mostrador (esquema ${theirs.migrations}, este programa conoce ${ours.migrations}). Actualizá el programa antes de restaurarla.`,
      );
    }
    return { dir, manifest };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

export interface RestoreTarget {
  dataDir: string;
  dbFile: string;
  uploadsDir: string;
}

/** Checks, moves the current data aside and puts the backup in place; returns where the old data went. */
// pg: a PostgreSQL shop restores a pg_dump with pg_restore into an empty database (or the provider's point-in-time restore).
export async function restoreBackup(file: string, target: RestoreTarget, now = new Date()): Promise<{ asideDir: string; manifest: Manifest }> {
  const pid = runningServerPid(target.dataDir);
  if (pid !== null) throw new RestoreRefused(`El servidor está en marcha (proceso ${pid}). Detenelo antes de restaurar una copia.`);
  const checked = await checkBackup(path.resolve(file), target.dataDir);
  try {
    const asideDir = path.join(target.dataDir, `antes-de-restaurar-${now.toISOString().replace(/[:.]/g, '-')}`);
    mkdirSync(asideDir, { recursive: true, mode: 0o700 });
    for (const suffix of ['', '-wal', '-shm']) {
      const current = `${target.dbFile}${suffix}`;
      if (existsSync(current)) renameSync(current, path.join(asideDir, path.basename(current)));
    }
    if (existsSync(target.uploadsDir)) renameSync(target.uploadsDir, path.join(asideDir, path.basename(target.uploadsDir)));
    renameSync(path.join(checked.dir, DB_ENTRY), target.dbFile);
    const uploads = path.join(checked.dir, UPLOADS_ENTRY);
    if (existsSync(uploads)) renameSync(uploads, target.uploadsDir);
    else mkdirSync(target.uploadsDir, { recursive: true });
    return { asideDir, manifest: checked.manifest };
  } finally {
    rmSync(checked.dir, { recursive: true, force: true });
  }
}
