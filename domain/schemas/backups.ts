/** Replies of the /backups calls (admin). */
import { z } from './common';

export const backupEntry = z.object({
  name: z.string(),
  takenAt: z.string(),
  kind: z.enum(['programada', 'manual', 'pre-migracion']),
  bytes: z.number().int(),
});
export type BackupEntryDto = z.infer<typeof backupEntry>;

export const backupStatus = z.object({
  lastBackupAt: z.string().nullable(),
  lastBackupBytes: z.number().int().nullable(),
  intervalMs: z.number().int(),
  stale: z.boolean(),
  lastError: z.string().nullable(),
  directory: z.string(),
});
export type BackupStatusDto = z.infer<typeof backupStatus>;
