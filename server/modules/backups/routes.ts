/** GET /backups/status, GET /backups, POST /backups (make one now), GET /backups/latest (download) — admin only. */
import { createReadStream } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../../domain/messages';
import { AppError } from '../../http/errors';
import { ok } from '../../http/envelope';
import { latestBackup, listBackups, type BackupFile } from './service';

const toDto = (entry: BackupFile) => ({ name: entry.name, takenAt: entry.takenAt.toISOString(), kind: entry.kind, bytes: entry.bytes });

const backupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { onRequest: [app.requireAdmin], schema: { tags: ['copias de seguridad'] } };

  app.get('/backups/status', admin, async () => ok(app.backups.status()));

  app.get('/backups', admin, async () => ok(listBackups(app.config.backup.dir).reverse().map(toDto)));

  app.post('/backups', admin, async (_req, reply) => {
    try {
      const file = await app.backups.runNow('manual');
      return reply.status(201).send(ok(toDto(file), MSG.backupDone));
    } catch {
      throw new AppError(500, MSG.backupFailed);
    }
  });

  app.get('/backups/latest', admin, async (_req, reply) => {
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
