/** Backups of the shop (admin only): status, list, make one now, download the newest (a file). */
import { backupEntry, backupStatus } from '../schemas/backups';
import { z } from '../schemas/common';
import { endpoint } from './endpoint';

export const backupsApi = {
  status: endpoint('GET /backups/status', { reply: backupStatus }),
  list: endpoint('GET /backups', { reply: z.array(backupEntry) }),
  create: endpoint('POST /backups', { reply: backupEntry, status: 201 }),
  latest: endpoint('GET /backups/latest', { reply: null }),
};
