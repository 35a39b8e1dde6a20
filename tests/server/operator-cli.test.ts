/**
 * `npm run mostrador` (scripts/mostrador.ts, issue #38 item 2): the technician's command acts only on the
 * installed service's folder, as the service's user. Here the "service" is a unit file in a temporary
 * folder (MOSTRADOR_UNIT) whose User= is `nobody`: started as root, a backup, a restore and a password
 * reset run as `nobody` and leave no file of anyone else; a session DATA_DIR that differs, a folder of
 * another user, a root-owned file inside, a folder without the shop's database, an archive the service's
 * user cannot read, a caller who is neither root nor that user, and the plain `npm run backup` on such a
 * machine are each refused in Spanish with nothing touched (scripts/lib/operator.ts, called in-process).
 * Needs root (CI runs as root), to hand over to `nobody` and to own files of someone else.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { sqliteStore } from '../../server/db/sqlite-store';
import { createUser } from '../../server/modules/users/service';
import { ACTIONS, planOperator, UsageError, type Caller } from '../../scripts/lib/operator';
import { foreignFiles, lookupUser, parseEnvFile, plainCommandRefusal, readService, splitAssignments } from '../../scripts/lib/service';

const ROOT = path.resolve(import.meta.dirname, '../..');
const root = process.getuid?.() === 0;
const nobody = lookupUser('nobody');

function serviceFolder(dataDir: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'mostrador-servicio-'));
  chmodSync(dir, 0o755); // the service's user walks through it to its own folder
  const unit = path.join(dir, 'mostrador.service');
  const envFile = path.join(dir, 'mostrador.env');
  writeFileSync(
    unit,
    `[Unit]\nDescription=prueba\n\n[Service]\nUser=nobody\nWorkingDirectory=${ROOT}\nEnvironment=NODE_ENV=production\nEnvironment=DATA_DIR=${path.join(dir, dataDir)}\nEnvironmentFile=-${envFile}\n`,
  );
  writeFileSync(envFile, '# como /etc/mostrador/mostrador.env\nBACKUP_INTERVAL=off\nDEMO_DATA="false"\nLOG_LEVEL=warn\n', { mode: 0o600 });
  return { dir, unit, data: path.join(dir, dataDir) };
}

/** A shop folder of `nobody` with a migrated database and its owner's account, as the service leaves it. */
async function shopFolder(data: string): Promise<void> {
  mkdirSync(data, { mode: 0o700 });
  const file = path.join(data, 'mostrador.sqlite');
  const { db, sqlite } = openDatabase(file);
  const store = sqliteStore(file, db);
  await createUser(store, { username: 'duena', fullName: 'Dueña', role: 'admin', password: 'clave-vieja' });
  await store.close();
  sqlite.close();
  for (const file of [data, ...readdirSync(data).map((name) => path.join(data, name))]) chownSync(file, nobody!.uid, nobody!.gid);
}

