/**
 * The server's backup agent: one backup at a time (a second request joins the one running), a
 * scheduled job (server/jobs/) every BACKUP_INTERVAL counted from the newest backup (so restarts do not
 * postpone it forever), and the last failure remembered for the status the dashboard and Settings show.
 */
import type { FastifyBaseLogger } from 'fastify';
import type Database from 'better-sqlite3';
import { MSG } from '../../../domain/messages';
import type { JobSpec } from '../../jobs/registry';
import { AppError, isDiskFull } from '../../http/errors';
import { backupLive, backupStatus, latestBackup, type BackupFile, type BackupPlace, type BackupStatus } from './service';
import type { BackupKind } from './rotation';

/** Never sooner than this after start, so a restart loop does not become a backup loop. */
const FIRST_RUN_MIN_DELAY_MS = 60_000;
const RETRY_AFTER_FAILURE_MS = 15 * 60_000;

export interface BackupAgent {
  runNow: (kind?: BackupKind) => Promise<BackupFile>;
  status: () => BackupStatus;
  /** Resolves once a backup in progress has ended. */
  stop: () => Promise<void>;
}

/** The SQLite agent also has a schedule: a job the app runs (server/jobs/). */
export interface ScheduledBackupAgent extends BackupAgent {
  scheduledJob: () => JobSpec;
}

// pg: the agent snapshots the SQLite connection; on PostgreSQL it would schedule pg_dump or defer to the provider's backups.
export function createBackupAgent(place: BackupPlace, sqlite: Database.Database, log: FastifyBaseLogger): ScheduledBackupAgent {
  const startedAt = new Date();
  let running: Promise<BackupFile> | null = null;
  let lastError: string | null = null;
  const runNow = (kind: BackupKind = 'manual'): Promise<BackupFile> => {
    running ??= backupLive(place, sqlite, kind)
      .then((file) => {
        lastError = null;
        log.info({ backup: file.name, bytes: file.bytes }, 'copia de seguridad hecha');
        return file;
      })
      .catch((error: Error) => {
        lastError = isDiskFull(error) ? MSG.backupDiskFull : error.message;
        log.error({ err: error }, 'la copia de seguridad falló');
        throw error;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  return {
    runNow,
    status: () => backupStatus(place, startedAt, lastError),
    scheduledJob: () => {
      const latest = latestBackup(place.settings.dir);
      const due = latest ? latest.takenAt.getTime() + place.settings.intervalMs - Date.now() : 0;
      return {
        name: 'copia-programada',
        everyMs: place.settings.intervalMs,
        leaderOnly: false,
        firstDelayMs: Math.max(FIRST_RUN_MIN_DELAY_MS, due),
        retryAfterFailureMs: Math.min(RETRY_AFTER_FAILURE_MS, place.settings.intervalMs),
        run: async () => {
          await runNow('programada');
        },
      };
    },
    stop: async () => {
      await running?.catch(() => undefined);
    },
  };
}

/**
 * On PostgreSQL (DATABASE_URL) the books are not a file beside the server: the provider's backups or
 * pg_dump keep them (docs/operations.md). The agent says so instead of copying anything.
 */
export function providerBackups(place: BackupPlace): BackupAgent {
  return {
    runNow: () => Promise.reject(new AppError(409, MSG.backupsOnPostgres)),
    status: () => ({ lastBackupAt: null, lastBackupBytes: null, intervalMs: place.settings.intervalMs, stale: false, lastError: MSG.backupsOnPostgres, directory: place.settings.dir }),
    stop: async () => {},
  };
}
