/**
 * `npm run backup`: a backup of the shop now (database snapshot with VACUUM INTO plus the uploads),
 * into BACKUP_DIR (default DATA_DIR/backups), with the same rotation as the scheduled ones. Safe while
 * the server runs.
 */
import { existsSync } from 'node:fs';
import { loadConfig } from '../server/config';
import { backupFromFile } from '../server/modules/backups/service';
import { refuseWhenServiceInstalled } from './lib/service';

refuseWhenServiceInstalled('backup');

const config = loadConfig();
if (!existsSync(config.dbFile)) {
  console.error(`No hay una base de datos en ${config.dbFile} (revisá DATA_DIR).`);
  process.exit(1);
}
try {
  const backup = await backupFromFile({ settings: config.backup, uploadsDir: config.uploadsDir, timeZone: config.timeZone }, config.dbFile, 'manual');
  console.log(`Copia de seguridad creada: ${backup.file} (${(backup.bytes / 1024 / 1024).toFixed(1)} MB)`);
} catch (error) {
  console.error(`No se pudo crear la copia de seguridad: ${(error as Error).message}`);
  process.exit(1);
}
