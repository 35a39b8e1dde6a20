/**
 * The installed service as systemd sees it (issue #38 item 2): its unit (`deploy/mostrador.service` copied to
 * /etc/systemd/system/, plus `systemctl edit` drop-ins), the user it runs as and the environment it gets
 * (Environment= lines, then every EnvironmentFile=, which wins, as in systemd). The operator command
 * (scripts/mostrador.ts) acts only with this configuration, and the plain `npm run backup|restore|admin`
 * refuse to run on a machine where the service is installed (they would guess DATA_DIR and the user).
 * Invariant: nothing here writes; reading the environment file needs root when it is root's (0600).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Where the unit is installed; MOSTRADOR_UNIT points elsewhere (tests, a second service). */
export const DEFAULT_UNIT = '/etc/systemd/system/mostrador.service';

export function unitPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.MOSTRADOR_UNIT || DEFAULT_UNIT;
}

export interface ServiceConfig {
  unit: string;
  /** User= of the unit (systemd's default is root, which this project's unit never uses). */
  user: string;
  workingDirectory: string;
  /** The environment the service gets: Environment= then EnvironmentFile= (files win). */
  env: Record<string, string>;
  /** The environment files that exist and were read. */
  envFiles: string[];
  dataDir: string;
}

export class ServiceRefused extends Error {}

/** systemd's word splitting for Environment=: whitespace-separated, "…" or '…' quote a whole assignment. */
export function splitAssignments(value: string): string[] {
  const words: string[] = [];
  let current = '';
  let quote: string | null = null;
  let inWord = false;
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    if (quote) {
      if (ch === '\\' && i + 1 < value.length) current += value[++i];
      else if (ch === quote) quote = null;
      else current += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      inWord = true;
    } else if (/\s/.test(ch)) {
      if (inWord) words.push(current);
      current = '';
      inWord = false;
    } else {
      current += ch;
      inWord = true;
    }
  }
  if (inWord) words.push(current);
  return words;
}

/** KEY=VALUE lines of an EnvironmentFile (comments with # or ;, optional quotes around the value). */
export function parseEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    const key = line.slice(0, eq).trim();
    let value = line.slice(eq + 1).trim();
    if (value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.at(-1) === value[0]) value = value.slice(1, -1);
    env[key] = value;
  }
  return env;
}

interface UnitSettings {
  user?: string;
  workingDirectory?: string;
  environment: string[];
  environmentFiles: string[];
}

/** The [Service] settings of a unit file and its drop-ins, in systemd's order (an empty value resets a list). */
function readUnitSettings(unit: string): UnitSettings {
  const settings: UnitSettings = { environment: [], environmentFiles: [] };
  const dropInDir = `${unit}.d`;
  const files = [unit, ...(existsSync(dropInDir) ? readdirSync(dropInDir).filter((name) => name.endsWith('.conf')).sort().map((name) => path.join(dropInDir, name)) : [])];
  for (const file of files) {
    let section = '';
    for (const raw of readFileSync(file, 'utf8').split('\n')) {
      const line = raw.trim();
      if (!line || line.startsWith('#') || line.startsWith(';')) continue;
      if (line.startsWith('[')) {
        section = line;
        continue;
      }
      if (section !== '[Service]') continue;
      const eq = line.indexOf('=');
      if (eq <= 0) continue;
      const key = line.slice(0, eq).trim();
      const value = line.slice(eq + 1).trim();
      if (key === 'User') settings.user = value || undefined;
      else if (key === 'WorkingDirectory') settings.workingDirectory = value.replace(/^-/, '') || undefined;
      else if (key === 'Environment') {
        if (value) settings.environment.push(...splitAssignments(value));
        else settings.environment = [];
      } else if (key === 'EnvironmentFile') {
        if (value) settings.environmentFiles.push(value);
        else settings.environmentFiles = [];
      }
    }
  }
  return settings;
}

