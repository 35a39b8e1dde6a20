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
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { LIMITS } from '../domain/constants';
import { MSG } from '../domain/messages';
import type { AppConfig } from './config';
import { openDatabase, type Database_, type Db } from './db/client';
import { seedDatabase } from './db/seed';
import { installAuth } from './http/auth';
import { installErrorHandler } from './http/error-handler';
import { apiModules } from './modules';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    sqlite: Database_['sqlite'];
    config: AppConfig;
    /** Per-route rate limit for public writes (login, contact); false when disabled by config. */
    publicRateLimit: { max: number; timeWindow: string } | false;
  }
}

export interface BuildOptions {
  /** Print the first admin's generated password (main.ts); tests keep quiet. */
  announce?: (line: string) => void;
  logger?: boolean;
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? { level: config.logLevel, redact: ['req.headers.authorization', 'req.body.password', 'req.body.privateKey'] } : false,
    // One line per request only when asked for (LOG_LEVEL=debug); errors are always logged.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = openDatabase(config.dbFile);
  app.decorate('db', database.db);
  app.decorate('sqlite', database.sqlite);
  app.decorate('config', config);
  app.decorate('publicRateLimit', config.rateLimitPerMinute > 0 ? { max: config.rateLimitPerMinute, timeWindow: '1 minute' } : false);
  app.addHook('onClose', async () => database.sqlite.close());
  await seedDatabase(database.db, config, options.announce ?? (() => {}));

  installErrorHandler(app);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  // Large JSON (a first catalogue pull, the product list) travels gzipped; small replies stay as they are.
  await app.register(fastifyCompress, { threshold: 16 * 1024, encodings: ['gzip', 'deflate'] });
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifyMultipart, { limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 5 } });
  await installAuth(app, config);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Mostrador API', description: 'API del punto de venta Mostrador', version: '1.0.0' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      for (const module of apiModules) await api.register(module);
    },
    { prefix: '/api' },
  );

  await app.register(fastifyStatic, { root: config.uploadsDir, prefix: '/uploads/', decorateReply: false, maxAge: '7d' });
  const indexHtml = path.join(config.clientDir, 'index.html');
  const hasClient = existsSync(indexHtml);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: config.clientDir,
      prefix: '/',
      wildcard: false,
      setHeaders: (res, filePath) => {
        const name = path.basename(filePath);
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else if (name === 'sw.js' || name === 'index.html' || name.endsWith('.webmanifest')) res.header('cache-control', 'no-cache');
      },
    });
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
