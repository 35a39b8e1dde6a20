/**
 * GET /backups/status, GET /backups, POST /backups (make one now), GET /backups/latest (download) — admin
 * only; described in domain/api/backups.ts.
 */
import { createReadStream } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupsApi as api } from '../../../domain/api/backups';
import { pathOf } from '../../../domain/api/endpoint';
import { MSG } from '../../../domain/messages';
import { schemaOf } from '../../http/endpoint-schema';
import { AppError, isDiskFull } from '../../http/errors';
import { ok } from '../../http/envelope';
import { latestBackup, listBackups, type BackupFile } from './service';

const toDto = (entry: BackupFile) => ({ name: entry.name, takenAt: entry.takenAt.toISOString(), kind: entry.kind, bytes: entry.bytes });

const backupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['copias de seguridad'];
  const security = [{ bearerAuth: [] }];
  const admin = { onRequest: [app.requireAdmin] };

  app.get(pathOf(api.status.key), { ...admin, schema: schemaOf(api.status, { tags, security, summary: 'Estado de las copias' }) }, async () => ok(app.backups.status()));

  app.get(pathOf(api.list.key), { ...admin, schema: schemaOf(api.list, { tags, security, summary: 'Copias guardadas, la más nueva primero' }) }, async () => ok(listBackups(app.config.backup.dir).reverse().map(toDto)));

  app.post(pathOf(api.create.key), { ...admin, schema: schemaOf(api.create, { tags, security, summary: 'Hace una copia ahora' }) }, async (_req, reply) => {
    try {
      const file = await app.backups.runNow('manual');
      return reply.status(201).send(ok(toDto(file), MSG.backupDone));
    } catch (error) {
      // The shop's state (backups are the provider's on PostgreSQL) keeps its own answer; a failed copy is a 500.
      if (error instanceof AppError && error.statusCode < 500) throw error;
      if (isDiskFull(error)) throw new AppError(507, MSG.backupDiskFull);
      throw new AppError(500, MSG.backupFailed);
    }
  });

  app.get(pathOf(api.latest.key), { ...admin, schema: schemaOf(api.latest, { tags, security, summary: 'Descarga la copia más nueva (.tar.gz)' }) }, async (_req, reply) => {
    const latest = latestBackup(app.config.backup.dir);
    if (!latest) throw new AppError(404, MSG.backupNone);
    return reply
      .header('content-type', 'application/gzip')
      .header('content-disposition', `attachment; filename="${latest.name}"`)
      .header('content-length', String(latest.bytes))
      .send(createReadStream(latest.file));
  });
};

export default backupsRoutes;
