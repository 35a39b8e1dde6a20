/** Server configuration from environment variables (documented in README "Configuración"). */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_TIME_ZONE } from '../domain/constants';
import { readArcaEnv, type ArcaEnvConfig } from './integrations/arca/env';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** SQLite file; ':memory:' is not supported (WAL needs a file). */
  dbFile: string;
  uploadsDir: string;
  /** Built client (vite build output); served when present. */
  clientDir: string;
  jwtSecret: string;
  jwtExpiresIn: string;
  adminPassword?: string;
  demoData: boolean;
  timeZone: string;
  /** Requests per minute per IP for public POST /contact and /auth/login; 0 disables limits. */
  rateLimitPerMinute: number;
  logLevel: string;
  publicUrl: string;
  /** Trust X-Forwarded-For (only behind a reverse proxy; otherwise clients could dodge rate limits). */
  trustProxy: boolean;
  /** ARCA electronic invoicing from ARCA_* variables (they win over the settings screen). */
  arca: ArcaEnvConfig;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
}

/** Reads the JWT secret from JWT_SECRET, or generates one once into DATA_DIR/jwt-secret. */
function jwtSecretFor(dataDir: string, env: NodeJS.ProcessEnv): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  const port = Number(env.PORT ?? 3000);
  const config: AppConfig = {
    port: Number.isInteger(port) ? port : 3000,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    dbFile: path.join(dataDir, 'mostrador.sqlite'),
    uploadsDir: path.join(dataDir, 'uploads'),
    clientDir: path.resolve(env.CLIENT_DIR ?? './dist'),
    jwtSecret: overrides.jwtSecret ?? jwtSecretFor(dataDir, env),
    jwtExpiresIn: env.JWT_EXPIRES_IN ?? '12h',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demoData: bool(env.DEMO_DATA, true),
    timeZone: env.SHOP_TIME_ZONE ?? DEFAULT_TIME_ZONE,
    rateLimitPerMinute: Number(env.RATE_LIMIT_PER_MINUTE ?? 10),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: bool(env.TRUST_PROXY, false),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${Number.isInteger(port) ? port : 3000}`,
    arca: readArcaEnv(env),
    ...overrides,
  };
  mkdirSync(config.uploadsDir, { recursive: true });
  return config;
}
