/** Backups of the shop (admin): status, list, make one now, download the newest. */
import { MSG } from '../../domain/messages';
import { api, apiDownload } from './client';

export const fetchBackupStatus = () => api('GET /backups/status', { errorMessage: MSG.backupStatusError });
export const fetchBackups = () => api('GET /backups', { errorMessage: MSG.backupStatusError });
export const createBackup = () => api('POST /backups', { errorMessage: MSG.backupFailed });
export const downloadLatestBackup = () => apiDownload('backups/latest', MSG.backupDownloadError);
