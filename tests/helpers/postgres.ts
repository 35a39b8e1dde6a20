/**
 * Real PostgreSQL for the server tests (issue #20): one cluster per test run, one fresh database per test
 * file.
 *
 * The cluster (initdb + pg_ctl from /usr/lib/postgresql/<version>/bin, as the `postgres` user when the
 * tests run as root, on a free 127.0.0.1 port, in a temporary directory) starts the first time a test file
 * asks for a database, and the database `mostrador_template` is migrated (drizzle-pg/) once. Each test
 * file then gets its own database copied from that template (CREATE DATABASE … TEMPLATE), dropped when
 * the file ends. This module is also the server project's vitest globalSetup: it gives the workers a
 * state directory (where the first worker records the cluster, under a lock) and stops the cluster at the
 * end of the run. Without the globalSetup (another runner), a file starts and stops its own cluster.
 *
 * fsync is off: the cluster is thrown away at the end (a crash test kills the server, not PostgreSQL).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, rmdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { migratePg } from '../../server/db/pg-store';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresState: string;
  }
}

interface Cluster {
  bin: string;
  dataDir: string;
  port: number;
  /** Run the cluster's commands as this user (root may not run PostgreSQL), or null: as ourselves. */
  user: string | null;
}

const TEMPLATE = 'mostrador_template';
const CLUSTER_FILE = 'cluster.json';
const LOCK_WAIT_MS = 180_000;

const adminUrl = (cluster: Cluster, database = 'postgres') => `postgres://postgres@127.0.0.1:${cluster.port}/${database}`;

/** The newest PostgreSQL server binaries installed (Debian: /usr/lib/postgresql/<version>/bin). */
function findBinaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(path.join(root, v, 'bin', 'initdb'))) : [];
  if (versions.length === 0) throw new Error('PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): apt-get install postgresql');
  return path.join(root, versions.sort((a, b) => Number(b) - Number(a))[0], 'bin');
}

function run(cluster: Pick<Cluster, 'bin' | 'user'>, program: string, args: string[]): void {
  const file = path.join(cluster.bin, program);
  const [command, argv] = cluster.user ? ['runuser', ['-u', cluster.user, '--', file, ...args]] : [file, args];
  execFileSync(command, argv, { stdio: 'pipe' });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** initdb + pg_ctl start in `dir` (a new directory the cluster's user owns); retried on a port taken meanwhile. */
async function startCluster(dir: string): Promise<Cluster> {
  const user = process.getuid?.() === 0 ? 'postgres' : null;
  const bin = findBinaries();
  if (user) {
    const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, user]).toString().trim()));
    chownSync(dir, uid, gid);
  }
  const dataDir = path.join(dir, 'data');
  run({ bin, user }, 'initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '-N']);
  for (let attempt = 1; ; attempt += 1) {
    const cluster: Cluster = { bin, dataDir, port: await freePort(), user };
    const options = [
      `-p ${cluster.port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=300',
    ].join(' ');
    try {
      run(cluster, 'pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', '-o', options, 'start']);
      return cluster;
    } catch (error) {
      if (attempt >= 3) throw new Error(`PostgreSQL did not start: ${readFileSync(path.join(dir, 'server.log'), 'utf8').slice(-2000)}`, { cause: error });
    }
  }
}

function stopCluster(cluster: Cluster): void {
  run(cluster, 'pg_ctl', ['-D', cluster.dataDir, '-m', 'immediate', 'stop']);
}

async function adminQuery(cluster: Cluster, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl(cluster) });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A started cluster with the migrated template database. */
async function newCluster(dir: string): Promise<Cluster> {
  const cluster = await startCluster(dir);
  await adminQuery(cluster, `CREATE DATABASE ${TEMPLATE}`);
  await migratePg(adminUrl(cluster, TEMPLATE));
  return cluster;
}

/** The run's cluster recorded in `stateDir`, started by whichever worker asks first (mkdir is the lock). */
async function sharedCluster(stateDir: string): Promise<Cluster> {
  const lock = path.join(stateDir, 'lock');
  const file = path.join(stateDir, CLUSTER_FILE);
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`PostgreSQL test cluster: lock ${lock} still held after ${LOCK_WAIT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  try {
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Cluster;
    const cluster = await newCluster(mkdtempSync(path.join(tmpdir(), 'mostrador-pg-')));
    writeFileSync(file, JSON.stringify(cluster));
    return cluster;
  } finally {
    rmdirSync(lock);
  }
}

function providedState(): string | undefined {
  try {
    return inject('postgresState');
  } catch {
    return undefined;
  }
}

/**
 * A fresh database for the calling test file, migrated (copied from the template), dropped after the
 * file: its connection URL. Call it at the top level of the file (or in beforeAll).
 */
export async function testDatabase(): Promise<string> {
  const { url, drop } = await freshDatabase();
  afterAll(drop);
  return url;
}

/** A fresh migrated database and the function that drops it (the caller decides when). */
export async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const stateDir = providedState();
  let cluster: Cluster;
  let stopOwn = () => {};
  if (stateDir) cluster = await sharedCluster(stateDir);
  else {
    const dir = mkdtempSync(path.join(tmpdir(), 'mostrador-pg-'));
    cluster = await newCluster(dir);
    stopOwn = () => {
      stopCluster(cluster);
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(cluster, `CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`);
  return {
    url: adminUrl(cluster, name),
    drop: async () => {
      if (stateDir) await adminQuery(cluster, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      stopOwn();
    },
  };
}

/** vitest globalSetup: a state directory for the workers; at the end, the cluster (if one started) stopped and removed. */
export default function setup(project: TestProject): () => void {
  const stateDir = mkdtempSync(path.join(tmpdir(), 'mostrador-pg-state-'));
  project.provide('postgresState', stateDir);
  return () => {
    const file = path.join(stateDir, CLUSTER_FILE);
    if (existsSync(file)) {
      const cluster = JSON.parse(readFileSync(file, 'utf8')) as Cluster;
      stopCluster(cluster);
      rmSync(path.dirname(cluster.dataDir), { recursive: true, force: true });
    }
    rmSync(stateDir, { recursive: true, force: true });
  };
}
