/**
 * The one server-test harness: a real server on a temporary SQLite file (a copy of one migrated once per
 * worker; the server checks the migrations at start as always, the first admin seeded from ADMIN_PASSWORD),
 * driven with fastify.inject.
 *
 * Test files use buildApp() (fastify/demo's `build(t)`): it returns the server and an admin token and
 * closes the server (deleting its data directory) when the caller's scope ends: after the test when called
 * inside a test, otherwise after the file or describe block whose body awaited it. createTestServer() is
 * the bare constructor for the few tests that restart a server on the same data directory themselves.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp as buildServer } from '../../server/app';
import { afterAll, onTestFinished, TestRunner } from 'vitest';
import { loadConfig, type AppConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { freshDatabase } from './postgres';
import { workerDir } from './worker-dir';

export const ADMIN_PASSWORD = 'admin-secreto-123';

export interface TestServer {
  app: FastifyInstance;
  config: AppConfig;
  /** inject() that parses the JSON envelope. */
  call: (opts: InjectOptions & { token?: string }) => Promise<{ status: number; body: Envelope }>;
  login: (username?: string, password?: string) => Promise<string>;
  /** Creates a seller (vendedor) and returns its token. */
  sellerToken: (username?: string) => Promise<string>;
  /** Registers a new device as the token's user: its id and the headers that prove it. */
  registerDevice: (token: string, deviceId?: string) => Promise<TestDevice>;
  close: () => Promise<void>;
  /** Log lines the server wrote (JSON objects), only when created with { captureLogs: true }. */
  logs: { level: number; msg?: string; [k: string]: unknown }[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Envelope = { success: boolean; message?: string; data?: any; pagination?: any; [k: string]: any };

export interface TestDevice {
  id: string;
  key: string;
  headers: { 'x-device-id': string; 'x-device-key': string };
}

/** The test server's configuration on `dataDir`: no demo data, no rate limit, no client bundle; `env` on top. */
export function testConfig(dataDir: string, env: NodeJS.ProcessEnv = {}, overrides: Partial<AppConfig> = {}): AppConfig {
  return loadConfig({ DEMO_DATA: 'false', ADMIN_PASSWORD, RATE_LIMIT_PER_MINUTE: '0', CLIENT_DIR: path.join(dataDir, 'no-client'), ...env }, { dataDir, ...overrides });
}

/** The server tests' dialect: TEST_DIALECT=postgres runs them on a fresh PostgreSQL database per server (issue #20). */
export const testDialect: 'sqlite' | 'postgres' = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';

let sqliteTemplate: string | undefined;

/**
 * A SQLite file with every migration applied, made once per worker: a fresh test server starts on a copy of
 * it (what migrating an empty file gives, in milliseconds instead of the hundreds the migrations take).
 */
function migratedSqliteTemplate(): string {
  if (sqliteTemplate) return sqliteTemplate;
  const file = path.join(workerDir(path.join(tmpdir(), 'mostrador-plantillas')), 'mostrador.sqlite');
  rmSync(file, { force: true });
  const { sqlite } = openDatabase(file);
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
  sqliteTemplate = file;
  return file;
}

export async function createTestServer(
  overrides: Partial<AppConfig> = {},
  env: NodeJS.ProcessEnv = {},
  options: { captureLogs?: boolean } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mostrador-test-'));
  let dropDatabase: (() => Promise<void>) | undefined;
  if (testDialect === 'postgres' && overrides.databaseUrl === undefined) {
    const database = await freshDatabase();
    overrides = { ...overrides, databaseUrl: database.url };
    dropDatabase = database.drop;
  }
  const config = testConfig(dataDir, env, overrides);
  if (!config.databaseUrl && config.dbFile.startsWith(dataDir) && !existsSync(config.dbFile)) copyFileSync(migratedSqliteTemplate(), config.dbFile);
  const logs: TestServer['logs'] = [];
  const logStream = { write: (line: string) => void logs.push(JSON.parse(line)) };
  const app = await buildServer(config, options.captureLogs ? { logStream } : {});
  await app.ready();

  const call: TestServer['call'] = async ({ token, headers, ...opts }) => {
    const res = await app.inject({ ...opts, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    let body: Envelope;
    try {
      body = res.json();
    } catch {
      body = { success: false, raw: res.body };
    }
    return { status: res.statusCode, body };
  };
  const login = async (username = 'admin', password = ADMIN_PASSWORD) => {
    const res = await call({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
    if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${res.body.message}`);
    return res.body.data.token as string;
  };
  let sellers = 0;
  const sellerToken = async (username = `vendedor${++sellers}`) => {
    const admin = await login();
    await call({ method: 'POST', url: '/api/users', token: admin, payload: { username, fullName: `Vendedor ${username}`, password: 'clave-vendedor', role: 'vendedor' } });
    return login(username, 'clave-vendedor');
  };
  const registerDevice = async (token: string, deviceId: string = randomUUID()): Promise<TestDevice> => {
    const res = await call({ method: 'POST', url: '/api/sync/devices/register', token, payload: { deviceId, deviceName: 'Caja de prueba' } });
    if (res.status !== 201) throw new Error(`register ${deviceId} failed: ${res.status} ${res.body.message}`);
    const key = res.body.data.deviceKey as string;
    return { id: deviceId, key, headers: { 'x-device-id': deviceId, 'x-device-key': key } };
  };
  let closing: Promise<void> | undefined;
  return {
    app,
    config,
    call,
    login,
    sellerToken,
    logs,
    registerDevice,
    // Idempotent: a test may close the server itself (to restart on its data) before its scope ends.
    close: () =>
      (closing ??= (async () => {
        await app.close();
        await dropDatabase?.();
        rmSync(dataDir, { recursive: true, force: true });
      })()),
  };
}

/**
 * For a test that closes a server and starts another on the same data (a restart): on PostgreSQL the
 * config of one fresh database that both servers use (createTestServer drops only the databases it
 * made), dropped with the caller's scope; on SQLite nothing (the file is in the shared dataDir).
 */
export async function restartableDatabase(): Promise<Partial<AppConfig>> {
  if (testDialect !== 'postgres') return {};
  const database = await freshDatabase();
  closeWithScope(database.drop);
  return { databaseUrl: database.url };
}

export interface AppOptions {
  /** Config fields set directly (e.g. dataDir, timeZone, clientDir). */
  config?: Partial<AppConfig>;
  /** Environment as the server reads it (e.g. ARCA_*, RATE_LIMIT_PER_MINUTE). */
  env?: NodeJS.ProcessEnv;
  captureLogs?: boolean;
  /** Username of a seller (vendedor) to create and sign in. */
  seller?: string;
}

export interface TestApp {
  s: TestServer;
  /** Token of the first admin. */
  admin: string;
}

type WithSeller<O> = O extends { seller: string } ? { seller: string } : unknown;

/** Runs `cleanup` when the calling test ends, or after the calling file / describe block. */
export function closeWithScope(cleanup: () => Promise<void> | void): void {
  if (TestRunner.getCurrentTest()) onTestFinished(cleanup);
  else afterAll(cleanup);
}

/** A fresh server, an admin token (and a seller's when asked), closed with the caller's scope. */
export async function buildApp<O extends AppOptions>(options: O = {} as O): Promise<TestApp & WithSeller<O>> {
  const s = await createTestServer(options.config, options.env, { captureLogs: options.captureLogs });
  closeWithScope(() => s.close());
  const admin = await s.login();
  const seller = options.seller === undefined ? undefined : await s.sellerToken(options.seller);
  return { s, admin, ...(seller === undefined ? {} : { seller }) } as TestApp & WithSeller<O>;
}
