/**
 * The checks of the operator command (scripts/mostrador.ts, issue #38 item 2), before anything is touched:
 * who runs it (root hands over to the service's user; anyone else is refused), that the session does not
 * point at another shop (DATA_DIR, DATABASE_URL), and that the folder is the service's: present, its
 * user's, every file in it its user's (so the service never meets EPERM), with the shop's database; and
 * for a restore, an archive the service's user can read. Every refusal is a ServiceRefused in Spanish.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { foreignFiles, lookupUser, readService, ServiceRefused, userNameOf, type ServiceConfig, type SystemUser } from './service';

export const ACTIONS = { backup: 'scripts/backup.ts', restore: 'scripts/restore.ts', admin: 'scripts/admin.ts' } as const;
export type Action = keyof typeof ACTIONS;

export const USAGE = `Uso (como root, en la carpeta del programa):
  sudo npm run mostrador -- backup                       una copia de seguridad ahora
  sudo npm run mostrador -- restore <copia.tar.gz> [--proximo-numero N]   con el servicio detenido
  sudo npm run mostrador -- admin reset-password <usuario>
  sudo npm run mostrador -- admin create-user <usuario> ["Nombre"] [--vendedor]
  sudo npm run mostrador -- admin activate <usuario>`;

/** A command line that is not one of the above (exit code 2). */
export class UsageError extends Error {}

export interface OperatorPlan {
  service: ServiceConfig;
  user: SystemUser;
  action: Action;
  /** The action's arguments (a restore's archive made absolute: the action runs in the program's folder). */
  args: string[];
  /** Started as root: the action runs as `user`. */
  asRoot: boolean;
}

export interface Caller {
  uid: number;
  env: NodeJS.ProcessEnv;
}

/** Reads the service and checks everything; the plan to run, or a ServiceRefused / UsageError. */
export function planOperator(unit: string, argv: string[], caller: Caller): OperatorPlan {
  const [action, ...rest] = argv;
  if (!action || !(action in ACTIONS)) throw new UsageError(USAGE);
  const args = [...rest];
  const service = readService(unit, argv);
  const user = checkIdentity(service, caller.uid, `sudo npm run mostrador -- ${argv.join(' ')}`);
  checkSession(service, caller.env);
  checkDataDir(service, user, action as Action);
  const asRoot = caller.uid === 0;
  if (action === 'restore') checkArchive(user, asRoot, args);
  return { service, user, action: action as Action, args, asRoot };
}

function checkIdentity(service: ServiceConfig, me: number, invocation: string): SystemUser {
  const user = lookupUser(service.user);
  if (!user) throw new ServiceRefused(`El usuario del servicio «${service.user}» (User= en ${service.unit}) no existe en esta máquina. Crealo como dice docs/operations.md.`);
  if (user.uid === 0) throw new ServiceRefused(`El servicio corre como root (User= en ${service.unit}). Mostrador corre con su propio usuario: usá deploy/mostrador.service (User=mostrador).`);
  if (me !== 0 && me !== user.uid) {
    throw new ServiceRefused(
      `Este comando trabaja sobre los datos del servicio y corre como su usuario (${user.name}); vos sos ${userNameOf(me)}. Ejecutalo como root, que pasa solo a ese usuario:\n  ${invocation}`,
    );
  }
  return user;
}

/** The session must not point elsewhere: a different DATA_DIR or DATABASE_URL means another shop. */
function checkSession(service: ServiceConfig, env: NodeJS.ProcessEnv): void {
  const mine = env.DATA_DIR;
  if (mine && path.resolve(mine) !== service.dataDir) {
    throw new ServiceRefused(
      `DATA_DIR=${mine} (de esta sesión) no es la carpeta del servicio (${service.dataDir}, según ${service.unit}). Este comando usa siempre la del servicio: quitá DATA_DIR de la sesión (o corregí el servicio si la carpeta buena es la otra).`,
    );
  }
  const url = env.DATABASE_URL;
  if (url && url !== (service.env.DATABASE_URL ?? '')) {
    throw new ServiceRefused(`DATABASE_URL de esta sesión no es la del servicio. Este comando usa siempre la del servicio: quitala de la sesión (o corregí ${service.envFiles[0] ?? service.unit}).`);
  }
}

function checkDataDir(service: ServiceConfig, user: SystemUser, action: Action): void {
  const dir = service.dataDir;
  const stat = statSync(dir, { throwIfNoEntry: false });
  if (!stat?.isDirectory()) {
    throw new ServiceRefused(`La carpeta de datos del servicio (${dir}) no existe. ¿Es el DATA_DIR correcto? Si es una instalación nueva, arrancá el servicio una vez (systemctl start mostrador).`);
  }
  if (stat.uid !== user.uid) {
    throw new ServiceRefused(
      `La carpeta ${dir} es de ${userNameOf(stat.uid)}, no del usuario del servicio (${user.name}): no es la carpeta del servicio, o le cambiaron el dueño. No toqué nada. Si es la carpeta correcta: chown -R ${user.name}: ${dir}`,
    );
  }
  const foreign = foreignFiles(dir, user.uid);
  if (foreign.length) {
    throw new ServiceRefused(
      `En ${dir} hay archivos que no son del usuario del servicio (${user.name}), y el servicio no podría usarlos:\n${foreign.map((file) => `  ${file}`).join('\n')}\nNo toqué nada. Devolvéselos con: chown -R ${user.name}: ${dir}`,
    );
  }
  // A restore may fill an empty folder (a new machine); backup and admin need the shop's database.
  if (!service.env.DATABASE_URL && action !== 'restore' && !existsSync(path.join(dir, 'mostrador.sqlite'))) {
    throw new ServiceRefused(`En ${dir} no hay una base de Mostrador (mostrador.sqlite): no es la carpeta de un comercio. ¿Es el DATA_DIR correcto? ¿Arrancó el servicio alguna vez?`);
  }
}

/** A restore's archive must be readable by the service's user, who does the restore. */
function checkArchive(user: SystemUser, asRoot: boolean, args: string[]): void {
  const at = args.findIndex((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--proximo-numero');
  if (at < 0) return; // restore.ts prints its usage
  const absolute = path.resolve(args[at]);
  if (!existsSync(absolute)) throw new ServiceRefused(`No existe el archivo ${absolute}.`);
  let readable: boolean;
  if (asRoot) readable = spawnSync('test', ['-r', absolute], { uid: user.uid, gid: user.gid }).status === 0;
  else {
    try {
      accessSync(absolute, constants.R_OK);
      readable = true;
    } catch {
      readable = false;
    }
  }
  if (!readable) {
    throw new ServiceRefused(
      `El usuario del servicio (${user.name}) no puede leer ${absolute}. Copiala a una carpeta suya, por ejemplo: install -o ${user.name} -m 600 ${absolute} ${path.join('/var/tmp', path.basename(absolute))}`,
    );
  }
  args[at] = absolute;
}