/** The command itself, started as root (the checks' refusals are tested in-process: a start costs seconds). */
function mostrador(unit: string, args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/mostrador.ts', ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, MOSTRADOR_UNIT: unit },
    encoding: 'utf8',
    timeout: 150_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe.runIf(root && nobody)('npm run mostrador, as the service installed', () => {
  const shop = serviceFolder('datos');
  made.push(shop.dir);
  beforeAll(() => shopFolder(shop.data));

  it('backup, restore and reset-password run as the service user and leave only its files', () => {
    const backup = mostrador(shop.unit, ['backup']);
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/usuario nobody, datos en .*datos/);
    const file = /Copia de seguridad creada: (\S+)/.exec(backup.stdout)?.[1];
    expect(file).toBeTruthy();
    expect(statSync(file!).uid).toBe(nobody!.uid);

    const restore = mostrador(shop.unit, ['restore', file!]);
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/restaurada en .*datos/);
    expect(foreignFiles(shop.data, nobody!.uid)).toEqual([]);

    const reset = mostrador(shop.unit, ['admin', 'reset-password', 'duena']);
    expect(reset.status, reset.stderr).toBe(0);
    expect(reset.stdout).toMatch(/Nueva contraseña de duena: \S+/);
    expect(reset.stdout).toMatch(/Comprobado: con esta contraseña el servidor deja entrar/);
    expect(reset.stdout).toContain(path.join(shop.data, 'mostrador.sqlite'));
    expect(foreignFiles(shop.data, nobody!.uid)).toEqual([]);
  });

  const plan = (argv: string[], caller: Partial<Caller> = {}) => () => planOperator(shop.unit, argv, { uid: 0, env: {}, ...caller });

  it('refuses a DATA_DIR or DATABASE_URL of the session that is not the service’s', () => {
    expect(plan(['backup'], { env: { DATA_DIR: '/tmp/otra-carpeta' } })).toThrow(/^DATA_DIR=\/tmp\/otra-carpeta \(de esta sesión\) no es la carpeta del servicio/);
    expect(plan(['admin', 'reset-password', 'duena'], { env: { DATABASE_URL: 'postgres://x@y/z' } })).toThrow(/^DATABASE_URL de esta sesión no es la del servicio/);
    expect(plan(['backup'], { env: { DATA_DIR: shop.data } })().service.dataDir).toBe(shop.data);
  });

  it('refuses an archive the service’s user cannot read, naming how to hand it over', () => {
    const secret = path.join(shop.dir, 'solo-root.tar.gz');
    writeFileSync(secret, 'x', { mode: 0o600 });
    expect(plan(['restore', secret])).toThrow(/^El usuario del servicio \(nobody\) no puede leer .*solo-root\.tar\.gz/);
    expect(plan(['restore', '--proximo-numero', '5', 'no-esta.tar.gz'])).toThrow(/^No existe el archivo .*no-esta\.tar\.gz/);
  });

  it('refuses a caller who is neither root nor the service’s user; the service’s user itself may', () => {
    expect(plan(['backup'], { uid: 65533 })).toThrow(/vos sos uid 65533\. Ejecutalo como root, que pasa solo a ese usuario:\n {2}sudo npm run mostrador -- backup$/);
    expect(plan(['backup'], { uid: nobody!.uid })()).toMatchObject({ asRoot: false, user: { name: 'nobody' } });
  });

  it('a wrong command line answers with the usage', () => {
    expect(plan(['borrar-todo'])).toThrow(UsageError);
  });

  it('the plain npm run backup, restore and admin send the technician to the operator command', () => {
    expect(plainCommandRefusal('admin', ['reset-password', 'duena'], { MOSTRADOR_UNIT: shop.unit })).toContain(
      `instalado como servicio (${shop.unit}): usá\n  sudo npm run mostrador -- admin reset-password duena`,
    );
    expect(plainCommandRefusal('backup', [], { MOSTRADOR_UNIT: shop.unit, MOSTRADOR_OPERADOR: '1' })).toBeNull();
    expect(plainCommandRefusal('backup', [], { MOSTRADOR_UNIT: '/nonexistent/mostrador.service' })).toBeNull();
  });
});

describe.runIf(root && nobody)('npm run mostrador refuses a folder that is not the service’s', () => {
  const plan = (unit: string, argv: string[]) => () => planOperator(unit, argv, { uid: 0, env: {} });

  it('a folder of another user', () => {
    const other = serviceFolder('ajena');
    made.push(other.dir);
    mkdirSync(other.data, { mode: 0o700 });
    writeFileSync(path.join(other.data, 'mostrador.sqlite'), '');
    expect(plan(other.unit, ['backup'])).toThrow(/^La carpeta .*ajena es de root, no del usuario del servicio \(nobody\).*No toqué nada/s);
  });

  it('a root-owned file inside (left by a command run as root), listed', async () => {
    const other = serviceFolder('datos');
    made.push(other.dir);
    await shopFolder(other.data);
    const wal = path.join(other.data, 'mostrador.sqlite-wal');
    copyFileSync(path.join(other.data, 'mostrador.sqlite'), wal);
    expect(plan(other.unit, ['admin', 'reset-password', 'admin'])).toThrow(
      `hay archivos que no son del usuario del servicio (nobody), y el servicio no podría usarlos:\n  ${wal}\nNo toqué nada. Devolvéselos con: chown -R nobody: ${other.data}`,
    );
  });

  it('a folder without the shop’s database, and no folder at all', () => {
    const other = serviceFolder('vacia');
    made.push(other.dir);
    mkdirSync(other.data, { mode: 0o700 });
    chownSync(other.data, nobody!.uid, nobody!.gid);
    expect(plan(other.unit, ['backup'])).toThrow(/no hay una base de Mostrador \(mostrador\.sqlite\): no es la carpeta de un comercio/);
    // A restore may fill an empty folder of the service's user (a new machine).
    expect(plan(other.unit, ['restore'])().action).toBe('restore');
    rmSync(other.data, { recursive: true });
    expect(plan(other.unit, ['admin', 'activate', 'admin'])).toThrow(/^La carpeta de datos del servicio \(.*vacia\) no existe/);
    expect(readdirSync(other.dir).sort()).toEqual(['mostrador.env', 'mostrador.service']);
  });

  it('no service installed, a service user that does not exist, a service run as root', () => {
    expect(plan('/nonexistent/mostrador.service', ['backup'])).toThrow(/^No encontré el servicio instalado \(\/nonexistent\/mostrador\.service\)/);
    const other = serviceFolder('datos');
    made.push(other.dir);
    const unit = readFileSync(other.unit, 'utf8');
    writeFileSync(other.unit, unit.replace('User=nobody', 'User=no-existe-este-usuario'));
    expect(plan(other.unit, ['backup'])).toThrow(/^El usuario del servicio «no-existe-este-usuario» \(User= en .*\) no existe en esta máquina/);
    writeFileSync(other.unit, unit.replace('User=nobody', 'User=root'));
    expect(plan(other.unit, ['backup'])).toThrow(/^El servicio corre como root/);
  });
});

