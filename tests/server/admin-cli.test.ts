/**
 * `npm run admin`: the owner's way back. The CLI runs as its own process on the server's database while
 * the server is up (DATA_DIR's SQLite file, or the same DATABASE_URL on PostgreSQL): a reset prints a
 * password that signs in and revokes the old session; create-user makes a second admin; a bad command
 * or an unknown user is refused in Spanish. The server signs in with what the CLI wrote, so the CLI
 * cannot have written anywhere else.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../helpers/server';

const { s: t } = await buildApp({ env: { BACKUP_INTERVAL: 'off' } });

function admin(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    env: { ...process.env, DATA_DIR: t.config.dataDir, DATABASE_URL: t.config.databaseUrl ?? '', DEMO_DATA: 'false', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('npm run admin', () => {
  it('reset-password imprime una contraseña nueva que entra, y la sesión vieja queda cerrada', async () => {
    const oldToken = await t.login();
    const run = admin('reset-password', 'admin');
    expect(run.status, run.stderr).toBe(0);
    const password = /Nueva contraseña de admin: (\S+)/.exec(run.stdout)?.[1];
    expect(password).toBeTruthy();
    expect((await t.call({ method: 'GET', url: '/api/auth/me', token: oldToken })).status).toBe(401);
    const fresh = await t.login('admin', password);
    expect((await t.call({ method: 'GET', url: '/api/auth/me', token: fresh })).status).toBe(200);
  });

  it('create-user crea un segundo administrador', async () => {
    const run = admin('create-user', 'duena', 'Dueña del local');
    expect(run.status, run.stderr).toBe(0);
    const password = /Contraseña: (\S+)/.exec(run.stdout)![1];
    const token = await t.login('duena', password);
    const me = await t.call({ method: 'GET', url: '/api/auth/me', token });
    expect(me.body.data).toMatchObject({ username: 'duena', fullName: 'Dueña del local', role: 'admin' });
    expect(admin('create-user', 'duena').stderr).toMatch(/Ya existe un usuario/);
  });

  it('un usuario que no existe o una orden mal escrita se rechazan', () => {
    const unknown = admin('reset-password', 'nadie');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/No existe el usuario "nadie"/);
    const usage = admin('borrar-todo', 'admin');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/Uso:/);
  });
});
