/** Server configuration from environment variables (documented in README "Configuración"). */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_TIME_ZONE } from '../domain/constants';
import { backupSettingsFrom, type BackupSettings } from './modules/backups/settings';
import { readArcaEnv, type ArcaEnvConfig } from './integrations/arca/env';
import { receiptsFrom, type ReceiptsConfig } from './modules/receipts/config';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** SQLite file; ':memory:' is not supported (WAL needs a file). Unused when databaseUrl is set. */
  dbFile: string;
  /** DATABASE_URL: the shop's books on PostgreSQL (postgres://…); null keeps them in the SQLite file. */
  databaseUrl: string | null;
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
  /** PRINTER_TIMEOUT_MS: how long POST /printing/print waits for a network printer (connect and send). */
  printerTimeoutMs: number;
  logLevel: string;
  publicUrl: string;
  /** Trust X-Forwarded-For (only behind a reverse proxy; otherwise clients could dodge rate limits). */
  trustProxy: boolean;
  /** BACKUP_DIR, BACKUP_INTERVAL, BACKUP_KEEP. */
  backup: BackupSettings;
  /** TLS_CERT_FILE + TLS_KEY_FILE: serve HTTPS directly (PEM); null serves plain HTTP (e.g. behind a proxy). */
  tls: { cert: Buffer; key: Buffer } | null;
  /** Slow-client limits, in milliseconds (README "Configuración"). */
  timeouts: ServerTimeouts;
  /** Mercado Pago from the environment (an admin's saved settings take precedence; server/modules/payments/runtime.ts). */
  mercadoPago: MercadoPagoEnv;
  /** ARCA electronic invoicing from ARCA_* variables (they win over the settings screen). */
  arca: ArcaEnvConfig;
  /** Digital receipts: RECEIPT_LINK_DAYS and the SMTP_* variables (server/modules/receipts/config.ts). */
  receipts: ReceiptsConfig;
}

/** Both files or neither; read once at start (the key file should be readable by the server's user only). */
function tlsFrom(env: NodeJS.ProcessEnv): AppConfig['tls'] {
  const certFile = env.TLS_CERT_FILE;
  const keyFile = env.TLS_KEY_FILE;
  if (!certFile && !keyFile) return null;
  if (!certFile || !keyFile) throw new Error('Para servir HTTPS hacen falta TLS_CERT_FILE y TLS_KEY_FILE juntas');
  return { cert: readFileSync(certFile), key: readFileSync(keyFile) };
}

export interface ServerTimeouts {
  /** A whole request (headers and body) must arrive within this time (Node's requestTimeout). */
  requestMs: number;
  /** The request headers must arrive within this time (Node's headersTimeout; at most requestMs). */
  headersMs: number;
  /** A socket with no traffic at all for this long is closed (Fastify's connectionTimeout). */
  connectionMs: number;
  /** An idle keep-alive connection is closed after this long. */
  keepAliveMs: number;
}

/** A positive whole number from the environment (milliseconds, minutes), else the default. */
function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n > 0 ? n : fallback;
}

/** A positive number, fractions allowed (tests shorten MP_PREFERENCE_MINUTES to seconds). */
function positiveNumber(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : fallback;
}

/** Defaults fit a 5 MB photo on a slow shop connection while cutting clients that trickle bytes. */
function timeoutsFrom(env: NodeJS.ProcessEnv): ServerTimeouts {
  const requestMs = positiveInt(env.REQUEST_TIMEOUT_MS, 60_000);
  return {
    requestMs,
    headersMs: Math.min(positiveInt(env.HEADERS_TIMEOUT_MS, 15_000), requestMs),
    connectionMs: positiveInt(env.CONNECTION_TIMEOUT_MS, 30_000),
    keepAliveMs: positiveInt(env.KEEP_ALIVE_TIMEOUT_MS, 5_000),
  };
}

