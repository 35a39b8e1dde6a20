/**
 * Turns every failure into the Spanish {success:false, message} envelope with an honest status code:
 * schema violations → 400 naming the field, AppError → its status, anything unexpected → 500 without
 * a stack trace (it is logged instead).
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { fieldLabel } from '../../domain/field-labels';
import { MSG } from '../../domain/messages';
import { AppError } from './errors';

interface ValidationIssue {
  instancePath: string;
  message: string;
}

function validationMessage(issues: ValidationIssue[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => {
      const path = issue.instancePath.split('/').filter(Boolean);
      const label = fieldLabel(path);
      return label ? `${label}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ success: false, message: error.message, data: error.data });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({ success: false, message: validationMessage(error.validation as ValidationIssue[]) });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ success: false, message: MSG.rateLimited });
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send({ success: false, message: MSG.uploadTooLarge });
    }
    if (status === 401) return reply.status(401).send({ success: false, message: MSG.sessionRequired });
    if (status >= 400 && status < 500) {
      const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? `${MSG.badRequest}: el cuerpo no es JSON válido`
        : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? `${MSG.badRequest}: tipo de contenido no admitido`
          : MSG.badRequest;
      return reply.status(status).send({ success: false, message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ success: false, message: MSG.serverError });
  });
}
