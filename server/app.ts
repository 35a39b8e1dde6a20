/**
 * buildApp(config): the whole server as a Fastify instance, without listen (tests use inject).
 * One process serves the JSON API under /api, the uploaded images under /uploads and the built PWA.
 */
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { LIMITS } from '../domain/constants';
import { MSG } from '../domain/messages';
import type { AppConfig } from './config';
import { openDatabase, type Database_, type Db } from './db/client';
import { pgStore } from './db/pg-store';
import { sqliteStore } from './db/sqlite-store';
import type { Store } from './db/store';
import { seedDatabase } from './setup/seed';
import { replySerializer } from './http/reply-serializer';
import { installAuth } from './http/auth';
import { clientErrorHandler, frameworkErrors, installErrorHandler } from './http/error-handler';
import { installRouteTable } from './http/route-table';
import { installSellerVisibility } from './modules/configuration/seller-visibility';
import { sessionAccount } from './modules/users/service';
import { isTokenRevoked } from './modules/auth/revocations';
import { apiModules } from './modules';
import { createBackupAgent, providerBackups, type BackupAgent } from './modules/backups/agent';
import { JobRegistry } from './jobs/registry';
import { backupBeforeMigration } from './modules/backups/service';
import { createNumberCeiling, type NumberCeiling } from './modules/sales/number-ceiling';
import { installArca } from './modules/invoices/arca-context';
import receiptPublicRoutes from './modules/receipts/public-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The persistence port (server/db/store.ts): every module reads and writes through it. */
    store: Store;
    /** The SQLite writer, for tests and tools that inspect the file; not set on PostgreSQL (DATABASE_URL). */
    db: Db;
    sqlite: Database_['sqlite'];
    config: AppConfig;
    /** Per-route rate limit for public writes (login, contact); false when disabled by config. */
    publicRateLimit: { max: number; timeWindow: string } | false;
    backups: BackupAgent;
    /** Background work (server/jobs/registry.ts): modules add their jobs; the app starts them when ready, stops them on close. */
    jobs: JobRegistry;
    /** The sale-number ceiling outside the database file (SQLite; null on PostgreSQL): sales/number-ceiling.ts. */
    numberCeiling: NumberCeiling | null;
  }
}

/**
 * The second line behind React's escaping: scripts only from this origin (no inline script), styles
 * from here plus the inline ones Mantine injects, images also from data:/blob: (previews) and http(s)
 * (a product may show an image by URL), the API and the service worker on this origin only.
 */
const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** Page path → its prerendered HTML in the client build (the build writes them; src/sw.ts answers the same). */
const PRERENDERED_PAGES: Record<string, string> = { '/': 'landing.html', '/catalog': 'catalog.html' };