/** Reads the installed service's configuration, or refuses (in Spanish) saying what is missing. */
export function readService(unit: string, argv: string[] = process.argv.slice(2)): ServiceConfig {
  if (!existsSync(unit)) {
    throw new ServiceRefused(
      `No encontré el servicio instalado (${unit}). Instalalo como dice docs/operations.md («Una computadora chica en el local»); en una copia de desarrollo usá npm run backup, restore o admin con DATA_DIR.`,
    );
  }
  const settings = readUnitSettings(unit);
  const env: Record<string, string> = {};
  for (const assignment of settings.environment) {
    const eq = assignment.indexOf('=');
    if (eq > 0) env[assignment.slice(0, eq)] = assignment.slice(eq + 1);
  }
  const envFiles: string[] = [];
  for (const entry of settings.environmentFiles) {
    const optional = entry.startsWith('-');
    const file = optional ? entry.slice(1) : entry;
    if (!existsSync(file)) {
      if (optional) continue;
      throw new ServiceRefused(`El servicio pide el archivo de configuración ${file} (EnvironmentFile= en ${unit}) y no existe.`);
    }
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      throw new ServiceRefused(
        `No puedo leer la configuración del servicio (${file}; es de root). Ejecutá el comando como root, por ejemplo: sudo npm run mostrador -- ${argv.join(' ') || 'backup'}`,
      );
    }
    Object.assign(env, parseEnvFile(text));
    envFiles.push(file);
  }
  const workingDirectory = settings.workingDirectory ?? '/';
  return {
    unit,
    user: settings.user ?? 'root',
    workingDirectory,
    env,
    envFiles,
    dataDir: path.resolve(workingDirectory, env.DATA_DIR ?? './data'),
  };
}

export interface SystemUser {
  name: string;
  uid: number;
  gid: number;
  home: string;
}

/** A user from the system's account database (getent, so LDAP and the like count too), or null. */
export function lookupUser(name: string): SystemUser | null {
  let line: string;
  try {
    line = execFileSync('getent', ['passwd', name], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
  const [user, , uid, gid, , home] = line.split(':');
  return { name: user, uid: Number(uid), gid: Number(gid), home };
}

export function userNameOf(uid: number): string {
  try {
    return execFileSync('getent', ['passwd', String(uid)], { encoding: 'utf8' }).split(':')[0] || `uid ${uid}`;
  } catch {
    return `uid ${uid}`;
  }
}

/** Files under `dir` (itself included) whose owner is not `uid`: the service could not use them (EPERM). */
export function foreignFiles(dir: string, uid: number, limit = 20): string[] {
  const found: string[] = [];
  const visit = (file: string): void => {
    if (found.length >= limit) return;
    const stat = lstatSync(file, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.uid !== uid) found.push(file);
    if (stat.isDirectory()) for (const name of readdirSync(file)) visit(path.join(file, name));
  };
  visit(dir);
  return found;
}

/**
 * The plain `npm run backup|restore|admin` are for a development copy: on a machine where the service is
 * installed they would guess DATA_DIR (./data) and run as whoever called them, so they point to the
 * operator command instead (which runs them with MOSTRADOR_OPERADOR=1 after its checks).
 */
export function refuseWhenServiceInstalled(command: string): void {
  const refusal = plainCommandRefusal(command, process.argv.slice(2), process.env);
  if (!refusal) return;
  console.error(refusal);
  process.exit(1);
}

export function plainCommandRefusal(command: string, args: string[], env: NodeJS.ProcessEnv): string | null {
  const unit = unitPath(env);
  if (env.MOSTRADOR_OPERADOR === '1' || !existsSync(unit)) return null;
  return (
    `En esta máquina Mostrador está instalado como servicio (${unit}): usá\n  sudo npm run mostrador -- ${[command, ...args].join(' ')}\n` +
    'que toma la configuración del servicio y corre como su usuario (así no quedan archivos que el servicio no pueda usar).'
  );
}
