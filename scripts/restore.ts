/**
 * `npm run restore -- <archivo.tar.gz> [--proximo-numero N]`: restores a backup with the server stopped.
 * The archive is checked first (integrity, schema version); the current data is moved aside, never
 * deleted; sale numbers already handed out are never issued again (server/modules/backups/restore.ts).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { restoreBackup, RestoreRefused } from '../server/modules/backups/restore';
import { refuseWhenServiceInstalled } from './lib/service';

refuseWhenServiceInstalled('restore');

const USAGE = 'Uso: npm run restore -- <archivo de copia .tar.gz> [--proximo-numero N]';
let file: string | undefined;
let nextSaleNumber: number | undefined;
try {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { 'proximo-numero': { type: 'string' } } });
  file = positionals[0];
  const given = values['proximo-numero'];
  if (given !== undefined) {
    nextSaleNumber = Number(given);
    if (!Number.isSafeInteger(nextSaleNumber) || nextSaleNumber < 1) throw new Error(`--proximo-numero debe ser un entero positivo (recibido: ${given})`);
  }
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (!file) {
  console.error(USAGE);
  process.exit(2);
}
const config = loadConfig();
try {
  const result = await restoreBackup(file, config, { nextSaleNumber });
  console.log(`Copia del ${new Date(result.manifest.takenAt).toLocaleString('es-AR', { timeZone: config.timeZone, hour12: false })} restaurada en ${config.dataDir}.`);
  console.log(`Los datos que había quedaron en ${result.asideDir}.`);
  if (result.skippedNumbers) {
    console.log(
      `Numeración: la próxima venta lleva el contador ${result.nextSaleNumber}; los contadores del ${result.skippedNumbers.from} al ${result.skippedNumbers.to - 1} no se vuelven a usar (se entregaron, o pudieron entregarse, después de la copia).`,
    );
  }
  if (result.reenter.length) {
    console.log('La copia no lleva estas credenciales (volvé a cargar las que correspondan):');
    for (const line of result.reenter) console.log(`  - ${line}`);
  }
} catch (error) {
  console.error(error instanceof RestoreRefused ? error.message : `No se pudo restaurar: ${(error as Error).message}`);
  process.exit(1);
}