describe('the service’s configuration as systemd reads it', () => {
  it('Environment= words with quotes, drop-ins that reset, environment files that win', () => {
    expect(splitAssignments('A=1 "MOSTRADOR_TLS=tls internal" \'B=x y\'')).toEqual(['A=1', 'MOSTRADOR_TLS=tls internal', 'B=x y']);
    expect(parseEnvFile('# nota\nDATA_DIR=/srv/a\n; otra\nMP_ACCESS_TOKEN="APP-1"\n\nROTA\n')).toEqual({ DATA_DIR: '/srv/a', MP_ACCESS_TOKEN: 'APP-1' });
    const dir = mkdtempSync(path.join(tmpdir(), 'mostrador-unidad-'));
    made.push(dir);
    const unit = path.join(dir, 'mostrador.service');
    writeFileSync(path.join(dir, 'a.env'), 'DATA_DIR=/srv/de-archivo\n');
    writeFileSync(unit, `[Service]\nUser=mostrador\nWorkingDirectory=/opt/m\nEnvironment=DATA_DIR=/var/lib/m PORT=3000\nEnvironmentFile=-${dir}/falta.env\n`);
    expect(readService(unit)).toMatchObject({ user: 'mostrador', dataDir: '/var/lib/m', envFiles: [], env: { PORT: '3000' } });
    mkdirSync(`${unit}.d`);
    writeFileSync(`${unit}.d/override.conf`, `[Service]\nEnvironment=\nEnvironment=HOST=0.0.0.0\nEnvironmentFile=${dir}/a.env\n`);
    expect(readService(unit)).toMatchObject({ dataDir: '/srv/de-archivo', envFiles: [`${dir}/a.env`], env: { HOST: '0.0.0.0', DATA_DIR: '/srv/de-archivo' } });
    writeFileSync(`${unit}.d/override.conf`, `[Service]\nEnvironmentFile=${dir}/falta.env\n`);
    expect(() => readService(unit)).toThrow(/pide el archivo de configuración .*falta\.env .* y no existe/);
  });

  it('deploy/mostrador.service and docs/operations.md name the same user, folder and commands (they cannot drift apart)', () => {
    const unit = readService(path.join(ROOT, 'deploy/mostrador.service'));
    expect(unit).toMatchObject({ user: 'mostrador', dataDir: '/var/lib/mostrador', workingDirectory: '/opt/mostrador' });
    const doc = readFileSync(path.join(ROOT, 'docs/operations.md'), 'utf8');
    expect(doc).toContain(`useradd --system --home ${unit.dataDir} --shell /usr/sbin/nologin ${unit.user} && install -d -o ${unit.user} -g ${unit.user} -m 700 ${unit.dataDir}`);
    expect(doc).toContain(`Copiá el programa a \`${unit.workingDirectory}\``);
    expect(readFileSync(path.join(ROOT, 'deploy/mostrador.service'), 'utf8')).toContain('EnvironmentFile=-/etc/mostrador/mostrador.env');
    expect(doc).toContain('install -m 600 /dev/null /etc/mostrador/mostrador.env');
    const actions = [...doc.matchAll(/sudo npm run mostrador -- (\w+)/g)].map((match) => match[1]);
    expect(new Set(actions)).toEqual(new Set(Object.keys(ACTIONS)));
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.scripts.mostrador).toBe('tsx scripts/mostrador.ts');
    // The Node the doc installs is one package.json accepts.
    expect(doc).toContain('setup_22.x');
    expect(pkg.engines.node).toMatch(/^\^22\.12\.0/);
  });
});