export interface BuildOptions {
  /** Print the first admin's generated password (main.ts); tests keep quiet. */
  announce?: (line: string) => void;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read what the server logged). */
  logStream?: { write: (line: string) => void };
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const socketLimits = { headersTimeout: config.timeouts.headersMs, connectionsCheckingInterval: Math.min(1000, config.timeouts.headersMs) };
  const app = Fastify({
    logger:
      options.logger || options.logStream
        ? {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.body.password', 'req.body.privateKey'],
            ...(options.logStream ? { stream: options.logStream } : {}),
          }
        : false,
    // One line per request only when asked for (LOG_LEVEL=debug); errors are always logged.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: config.trustProxy,
    // Slow clients are cut: the whole request, its headers, an idle socket and an idle keep-alive each have a limit.
    requestTimeout: config.timeouts.requestMs,
    connectionTimeout: config.timeouts.connectionMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    // With TLS the HTTPS server takes the same socket limits (Fastify reads `http` only for plain HTTP).
    ...(config.tls ? { https: { ...config.tls, ...socketLimits } } : { http: socketLimits }),
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializer);

  const backupPlace = { settings: config.backup, uploadsDir: config.uploadsDir, timeZone: config.timeZone };
  app.decorate('config', config);
  app.decorate('publicRateLimit', config.rateLimitPerMinute > 0 ? { max: config.rateLimitPerMinute, timeWindow: '1 minute' } : false);
  if (config.databaseUrl) {
    // PostgreSQL (DATABASE_URL): migrations at open; backups are the provider's or pg_dump's (docs/operations.md).
    app.decorate('store', await pgStore(config.databaseUrl));
    app.decorate('backups', providerBackups(backupPlace));
    app.decorate('numberCeiling', null);
    app.decorate('jobs', new JobRegistry(() => app.store.leads(), app.log));
    app.addHook('onClose', async () => {
      await app.jobs.stop();
      await app.store.close();
    });
  } else {
    const database = openDatabase(config.dbFile, { beforeMigrate: (sqlite) => backupBeforeMigration(backupPlace, sqlite) });
    app.decorate('db', database.db);
    app.decorate('sqlite', database.sqlite);
    app.decorate('store', sqliteStore(config.dbFile, database.db));
    const backups = createBackupAgent(backupPlace, database.sqlite, app.log);
    app.decorate('backups', backups);
    app.decorate('numberCeiling', createNumberCeiling(config.dataDir));
    app.decorate('jobs', new JobRegistry(() => app.store.leads(), app.log));
    app.jobs.add(backups.scheduledJob());
    // Last onClose to run: in-flight work has finished; fold the WAL into the main file and close.
    app.addHook('onClose', async () => {
      await app.jobs.stop();
      await app.backups.stop();
      await app.store.close();
      database.sqlite.pragma('wal_checkpoint(TRUNCATE)');
      database.sqlite.close();
    });
  }
  await seedDatabase(app.store, config, options.announce ?? (() => {}));
  // Background jobs (server/jobs/) start once every plugin has added its own.
  app.addHook('onReady', async () => app.jobs.start());

  installErrorHandler(app);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  // What a signed-in user reads (costs, customers, sales) never stays in a browser or proxy cache.
  app.addHook('onSend', async (request, reply) => {
    if (request.headers.authorization && request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
  // Large JSON (a first catalogue pull, the product list) travels gzipped; small replies stay as they are.
  await app.register(fastifyCompress, { threshold: 16 * 1024, encodings: ['gzip', 'deflate'] });
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifyMultipart, { limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 5 } });
  await installAuth(app, config, { findAccount: (id) => sessionAccount(app.store, id), isRevoked: (jti) => isTokenRevoked(app.store, jti) });
  installRouteTable(app);
  await installSellerVisibility(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Mostrador API', description: 'API del punto de venta Mostrador', version: '1.0.0' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await installArca(app);
  await app.register(
    async (api) => {
      for (const module of apiModules) await api.register(module);
    },
    { prefix: '/api' },
  );
  // The PDF behind a digital receipt's link (GET /r/:token): public, outside /api.
  await app.register(receiptPublicRoutes);

  await app.register(fastifyStatic, { root: config.uploadsDir, prefix: '/uploads/', decorateReply: false, maxAge: '7d' });
  const indexHtml = path.join(config.clientDir, 'index.html');
  const hasClient = existsSync(indexHtml);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: config.clientDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build's .br/.gz copies (scripts/lib/precompress.ts): brotli, else gzip, else the file, with Vary.
      preCompressed: true,
      // The copies are never routes of their own: only a file's URL, negotiated, sends one.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (res, filePath) => {
        // The path is the copy actually sent (sw.js.br): its headers are those of the file it encodes.
        const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else if (name === 'sw.js' || name.endsWith('.html') || name.endsWith('.webmanifest')) res.header('cache-control', 'no-cache');
      },
    });
    // The landing and the catalogue come prerendered (scripts/lib/prerender-public.ts), as routes so that
    // their HTML travels compressed; every other page gets index.html from the not-found handler below.
    for (const [url, file] of Object.entries(PRERENDERED_PAGES)) {
      if (existsSync(path.join(config.clientDir, file))) app.get(url, (_request, reply) => reply.header('cache-control', 'no-cache').sendFile(file, config.clientDir));
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    // The SPA answers only page routes: no /api, no /uploads, no file extension.
    const isPage = request.method === 'GET' && !url.startsWith('/api') && !url.startsWith('/uploads/') && !path.extname(url);
    if (isPage && hasClient) return reply.header('cache-control', 'no-cache').sendFile('index.html', config.clientDir);
    return reply.status(404).send({ success: false, message: MSG.notFound });
  });

  return app;
}
