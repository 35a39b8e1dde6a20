/**
 * Which backups to keep (pure). Grandfather-father style over the shop's calendar:
 * - the newest backup of each of the `daily` most recent local days that have a backup;
 * - the newest backup of each of the `weekly` most recent ISO weeks (Monday first) that have a backup;
 * - the `preMigration` newest backups taken before a migration, whatever their date (they are the way
 *   back from an upgrade, so a later scheduled backup of the same day never pushes them out).
 * Everything else may be deleted. The newest backup is always kept.
 */
import { localDateString, localParts } from '../../../domain/time';

export type BackupKind = 'programada' | 'manual' | 'pre-migracion';

export interface BackupEntry {
  name: string;
  takenAt: Date;
  kind: BackupKind;
}

export interface RetentionPolicy {
  daily: number;
  weekly: number;
  preMigration: number;
}

/** The Monday (YYYY-MM-DD) that starts the local week of `instant`. */
function weekKey(instant: Date, timeZone: string): string {
  const p = localParts(instant, timeZone);
  const day = new Date(Date.UTC(p.year, p.month - 1, p.day));
  const weekday = (day.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  day.setUTCDate(day.getUTCDate() - weekday);
  return day.toISOString().slice(0, 10);
}

function newestPerBucket(entries: BackupEntry[], buckets: number, keyOf: (entry: BackupEntry) => string): string[] {
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    const key = keyOf(entry);
    if (seen.has(key)) continue;
    if (seen.size >= buckets) break;
    seen.add(key);
    kept.push(entry.name);
  }
  return kept;
}

export function backupsToKeep(entries: BackupEntry[], policy: RetentionPolicy, timeZone: string): Set<string> {
  const newestFirst = [...entries].sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
  const regular = newestFirst.filter((entry) => entry.kind !== 'pre-migracion');
  const keep = new Set<string>([
    ...newestPerBucket(regular, policy.daily, (entry) => localDateString(entry.takenAt, timeZone)),
    ...newestPerBucket(regular, policy.weekly, (entry) => weekKey(entry.takenAt, timeZone)),
    ...newestFirst.filter((entry) => entry.kind === 'pre-migracion').slice(0, policy.preMigration).map((entry) => entry.name),
  ]);
  if (newestFirst.length > 0) keep.add(newestFirst[0].name);
  return keep;
}
