/** A real server on a temporary SQLite file, driven with fastify.inject. */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig, type AppConfig } from '../../server/config';

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

export async function createTestServer(
  overrides: Partial<AppConfig> = {},
  env: NodeJS.ProcessEnv = {},
  options: { captureLogs?: boolean } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mostrador-test-'));
  const config = loadConfig(
    { DEMO_DATA: 'false', ADMIN_PASSWORD, RATE_LIMIT_PER_MINUTE: '0', CLIENT_DIR: path.join(dataDir, 'no-client'), ...env },
    { dataDir, ...overrides },
  );
  const logs: TestServer['logs'] = [];
  const logStream = { write: (line: string) => void logs.push(JSON.parse(line)) };
  const app = await buildApp(config, options.captureLogs ? { logStream } : {});
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
  return {
    app,
    config,
    call,
    login,
    sellerToken,
    logs,
    registerDevice,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
