/** Backups of the shop (admin): status, list, make one now, download the newest. */
import { MSG } from '../../domain/messages';
import type { BackupEntryDto, BackupStatusDto } from '../../domain/schemas/backups';
import { apiCall, apiDownload } from './client';

export const fetchBackupStatus = () => apiCall<BackupStatusDto>('get', 'backups/status', { errorMessage: MSG.backupStatusError });
export const fetchBackups = () => apiCall<BackupEntryDto[]>('get', 'backups', { errorMessage: MSG.backupStatusError });
export const createBackup = () => apiCall<BackupEntryDto>('post', 'backups', { errorMessage: MSG.backupFailed });
export const downloadLatestBackup = () => apiDownload('backups/latest', MSG.backupDownloadError);
