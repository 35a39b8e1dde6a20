/**
 * A throwaway PostgreSQL cluster on this machine (issue #20), for the server tests (tests/helpers/postgres.ts)
 * and the bench (bench/lib/postgres.ts): initdb + pg_ctl from the newest /usr/lib/postgresql/<version>/bin
 * (Debian's `postgresql` package), as the `postgres` user when running as root (root may not run
 * PostgreSQL), on a free 127.0.0.1 port, with its socket and data in a directory the caller owns and
 * removes. Access is `trust` for the `postgres` superuser on loopback only.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './server-process';

export interface Cluster {
  bin: string;
  dataDir: string;
  port: number;
  /** Run the cluster's commands as this user (root may not run PostgreSQL), or null: as ourselves. */
  user: string | null;
}

export const adminUrl = (cluster: Cluster, database = 'postgres') => `postgres://postgres@127.0.0.1:${cluster.port}/${database}`;

/** The newest PostgreSQL server binaries installed (Debian: /usr/lib/postgresql/<version>/bin), or null when there are none. */
export function postgresBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(path.join(root, v, 'bin', 'initdb'))) : [];
  return versions.length ? path.join(root, versions.sort((a, b) => Number(b) - Number(a))[0], 'bin') : null;
}

function run(cluster: Pick<Cluster, 'bin' | 'user'>, program: string, args: string[]): void {
  const file = path.join(cluster.bin, program);
  const [command, argv] = cluster.user ? ['runuser', ['-u', cluster.user, '--', file, ...args]] : [file, args];
  execFileSync(command, argv, { stdio: 'pipe' });
}

/**
 * initdb + pg_ctl start in `dir` (a new, empty directory); retried on a port taken meanwhile.
 * `settings` are server parameters (`-c name=value`) on top of loopback-only listening.
 */
export async function startCluster(dir: string, settings: Record<string, string | number> = {}): Promise<Cluster> {
  const user = process.getuid?.() === 0 ? 'postgres' : null;
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): apt-get install postgresql');
  if (user) {
    const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, user]).toString().trim()));
    chownSync(dir, uid, gid);
  }
  const dataDir = path.join(dir, 'data');
  run({ bin, user }, 'initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '-N']);
  for (let attempt = 1; ; attempt += 1) {
    const cluster: Cluster = { bin, dataDir, port: await freePort(), user };
    const options = [`-p ${cluster.port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`)].join(' ');
    try {
      run(cluster, 'pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', '-o', options, 'start']);
      return cluster;
    } catch (error) {
      if (attempt >= 3) throw new Error(`PostgreSQL did not start: ${readFileSync(path.join(dir, 'server.log'), 'utf8').slice(-2000)}`, { cause: error });
    }
  }
}

/** Stops the cluster at once (its data is thrown away by the caller). */
export function stopCluster(cluster: Cluster): void {
  run(cluster, 'pg_ctl', ['-D', cluster.dataDir, '-m', 'immediate', 'stop']);
}

/** One statement as the superuser on the `postgres` database (CREATE/DROP DATABASE). */
export async function adminQuery(cluster: Cluster, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl(cluster) });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
