/**
 * Real PostgreSQL for the server tests (issue #20): one cluster per test run, one fresh database per test
 * file.
 *
 * The cluster (scripts/lib/postgres-cluster.ts: initdb + pg_ctl as an unprivileged user, on a free 127.0.0.1
 * port, in a temporary directory) starts the first time a test file
 * asks for a database, and the database `mostrador_template` is migrated (drizzle-pg/) once. Each test
 * file then gets its own database copied from that template (CREATE DATABASE … TEMPLATE), dropped when
 * the file ends. This module is also the server project's vitest globalSetup: it gives the workers a
 * state directory (where the first worker records the cluster, under a lock) and stops the cluster at the
 * end of the run. Without the globalSetup (another runner), a file starts and stops its own cluster.
 *
 * fsync is off: the cluster is thrown away at the end (a crash test kills the server, not PostgreSQL).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, rmdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { migratePg } from '../../server/db/pg-store';
import { adminQuery, adminUrl, startCluster as startPostgres, stopCluster, type Cluster } from '../../scripts/lib/postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresState: string;
  }
}

const TEMPLATE = 'mostrador_template';
const CLUSTER_FILE = 'cluster.json';
const LOCK_WAIT_MS = 180_000;

/** The test cluster (scripts/lib/postgres-cluster.ts): no durability, room for many test servers. */
const startCluster = (dir: string) =>
  startPostgres(dir, { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: 300 });

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
  // FILE_COPY: a third of WAL_LOG's time for the small template (about 100 ms against 270 ms, measured on
  // this cluster); its checkpoints cost little with fsync off.
  await adminQuery(cluster, `CREATE DATABASE ${name} TEMPLATE ${TEMPLATE} STRATEGY FILE_COPY`);
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
