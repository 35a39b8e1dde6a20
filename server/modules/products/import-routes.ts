/**
 * Product import from CSV or XLSX (admin): POST /products/import/preview shows what would change and
 * each row's error, writing nothing; POST /products/import?fingerprint=… applies the same file once the
 * owner confirmed that preview. Multipart field "file", at most 8 MB, format judged by its content, read
 * in a worker thread (sheet-parser.ts).
 * Described in domain/api/products.ts.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pathOf } from '../../../domain/api/endpoint';
import { productsApi as api } from '../../../domain/api/products';
import { MSG } from '../../../domain/messages';
import { IMPORT_MAX_BYTES } from '../../../domain/schemas/exports';
import { schemaOf } from '../../http/endpoint-schema';
import { ok } from '../../http/envelope';
import { AppError, badRequest } from '../../http/errors';
import { applyImport, previewImport } from './import-service';
import { readSheetOffThread } from './sheet-parser';
import type { SheetCell } from './sheet-reader';

const FIELD = 'file';

/** The uploaded sheet of an import (also the customer import, customers/import-routes.ts). */
export async function readUpload(req: FastifyRequest): Promise<SheetCell[][]> {
  if (!req.isMultipart()) throw badRequest(MSG.importMissing);
  const part = await req.file({ limits: { fileSize: IMPORT_MAX_BYTES } }).catch(() => undefined);
  if (!part || part.fieldname !== FIELD) {
    part?.file.resume();
    throw badRequest(MSG.importMissing);
  }
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 413) throw new AppError(413, MSG.importTooLarge);
    throw badRequest(MSG.importError);
  }
  if (part.file.truncated) throw new AppError(413, MSG.importTooLarge);
  // Off the event loop: sales, the sync and /health keep answering while a big sheet is read.
  return readSheetOffThread(bytes);
}

const productImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['productos'];
  const security = [{ bearerAuth: [] }];
  const admin = { onRequest: [app.requireAdmin] };
  const consumes = ['multipart/form-data'];

  app.post(
    pathOf(api.previewImport.key),
    {
      ...admin,
      schema: { ...schemaOf(api.previewImport, { tags, security, summary: 'Vista previa de una importación de productos (CSV o XLSX, campo "file"; no escribe nada)' }), consumes },
    },
    async (req) => ok(await previewImport(app.store, await readUpload(req))),
  );

  app.post(
    pathOf(api.applyImport.key),
    { ...admin, schema: { ...schemaOf(api.applyImport, { tags, security, summary: 'Aplica una importación de productos ya vista (todo o nada, una revisión)' }), consumes } },
    async (req) => {
      const result = await applyImport(app.store, await readUpload(req), req.query.fingerprint, req.user.id);
      return ok(result, MSG.importApplied(result.created, result.updated));
    },
  );
};

export default productImportRoutes;
