/**
 * `npm run restore -- <archivo.tar.gz>`: restores a backup with the server stopped. The archive is
 * checked first (integrity, schema version); the current data is moved aside, never deleted.
 */
import { loadConfig } from '../server/config';
import { restoreBackup, RestoreRefused } from '../server/modules/backups/restore';

const file = process.argv[2];
if (!file) {
  console.error('Uso: npm run restore -- <archivo de copia .tar.gz>');
  process.exit(2);
}
const config = loadConfig();
try {
  const { asideDir, manifest } = await restoreBackup(file, config);
  console.log(`Copia del ${new Date(manifest.takenAt).toLocaleString('es-AR', { timeZone: config.timeZone, hour12: false })} restaurada en ${config.dataDir}.`);
  console.log(`Los datos que había quedaron en ${asideDir}.`);
} catch (error) {
  console.error(error instanceof RestoreRefused ? error.message : `No se pudo restaurar: ${(error as Error).message}`);
  process.exit(1);
}
