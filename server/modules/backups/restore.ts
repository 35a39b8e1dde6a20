/**
 * Restoring a backup (`npm run restore -- <archivo>`), only with the server stopped. The archive is
 * checked before anything is touched: it unpacks, it is ours, SQLite's integrity_check passes and its
 * schema is not newer than this program. Then the current database and uploads are moved aside (never
 * deleted) into DATA_DIR/antes-de-restaurar-<instante>/ and the backup's take their place. An older
 * schema is fine: the next start migrates it.
 * Invariant (issue #30.3, docs/operations.md): a restore never lets a sale number the shop already
 * handed out be issued again. Before the copy is put in place its counter is moved past the highest
 * bound known for what was handed out: the counter of the database being replaced and the ceiling kept
 * outside it (sales/number-ceiling.ts). With neither, the restore refuses unless the operator gives the
 * next number (`--proximo-numero`, from the last ticket handed out). The numbers skipped are recorded in
 * DATA_DIR/restauraciones.log and told to the operator.
 * A backup holds no secrets (archive.ts); restoring over an existing database carries that database's
 * secrets into the restored one, and the operator is told which credentials are still to re-enter.
 */
import { appendFileSync, existsSync, mkdirSync, renameSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { integrityProblems, knownSchemaState, schemaStateOfFile } from '../../db/snapshot';
import { runningServerPid } from '../../process-lock';
import { readNumberCeiling, NUMBER_CEILING_FILE } from '../sales/number-ceiling';
import { DB_ENTRY, extractArchive, MANIFEST_ENTRY, UPLOADS_ENTRY, type Manifest } from './archive';
import { carrySecrets, raiseSaleCounter, saleCounterOf } from '../../db/backup-file';

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

export interface RestoreOptions {
  now?: Date;
  /** The next sale number the operator knows is free (the last ticket handed out + 1); used when higher than what the restore finds. */
  nextSaleNumber?: number;
}

export interface RestoreResult {
  asideDir: string;
  manifest: Manifest;
  /** Counter values [from, to) the restored shop will never issue: handed out (or possibly) after the backup was taken. */
  skippedNumbers: { from: number; to: number } | null;
  /** The counter the restored shop numbers its next sale with. */
  nextSaleNumber: number;
  /** Credentials the backup did not carry, to re-enter in Configuración (from its manifest). */
  reenter: string[];
}

export const RESTORE_LOG = 'restauraciones.log';

/** The bound above every sale number the shop being replaced handed out, or null when nothing tells. */
function handedOutBound(target: RestoreTarget, given: number | undefined): number | null {
  const bounds = [existsSync(target.dbFile) ? saleCounterOf(target.dbFile) : null, readNumberCeiling(target.dataDir), given ?? null].filter(
    (bound): bound is number => bound !== null,
  );
  return bounds.length ? Math.max(...bounds) : null;
}

/** Checks, moves the current data aside and puts the backup in place; returns where the old data went. */
// pg: a PostgreSQL shop restores a pg_dump with pg_restore into an empty database (or the provider's point-in-time restore).
export async function restoreBackup(file: string, target: RestoreTarget, options: RestoreOptions = {}): Promise<RestoreResult> {
  const now = options.now ?? new Date();
  const pid = runningServerPid(target.dataDir);
  if (pid !== null) throw new RestoreRefused(`El servidor está en marcha (proceso ${pid}). Detenelo antes de restaurar una copia.`);
  const checked = await checkBackup(path.resolve(file), target.dataDir);
  try {
    const bound = handedOutBound(target, options.nextSaleNumber);
    if (bound === null) {
      throw new RestoreRefused(
        `No se puede saber hasta qué número de venta llegó el comercio (no está la base actual ni ${NUMBER_CEILING_FILE} en ${target.dataDir}). ` +
          'Buscá el último ticket entregado y repetí con --proximo-numero <su contador + 1> (el número final del ticket), así ningún número ya entregado se repite.',
      );
    }
    const restoredDb = path.join(checked.dir, DB_ENTRY);
    const held = raiseSaleCounter(restoredDb, bound);
    const next = Math.max(held, bound);
    const skippedNumbers = next > held ? { from: held, to: next } : null;
    // Same machine: the credentials of the database being replaced come along (they never left it).
    const carried = existsSync(target.dbFile) ? carrySecrets(target.dbFile, restoredDb) : [];
    const reenter = (checked.manifest.withoutSecrets ?? []).filter((what) => !carried.includes(what));
    const asideDir = path.join(target.dataDir, `antes-de-restaurar-${now.toISOString().replace(/[:.]/g, '-')}`);
    mkdirSync(asideDir, { recursive: true, mode: 0o700 });
    for (const suffix of ['', '-wal', '-shm']) {
      const current = `${target.dbFile}${suffix}`;
      if (existsSync(current)) renameSync(current, path.join(asideDir, path.basename(current)));
    }
    if (existsSync(target.uploadsDir)) renameSync(target.uploadsDir, path.join(asideDir, path.basename(target.uploadsDir)));
    renameSync(restoredDb, target.dbFile);
    const uploads = path.join(checked.dir, UPLOADS_ENTRY);
    if (existsSync(uploads)) renameSync(uploads, target.uploadsDir);
    else mkdirSync(target.uploadsDir, { recursive: true });
    appendFileSync(
      path.join(target.dataDir, RESTORE_LOG),
      `${JSON.stringify({ restauradaEn: now.toISOString(), copia: path.basename(file), copiaDel: checked.manifest.takenAt, proximoNumero: next, numerosSalteados: skippedNumbers, anterioresEn: path.basename(asideDir) })}\n`,
      { mode: 0o600 },
    );
    return { asideDir, manifest: checked.manifest, skippedNumbers, nextSaleNumber: next, reenter };
  } finally {
    rmSync(checked.dir, { recursive: true, force: true });
  }
}
