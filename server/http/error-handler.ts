/**
 * Turns every failure into the Spanish {success:false, message} envelope with an honest status code:
 * schema violations → 400 naming the field, AppError → its status, anything unexpected → 500 without
 * a stack trace (it is logged instead). A full disk (ENOSPC, SQLITE_FULL, PostgreSQL 53100) → 507 that says
 * so; the unit it interrupted rolled back whole, so nothing is half-written. Failures before routing (a parameter too long → 414) and at the
 * connection (headers too large → 431, a client too slow → 408) get the same envelope.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { fieldLabel } from '../../domain/field-labels';
import { MSG } from '../../domain/messages';
import { AppError, isDiskFull } from './errors';

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
    if (isDiskFull(error)) {
      request.log.error({ err: error }, 'disco lleno');
      return reply.status(507).send({ success: false, message: MSG.diskFull });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ success: false, message: MSG.rateLimited });
    if (error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_PARTS_LIMIT' || error.code === 'FST_FILES_LIMIT') {
      return reply.status(413).send({ success: false, message: MSG.uploadTooLarge });
    }
    if (status === 413) return reply.status(413).send({ success: false, message: MSG.bodyTooLarge });
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

/** Fastify's `frameworkErrors`: routing failures (a path parameter over maxParamLength, a malformed URL). */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') void reply.status(414).send({ success: false, message: MSG.uriTooLong });
  else void reply.status(400).send({ success: false, message: MSG.badRequest });
}

const CONNECTION_ERRORS: Record<string, [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', MSG.requestTimeout],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', MSG.headersTooLarge],
};

/** The http server's `clientError`: Node's own 400/408/431 replies, in the Spanish envelope, then the socket closes. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] = CONNECTION_ERRORS[error.code ?? ''] ?? [400, 'Bad Request', MSG.badRequest];
  const body = JSON.stringify({ success: false, message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