export interface MercadoPagoEnv {
  accessToken?: string;
  webhookSecret?: string;
  apiUrl: string;
  /** PUBLIC_URL when set explicitly (back_urls and notification_url); otherwise the request's origin. */
  publicUrl?: string;
  /** Reconciliation timer while a Mercado Pago sale is pendiente. */
  pollIntervalMs: number;
  /** Per-call timeout of the Mercado Pago API. */
  timeoutMs: number;
  /** A preference expires after this many minutes (its pendiente sale is then cancelled). */
  preferenceMinutes: number;
  /** In-person orders (QR, Point): how often an open attempt is asked about (GET /v1/orders/{id}). */
  ordersPollIntervalMs: number;
  /** In-person orders expire after this many minutes (expiration_time). */
  orderMinutes: number;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
}

/** SHOP_TIME_ZONE, checked at start: an unknown zone would shift every "today" and every rollup day. */
function shopTimeZone(value: string | undefined): string {
  const zone = value || DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('es-AR', { timeZone: zone });
  } catch {
    throw new Error(`SHOP_TIME_ZONE no es una zona horaria válida: ${zone} (por ejemplo ${DEFAULT_TIME_ZONE})`);
  }
  return zone;
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

/** A PostgreSQL URL, checked at start (a typo must not fall back to an empty SQLite shop). */
function databaseUrlFrom(value: string | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('DATABASE_URL no es una URL válida (ejemplo: postgres://usuario:clave@servidor:5432/base)');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new Error(`DATABASE_URL debe empezar con postgres:// (se recibió ${url.protocol}//…); sin DATABASE_URL se usa SQLite`);
  }
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR ?? './data');
  // The data folder holds the database, the JWT secret and the uploads: the server's user only.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  const port = Number(env.PORT ?? 3000);
  const config: AppConfig = {
    port: Number.isInteger(port) ? port : 3000,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    dbFile: path.join(dataDir, 'mostrador.sqlite'),
    databaseUrl: databaseUrlFrom(env.DATABASE_URL),
    uploadsDir: path.join(dataDir, 'uploads'),
    clientDir: path.resolve(env.CLIENT_DIR ?? './dist'),
    jwtSecret: overrides.jwtSecret ?? jwtSecretFor(dataDir, env),
    jwtExpiresIn: env.JWT_EXPIRES_IN ?? '12h',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demoData: bool(env.DEMO_DATA, true),
    timeZone: shopTimeZone(env.SHOP_TIME_ZONE),
    rateLimitPerMinute: Number(env.RATE_LIMIT_PER_MINUTE ?? 10),
    printerTimeoutMs: positiveInt(env.PRINTER_TIMEOUT_MS, 3_000),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: bool(env.TRUST_PROXY, false),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${Number.isInteger(port) ? port : 3000}`,
    backup: backupSettingsFrom(env, dataDir),
    tls: tlsFrom(env),
    timeouts: timeoutsFrom(env),
    mercadoPago: {
      accessToken: env.MP_ACCESS_TOKEN || undefined,
      webhookSecret: env.MP_WEBHOOK_SECRET || undefined,
      apiUrl: env.MP_API_URL || 'https://api.mercadopago.com',
      publicUrl: env.PUBLIC_URL || undefined,
      pollIntervalMs: positiveInt(env.MP_POLL_INTERVAL_MS, 60_000),
      timeoutMs: positiveInt(env.MP_TIMEOUT_MS, 10_000),
      preferenceMinutes: positiveNumber(env.MP_PREFERENCE_MINUTES, 60),
      ordersPollIntervalMs: positiveInt(env.MP_ORDERS_POLL_MS, 2_000),
      orderMinutes: positiveInt(env.MP_ORDER_MINUTES, 15),
    },
    arca: readArcaEnv(env),
    receipts: receiptsFrom(env),
    ...overrides,
  };
  mkdirSync(config.uploadsDir, { recursive: true, mode: 0o700 });
  chmodSync(config.uploadsDir, 0o700);
  return config;
}
