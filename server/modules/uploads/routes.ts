/** POST /upload (multipart field "image") and DELETE /upload/:filename, admin only (docs/spec.md §7); described in domain/api/uploads.ts. */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pathOf } from '../../../domain/api/endpoint';
import { uploadsApi as api } from '../../../domain/api/uploads';
import { MSG } from '../../../domain/messages';
import { schemaOf } from '../../http/endpoint-schema';
import { ok } from '../../http/envelope';
import { AppError, badRequest } from '../../http/errors';
import { deleteImage, storeImage } from './service';

const FIELD = 'image';
const isTooLarge = (error: unknown) => (error as { statusCode?: number }).statusCode === 413;

/**
 * The bytes of the "image" file part; the multipart limit (5 MB) surfaces as 413. The size check reads
 * the stream's `truncated` flag too: when the limit is hit on the last chunk, toBuffer() returns the cut
 * bytes without throwing, and a PNG followed by junk would still decode.
 */
async function readImagePart(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw badRequest(MSG.uploadMissing);
  let part: MultipartFile | undefined;
  try {
    part = await req.file();
  } catch (error) {
    throw isTooLarge(error) ? error : badRequest(MSG.uploadMissing);
  }
  if (!part || part.fieldname !== FIELD) {
    part?.file.resume();
    throw badRequest(MSG.uploadMissing);
  }
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if (isTooLarge(error) || error instanceof AppError) throw error;
    throw badRequest(MSG.uploadError);
  }
  if (part.file.truncated) throw new AppError(413, MSG.uploadTooLarge);
  return bytes;
}

const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['imágenes'];
  const security = [{ bearerAuth: [] }];
  const admin = { onRequest: [app.requireAdmin] };

  app.post(
    pathOf(api.upload.key),
    {
      ...admin,
      schema: {
        ...schemaOf(api.upload, {
          tags,
          security,
          summary: 'Sube una imagen (multipart, campo "image": JPEG, PNG, WebP o GIF hasta 5 MB); se guarda como WebP',
        }),
        consumes: ['multipart/form-data'],
      },
    },
    async (req, reply) => reply.status(201).send(ok(await storeImage(app.config.uploadsDir, await readImagePart(req)), MSG.uploadOk)),
  );

  app.delete(
    pathOf(api.remove.key),
    { ...admin, schema: schemaOf(api.remove, { tags, security, summary: 'Elimina una imagen subida' }) },
    async (req) => {
      await deleteImage(app.store, app.config.uploadsDir, req.params.filename);
      return { success: true as const, message: MSG.uploadDeleted };
    },
  );
};

export default uploadsRoutes;
