/**
 * `sudo npm run mostrador -- backup|restore|admin …`: the shop technician's one command (issue #38 item 2).
 * It takes the installed service's configuration (scripts/lib/service.ts: its unit, its environment file)
 * instead of the caller's, and after the checks of scripts/lib/operator.ts (the right user, the service's
 * folder) runs scripts/backup.ts, restore.ts or admin.ts as the service's user with the service's
 * environment only. Invariant: every file the action creates belongs to the service's user (it runs as
 * that user, and the folder is checked again afterwards), so the service never meets a root-owned file.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ACTIONS, planOperator, UsageError } from './lib/operator';
import { foreignFiles, ServiceRefused, unitPath } from './lib/service';

const ROOT = path.resolve(import.meta.dirname, '..');

function refuse(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

let plan;
try {
  plan = planOperator(unitPath(), process.argv.slice(2), { uid: process.getuid!(), env: process.env });
} catch (error) {
  if (error instanceof UsageError) refuse(error.message, 2);
  if (error instanceof ServiceRefused) refuse(error.message);
  throw error;
}
const { service, user, action, args, asRoot } = plan;
const where = service.env.DATABASE_URL ? `PostgreSQL de DATABASE_URL, archivos en ${service.dataDir}` : service.dataDir;
console.log(`Servicio ${path.basename(service.unit, '.service')}: usuario ${user.name}, datos en ${where} (según ${[service.unit, ...service.envFiles].join(' y ')}).`);

const run = spawnSync(process.execPath, ['--import', 'tsx', ACTIONS[action], ...args], {
  cwd: ROOT,
  stdio: 'inherit',
  // Only the service's environment (the session's could be another shop's), plus what finding programs needs.
  env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: process.env.LANG ?? 'C.UTF-8', HOME: user.home, ...service.env, DATA_DIR: service.dataDir, MOSTRADOR_UNIT: service.unit, MOSTRADOR_OPERADOR: '1' },
  ...(asRoot ? { uid: user.uid, gid: user.gid } : {}),
});
if (run.error) refuse(`No se pudo ejecutar ${ACTIONS[action]}: ${run.error.message}`);
const left = foreignFiles(service.dataDir, user.uid);
if (left.length) refuse(`Atención: quedaron archivos que no son de ${user.name} en ${service.dataDir} (el servicio no podría usarlos):\n${left.map((file) => `  ${file}`).join('\n')}\nchown -R ${user.name}: ${service.dataDir}`);
process.exit(run.status ?? 1);
